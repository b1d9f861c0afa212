import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedCorpus, cachedImage, cacheDir, IMAGE_MODULES } from '../../../targets/apps/world/cache.ts';
import { getWorld } from '../../../targets/apps/world/snapshot.ts';

const WORLD = fileURLToPath(new URL('../../../targets/apps/world/', import.meta.url));
const CACHE = join(WORLD, 'cache.ts');

describe('the cached start image', () => {
  let dir: string;
  const before = process.env.BLINDSPOT_CACHE;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'blindspot-cache-'));
    process.env.BLINDSPOT_CACHE = dir;
  });
  afterEach(() => {
    if (before === undefined) delete process.env.BLINDSPOT_CACHE;
    else process.env.BLINDSPOT_CACHE = before;
    rmSync(dir, { recursive: true, force: true });
  });

  it('is the seeded image byte for byte: the world stores its seeding in BLINDSPOT_CACHE, and the next command reads it back', () => {
    expect(cacheDir()).toBe(dir);
    const seeded = getWorld().image;
    expect(readdirSync(dir)).toEqual([expect.stringMatching(/^apps-world-[0-9a-f]{64}\.sqlite$/)]);
    const build = vi.fn((): Buffer => {
      throw new Error('seeded again');
    });
    expect(cachedImage(build).equals(seeded)).toBe(true);
    expect(build).not.toHaveBeenCalled();
  });

  it('is seeded again when the stored copy does not match its hash', () => {
    const build = vi.fn(() => Buffer.from('the image'));
    cachedImage(build);
    const file = join(dir, readdirSync(dir)[0]);
    const stored = readFileSync(file);
    stored[stored.length - 1] ^= 1;
    writeFileSync(file, stored);
    expect(cachedImage(build).toString()).toBe('the image');
    expect(build).toHaveBeenCalledTimes(2);
  });

  it('is seeded, not failed, when the cache folder cannot be written', () => {
    const blocker = join(dir, 'a-file');
    writeFileSync(blocker, '');
    process.env.BLINDSPOT_CACHE = join(blocker, 'cache');
    expect(cachedImage(() => Buffer.from('the image')).toString()).toBe('the image');
  });

  // the relative value imports of a module, followed through (type imports build nothing), by their paths from world/
  const reached = (from: string): string[] => {
    const seen = new Set<string>();
    const follow = (file: string) => {
      if (seen.has(file) || file === CACHE) return;
      seen.add(file);
      for (const [, path] of readFileSync(file, 'utf8').matchAll(/^import (?!type )[^;]*? from '(\.[^']+)';$/gm)) follow(join(dirname(file), path));
    };
    follow(join(WORLD, from));
    return [...seen].map((f) => `./${relative(WORLD, f)}`.replace(/^\.\/\.\.\//, '../').replace(/\.ts$/, '')).sort();
  };

  it('names the image by every module the seeding runs', () => {
    expect(reached('snapshot.ts')).toEqual([...IMAGE_MODULES].sort());
  });

  it('names the tasks by every module that generates them: those of tasks/, and the image\'s', () => {
    expect(reached('../tasks/index.ts').filter((m) => !m.startsWith('../tasks/') && !IMAGE_MODULES.includes(m))).toEqual([]);
  });

  it('hands back the tasks as generated, from the cache or not', () => {
    const generated = { tasks: [{ id: 'a/0', params: { n: 1.5, list: ['x'] } }], references: [{ task: 'a/0', steps: [] }] };
    const build = vi.fn(() => generated);
    expect(cachedCorpus(build)).toEqual(generated);
    expect(cachedCorpus(build)).toEqual(generated);
    expect(build).toHaveBeenCalledTimes(1);
    expect(readdirSync(dir).filter((f) => f.startsWith('apps-corpus-'))).toHaveLength(1);
  });
});
