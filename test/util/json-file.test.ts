import { describe, expect, it } from 'vitest';
import { parseJson } from '../../src/util/json-file.ts';

describe('parseJson refuses text that is not JSON in one printable line', () => {
  it('escapes a binary file\'s bytes, which JSON.parse quotes: a NUL written to the terminal is junk on it', () => {
    let message = '';
    try {
      parseJson('b.dat', '\x00\x01\x02binary');
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message).toMatch(/^b\.dat: not valid JSON \(.*\\u0000.*\)$/);
    expect(message).not.toMatch(/\p{Cc}/u);
  });

  it('says an empty file is empty', () => {
    expect(() => parseJson('e.json', '')).toThrow(/^e\.json: not valid JSON \(the file is empty\)$/);
    expect(() => parseJson('e.json', ' \n')).toThrow(/^e\.json: not valid JSON \(the file is empty\)$/);
  });

  it('keeps what JSON.parse says of other text, on one line', () => {
    expect(() => parseJson('c.json', '{\n"a": \n')).toThrow(/^c\.json: not valid JSON \([^\n]+\)$/);
  });
});
