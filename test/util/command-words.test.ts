// The protocol target's command is one string in the increment's target spec. It is
// split without loading execa (so its process can start ahead of the engine), the
// way execa's parseCommandString splits it: an increment recorded with a command
// must start the same process as before. The words typed after `--` are joined so
// that the split gives them back, a path with a space included.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCommandString } from 'execa';
import { joinCommand, splitCommand } from '../../src/util/command-words.ts';
import { commandFrom } from '../../src/target/protocol/command.ts';

describe('the protocol target command', () => {
  it('splits at runs of spaces, keeping a backslash-escaped space in its word', () => {
    expect(splitCommand('  python3   my\\ dir/t.py --x 1 ')).toEqual(['python3', 'my dir/t.py', '--x', '1']);
  });

  it('splits every command as execa does', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a\\ ]{0,24}$/), (raw) => {
          expect(splitCommand(raw)).toEqual(parseCommandString(raw));
        }), { numRuns: 2000 });
  });

  it('joins words so that the split gives them back, spaces inside a word included', () => {
    expect(joinCommand(['node', '/tmp/my dir/t.mjs', '--x', '1'])).toBe('node /tmp/my\\ dir/t.mjs --x 1');
    // a word without a space is recorded as before (increments frozen earlier keep their spec)
    expect(joinCommand(['python3', 'server.py'])).toBe('python3 server.py');
    const word = fc.stringMatching(/^[a\\ ]{1,8}$/).filter((w) => w.trim() === w && !w.endsWith('\\'));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
          expect(splitCommand(joinCommand(words))).toEqual(words);
        }), { numRuns: 2000 });
  });

  it('refuses a word it cannot carry, naming it', () => {
    expect(() => joinCommand(['node', 'dir\\', '--x'])).toThrow(/word "dir\\\\" cannot be passed through/);
    expect(() => joinCommand(['node', 't.mjs '])).toThrow(/word "t.mjs "/);
    expect(() => joinCommand(['node', ''])).toThrow(/word ""/);
  });

  it('refuses a missing command with the flag that names it', () => {
    expect(() => commandFrom({ targetOptions: { command: '  ' } })).toThrow(/name its command after `--`/);
  });
});
