import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/sample-routes.ts';

const sitePort = Number(process.env.E2E_PORT ?? 8091);
const studioPort = Number(process.env.E2E_STUDIO_PORT ?? sitePort + 1);
const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
const dataDir = `.e2e-data-studio-${studioPort}`;
/** The studio's origin: localhost, not 127.0.0.1, since Chromium refuses passkeys (WebAuthn) on an IP address. */
const studioUrl = `http://localhost:${studioPort}`;

/** The studio's browser app (dist-studio/, `npm run build`) on the demo server's studio port, in Chromium. */
export default defineConfig({
  testDir: 'tests/studio-e2e',
  // `npm run bench:preview` runs the benches (*.bench.ts) instead of the tests.
  ...(process.env.STUDIO_BENCH ? { testMatch: '**/*.bench.ts' } : {}),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL: studioUrl,
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  metadata: { sitePort },
  webServer: {
    command: `rm -rf ${dataDir} && DEMO=1 FORM_RATE_LIMIT=1000 FORM_FILE_RATE_LIMIT=1000 STUDIO_SIGN_IN_LIMIT=1000 STUDIO_ACCOUNT_SIGN_IN_LIMIT=1000 PAGE_RENDER_LIMIT=0 RENDER_CONCURRENCY=0 DATA_DIR=${dataDir} PORT=${sitePort} STUDIO_PORT=${studioPort} STUDIO_URL=${studioUrl} STATIC_DIR=${staticDir} npx tsx server/main.ts`,
    url: `http://127.0.0.1:${studioPort}/api/studio/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
