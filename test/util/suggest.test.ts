// A mistyped name is answered with what it most likely meant, and only when one
// name stands out: a wrong guess would send a new user further astray than none.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closestName, knownTail, meant, pathBeside, quotedWithGuesses, withFlagGuesses } from '../../src/util/suggest.ts';

const TARGETS = ['apps', 'servicedesk', 'agentdojo', 'bfcl', 'miniwob', 'protocol'];
const SPLITS = ['dev', 'test', 'holdout'];

describe('closestName', () => {
  it.each([
    ['app', TARGETS, 'apps'], // a prefix
    ['Apps', TARGETS, 'apps'], // case
    ['minwob', TARGETS, 'miniwob'], // one letter left out
    ['dve', SPLITS, 'dev'], // two letters swapped
    ['agentdjoo', TARGETS, 'agentdojo'],
    ['extra_ni', ['extra', 'extra-ni', 'omit'], 'extra-ni'],
  ])('%s among %j is %s', (typed, known, meant) => {
    expect(closestName(typed, known)).toBe(meant);
  });

  it.each([
    ['nope', TARGETS], // nothing near
    ['a', TARGETS], // begins both apps and agentdojo
    ['', TARGETS],
    ['xyz', SPLITS],
    ['tes', ['test', 'tests']], // a prefix of two
  ])('%j among %j has no suggestion', (typed, known) => {
    expect(closestName(typed, known)).toBeUndefined();
  });

  it('never suggests a name for itself, and only names it was given', () => {
    const name = fc.stringMatching(/^[a-z][a-z-]{0,11}$/);
    fc.assert(
      fc.property(fc.uniqueArray(name, { minLength: 1, maxLength: 8 }), name, (known, typed) => {
        const near = closestName(typed, known);
        if (near !== undefined) expect(known).toContain(near);
        for (const k of known) expect(closestName(k, known)).not.toBe(k);
      }),
    );
  });
});

describe('the messages that carry a suggestion', () => {
  it('lists the known names, then the likely one', () => {
    expect(knownTail('fault', ['faults', 'floor'])).toBe(" (known: faults, floor); did you mean 'faults'?");
    expect(knownTail('nope', ['faults', 'floor'])).toBe(' (known: faults, floor)');
  });

  it('shows a name that begins several the shortest of them (a generator, not its tasks), and the count', () => {
    const known = ['spotify_add_song/0', 'spotify_add_song', 'spotify_build_playlist', 'spotify_like/0', 'spotify_like', 'todo_add'];
    expect(quotedWithGuesses(['spotify'], known)).toBe("'spotify' (begins 5 names: spotify_like, spotify_add_song, spotify_build_playlist, ...)");
    expect(quotedWithGuesses(['spotify_like'], known.slice(0, 3))).toBe("'spotify_like'");
    expect(quotedWithGuesses(['todo'], known)).toBe("'todo' (did you mean 'todo_add'?)"); // begins one: a guess
    expect(quotedWithGuesses(['spotify_add'], known)).toBe("'spotify_add' (did you mean 'spotify_add_song'?)"); // one generator and its tasks
  });

  it('guesses at each of several unknown names', () => {
    expect(quotedWithGuesses(['venmo_add_frends/0', 'zzz'], ['venmo_add_friends/0', 'todo_add/0'])).toBe("'venmo_add_frends/0' (did you mean 'venmo_add_friends/0'?), 'zzz'");
  });

  const OPTIONS = ['split', 'splits-x', 'time-limit', 'timeLimit', 'families', 'help', '$0', '_'];
  it("guesses at yargs' unknown flags, once each, never at a stray positional word", () => {
    expect(withFlagGuesses('Unknown arguments: time-limt, timeLimt', OPTIONS, ['audit', '--time-limt', '5'])).toBe('Unknown argument: time-limt (did you mean --time-limit?)');
    expect(withFlagGuesses('Unknown argument: hlep', OPTIONS, ['audit', '--hlep'])).toBe('Unknown argument: hlep (did you mean --help?)');
    expect(withFlagGuesses('Unknown arguments: famlies, splt', OPTIONS, ['audit', '--famlies=omit', '--splt', 'dev'])).toBe(
      'Unknown arguments: famlies (did you mean --families?), splt (did you mean --split?)',
    );
    expect(withFlagGuesses('Unknown argument: splt', OPTIONS, ['audit', 'splt'])).toBe('Unknown argument: splt');
    expect(withFlagGuesses('Not enough arguments', OPTIONS, ['run'])).toBe('Not enough arguments');
  });

  it("names the flag of a stray word that is one of its values, for a command that has the flag", () => {
    const values = { target: ['apps', 'bfcl'] };
    expect(withFlagGuesses('Unknown argument: apps', [...OPTIONS, 'target'], ['audit', 'apps'], values)).toBe('Unknown argument: apps (did you mean --target apps?)');
    expect(withFlagGuesses('Unknown argument: apps', OPTIONS, ['merge', 'apps'], values)).toBe('Unknown argument: apps');
    expect(withFlagGuesses('Unknown argument: app', [...OPTIONS, 'target'], ['audit', 'app'], values)).toBe('Unknown argument: app');
  });
});

describe('pathBeside', () => {
  it('names the file or folder beside a missing path that it most likely meant, as the path was typed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blindspot-beside-'));
    try {
      mkdirSync(join(dir, 'mutants', 'apps-47efd2e246e2'), { recursive: true });
      mkdirSync(join(dir, 'mutants', 'apps-a5985990c4ac'));
      writeFileSync(join(dir, 'my-target.ts'), '');
      const at = (p: string) => join(dir, p);
      expect(pathBeside(at('mutants/apps-47efd'), 'folder')).toBe(at('mutants/apps-47efd2e246e2'));
      expect(pathBeside(at('mutants/apps-47efd/'), 'folder')).toBe(at('mutants/apps-47efd2e246e2'));
      expect(pathBeside(at('mutants/apps-'), 'folder')).toBeUndefined(); // two begin so
      expect(pathBeside(at('my-targt.ts'), 'file')).toBe(at('my-target.ts'));
      expect(pathBeside(at('my-targt.ts'), 'folder')).toBeUndefined(); // a file is no folder
      expect(pathBeside(at('nowhere/my-targt.ts'))).toBeUndefined();
      // a file typed with a trailing slash was said not to exist, with no guess
      expect(pathBeside(at('my-target.ts/'), 'file')).toBe(at('my-target.ts'));
      expect(pathBeside(at('my-target.ts/'))).toBe(at('my-target.ts'));
      expect(pathBeside(at('my-target.ts/'), 'folder')).toBeUndefined();
      expect(meant(pathBeside(at('my-targt.ts')))).toBe(`; did you mean ${at('my-target.ts')}?`);
      expect(meant(undefined)).toBe('');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
