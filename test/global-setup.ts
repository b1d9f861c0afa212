// The apps world's disk cache of a test run (vitest.config.ts) is removed when the run ends, so runs leave nothing in the temp folder.
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

export default function setup(project: TestProject) {
  const cache = project.config.env.BLINDSPOT_CACHE;
  return () => {
    if (typeof cache === 'string') rmSync(cache, { recursive: true, force: true });
  };
}
