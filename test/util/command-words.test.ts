// The protocol target's command is one string in the increment's target spec. It is
// split without loading execa (so its process can start ahead of the engine), the
// way execa's parseCommandString splits it: an increment recorded with a command
// must start the same process as before. The words typed after `--` are joined so
// that the split gives them back, each word after the program whole.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCommandString } from 'execa';
import { joinCommand, missingScript, shownCommand, splitCommand } from '../../src/util/command-words.ts';
import { resolve } from 'node:path';
import { execFileSync } from 'node:child_process';
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

  it('keeps a path whole, spaces included, and splits any other word as typed', () => {
    const isPath = (w: string) => w.startsWith('/');
    expect(joinCommand(['node', '/tmp/my dir/t.mjs', '--x', '1'], isPath)).toBe('node /tmp/my\\ dir/t.mjs --x 1');
    // a command without spaces inside its words is recorded as before (increments frozen earlier keep their spec)
    expect(joinCommand(['python3', 'server.py'], isPath)).toBe('python3 server.py');
    // a whole command quoted as one word still runs as the words it holds
    expect(splitCommand(joinCommand(['python3 -u', 'server.py'], isPath))).toEqual(['python3', '-u', 'server.py']);
    const word = fc.stringMatching(/^[a\\ ]{1,8}$/).filter((w) => w.trim() === w && !w.endsWith('\\'));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
          expect(splitCommand(joinCommand(words, () => true))).toEqual(words);
        }), { numRuns: 2000 });
  });

  it('passes every word after the program through whole, path or not', () => {
    const isPath = () => false;
    expect(splitCommand(joinCommand(['sh', '-c', 'exit 7'], isPath))).toEqual(['sh', '-c', 'exit 7']);
    expect(splitCommand(joinCommand(['python3', '-c', "import time; time.sleep(0.1)"], isPath))).toEqual(['python3', '-c', 'import time; time.sleep(0.1)']);
    // quotes and backslashes are no syntax of the split: carried as typed
    expect(splitCommand(joinCommand(['sh', '-c', `echo "a  b" 'c\\ d'`], isPath))).toEqual(['sh', '-c', `echo "a  b" 'c\\ d'`]);
    const word = fc.stringMatching(/^[a\\ '"]{1,8}$/).filter((w) => w.trimEnd() === w && !w.endsWith('\\'));
    fc.assert(fc.property(fc.array(word, { minLength: 1, maxLength: 5 }), (words) => {
          expect(splitCommand(joinCommand(['prog', ...words], isPath))).toEqual(['prog', ...words]);
        }), { numRuns: 2000 });
  });

  it('refuses a word it cannot carry, naming it', () => {
    expect(() => joinCommand(['node', 'dir\\', '--x'], () => true)).toThrow(/"dir\\\\" cannot be passed through as one word/);
    expect(() => joinCommand(['node', 't.mjs '], () => true)).toThrow(/"t.mjs " cannot/);
    expect(() => joinCommand(['sh', '-c', 'exit 7 '], () => false)).toThrow(/"exit 7 " cannot/);
    expect(() => joinCommand(['node', 'server.mjs', ''], () => false)).toThrow(/"" cannot be passed through as one word \(an empty word/);
  });

  it('refuses a missing command with the flag that names it', () => {
    expect(() => commandFrom({ targetOptions: { command: '  ' } })).toThrow(/name its command after `--`/);
  });
});

describe('a command shown in a message', () => {
  it('reads back in a POSIX shell as the same words', () => {
    fc.assert(fc.property(fc.array(fc.string({ unit: 'binary' }).map((w) => w.replace(/\0/g, '')), { minLength: 1, maxLength: 4 }), (words) => {
      const out = execFileSync('sh', ['-c', `for a in ${shownCommand(words)}; do printf '%s\\0' "$a"; done`], { encoding: 'utf8' });
      expect(out.split('\0').slice(0, -1)).toEqual(words);
    }), { numRuns: 150 });
  });

  it('quotes only the words that need it', () => {
    expect(shownCommand(['sh', '-c', 'exit 7'])).toBe("sh -c 'exit 7'");
    expect(shownCommand(['python3', './t.py', "it's", ''])).toBe(`python3 ./t.py 'it'\\''s' ''`);
  });
});

describe('missingScript: the script a command hands its interpreter, when it does not exist', () => {
  it('names a script path or file name typed after the program that is not there', () => {
    const cwd = resolve(import.meta.dirname, '../fixtures');
    expect(missingScript(['python3', './agnt.py'], cwd)).toBe('./agnt.py');
    expect(missingScript(['node', '--no-warnings', 'missing.mjs', '--flag'], cwd)).toBe('missing.mjs');
    expect(missingScript(['node', 'protocol/toy-target.mjs'], cwd)).toBeUndefined();
  });

  it('leaves alone what is no script path: a module, code, an option\'s value, a bare program', () => {
    for (const words of [['python3', '-m', 'my_agent'], ['node', '-e', 'x.js'], ['uv', 'run', 'agent.py'], ['python3', '-W', 'ignore', 'agent.py'], ['my-agent']]) {
      expect(missingScript(words, '/nonexistent')).toBeUndefined();
    }
  });
});
