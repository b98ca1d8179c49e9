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
  reporter: [['list']],
  use: {
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
  },
});
