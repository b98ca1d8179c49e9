import { defineConfig } from '@playwright/test';

/**
 * Two instances behind nginx on one database and one Redis (tests/scale): the test file starts its
 * own processes, so there is no webServer here. SCALE_PORT (default 8100) and the next two ports must
 * be free. Runs after the build (`npm test` builds for the end-to-end tests first).
 */
export default defineConfig({
  testDir: 'tests/scale',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  reporter: [['list']],
});
