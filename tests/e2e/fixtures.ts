import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * A server-rendered page loads its scripts after its first paint (server/boot-script.ts), so the
 * `load` event can come before the app runs. After `goto` and `reload`, the page fixture waits until
 * the app has hydrated (`data-hydrated` on <html>, set by src/app/main.tsx), as a visitor would wait
 * for a control to respond. Pages that are not the app (the sandbox payment page, JSON) and pages
 * without JavaScript are not waited for.
 */
async function untilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('boot') || document.documentElement.dataset.hydrated === 'true');
}

export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await untilHydrated(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await untilHydrated(page);
        return response;
      };
    }
    await use(page);
  },
});
