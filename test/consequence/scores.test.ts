// Published scores: every problem with the file is one line naming it.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readScores } from '../../src/consequence/scores.ts';
import { InputError } from '../../src/util/errors.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('published scores', () => {
  it('reads a JSON array of configuration, split and score', () => {
    const file = join(tmp(), 'scores.json');
    writeFileSync(file, JSON.stringify([{ configuration: 'a', split: 'dev', score: 0.5 }, { configuration: 'b', split: 'dev', score: '40%' }], null, 2));
    expect(readScores(file).map((s) => [s.configuration, s.split, s.score])).toEqual([
      ['a', 'dev', 0.5],
      ['b', 'dev', 0.4],
    ]);
  });

  it('names a broken JSON file on one line, though JSON.parse quotes the text around the error, newlines and all', () => {
    const file = join(tmp(), 'scores.json');
    writeFileSync(file, '[\n  {"configuration": "a",\n   "split": dev,\n   "score": 0.5}\n]\n');
    expect(() => readScores(file)).toThrow(InputError);
    expect(() => readScores(file)).toThrow(/^[^\n]*scores\.json: not valid JSON \([^\n]*dev[^\n]*$/);
  });

  it('says a CSV header with no row under it has no scores: it was said to lack the very columns it names', () => {
    const file = join(tmp(), 'scores.csv');
    writeFileSync(file, 'configuration,split,score\n');
    expect(() => readScores(file)).toThrow(/^[^\n]*scores\.csv: no scores \(expected one row per configuration and split\)$/);
    writeFileSync(file, 'model,split\n');
    expect(() => readScores(file)).toThrow(/^[^\n]*scores\.csv: line 1: header lacks configuration, score \(expected a header with configuration,split,score; got model,split\)$/);
  });
});
