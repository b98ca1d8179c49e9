import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/sample-routes.ts';

const port = Number(process.env.E2E_PORT ?? 8090);
// A separate build folder and port let several test runs share one machine.
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const dataDir = `.e2e-data-${port}`;

/** End-to-end tests: the built site served by the real reference server, driven in Debian's Chromium. */
export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
    trace: 'off',
  },
  webServer: {
    command: `rm -rf ${dataDir} && DEMO=1 FORM_RATE_LIMIT=1000 FORM_FILE_RATE_LIMIT=1000 PAGE_RENDER_LIMIT=0 RENDER_CONCURRENCY=0 DATA_DIR=${dataDir} PORT=${port} STATIC_DIR=${staticDir} npx tsx server/main.ts`,
    url: `http://127.0.0.1:${port}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
