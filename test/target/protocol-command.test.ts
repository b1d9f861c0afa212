// The protocol target's command is split without loading execa (so its process can
// start ahead of the engine), the way execa's parseCommandString splits it: an
// increment recorded with a command must start the same process as before.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseCommandString } from 'execa';
import { commandFrom, splitCommand } from '../../src/target/protocol/command.ts';

describe('the protocol target command', () => {
  it('splits at runs of spaces, keeping a backslash-escaped space in its word', () => {
    expect(splitCommand('  python3   my\\ dir/t.py --x 1 ')).toEqual(['python3', 'my dir/t.py', '--x', '1']);
  });

  it('splits every command as execa does', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a\\ ]{0,24}$/), (raw) => {
          expect(splitCommand(raw)).toEqual(parseCommandString(raw));
        }), { numRuns: 2000 });
  });

  it('refuses a missing command with the flag that names it', () => {
    expect(() => commandFrom({ targetOptions: { command: '  ' } })).toThrow(/name its command after `--`/);
  });
});
