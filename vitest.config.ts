import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The CLI the tests spawn runs the sources as written, even where a built dist/ is current;
    // the apps world's disk cache of one test run is its own, never the user's ~/.cache.
    env: { BLINDSPOT_SOURCES: '1', BLINDSPOT_CACHE: mkdtempSync(join(tmpdir(), 'blindspot-test-cache-')) },
    // Many tests run the real CLI or a real browser in child processes; on a
    // loaded 2-core machine one such process can take several seconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
