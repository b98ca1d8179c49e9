import { defineConfig } from '@playwright/test';

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
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--headless', '--disable-gpu', '--no-first-run'],
    },
    trace: 'off',
  },
});
