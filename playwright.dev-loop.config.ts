import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/sample-routes.ts';

/**
 * The editor's loop of `npm run dev` (tests/dev-loop): each test file starts the dev server itself,
 * on a copy of the project, so there is no webServer here. DEV_LOOP_PORT (default 8195) and the
 * next port (the API) must be free.
 */
export default defineConfig({
  testDir: 'tests/dev-loop',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  // As the site's suite: one retry in CI. The misspelt-prop overlay once failed to show within 30 s
  // in CI (2026-11-26) and not in any run here; a retry that passes is reported as flaky.
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
  },
});
