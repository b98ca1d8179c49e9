import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/lib/sample-routes.ts';

/**
 * The visual editor in a browser (tests/editor-e2e): each test file starts `npm run edit` itself, on
 * a copy of the project, so saving never touches this checkout's files. EDITOR_E2E_PORT (default
 * 8197) and the next port (the API) must be free.
 */
export default defineConfig({
  testDir: 'tests/editor-e2e',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  workers: 1,
  reporter: [['list']],
  use: {
    viewport: { width: 1600, height: 1000 },
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
});
