import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { runCli } from '../fixtures/cli.ts';
import { useTmp } from '../fixtures/tmp.ts';

const tmp = useTmp();

describe('repair options', () => {
  it('--patch given without a value says it needs one, not that "true" is unknown', async () => {
    const r = await runCli(['repair', join(tmp(), 'run'), '--patch']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('blindspot: --patch: expected a value, got none');
    expect(r.stderr).not.toMatch(/'true'/);
  });
});
