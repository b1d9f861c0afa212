import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { useTmp } from '../fixtures/tmp.ts';
import { lockRunFolder, LOCK_FILE } from '../../src/run/lock.ts';

const tmp = useTmp();

describe('a stale writer lock', () => {
  it('is taken over when it names this very process, as one left by a killed process whose pid was given again (a restarted container) does', () => {
    const dir = join(tmp(), 'run');
    mkdirSync(dir);
    const file = join(dir, LOCK_FILE);
    writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2020-01-01T00:00:00.000Z', command: 'blindspot audit (killed)' }) + '\n');
    const release = lockRunFolder(dir, 'test');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ pid: process.pid, command: 'test' });
    release();
    expect(existsSync(file)).toBe(false);
  });
});
