import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/setup.ts'],
    // The CLI the tests spawn runs the sources as written, even where a built dist/ is current.
    env: { BLINDSPOT_SOURCES: '1' },
    // Many tests run the real CLI or a real browser in child processes; on a
    // loaded 2-core machine one such process can take several seconds.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
