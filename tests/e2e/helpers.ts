import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Fluent UI's focus manager (tabster) puts aria-hidden focus sentinels around focus traps; they
  // hand focus on at once and are never announced, so axe's aria-hidden-focus rule skips them.
  const results = await new AxeBuilder({ page }).exclude('[data-tabster-dummy]').analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(report, report.join('\n')).toEqual([]);
}

/** Collects console errors and page errors, to assert a page stayed healthy. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/**
 * Opens `url` on a page that reloads itself while it loads (a shop entered with another shop's cart
 * clears it and reloads, spec section 4 "Slug change"), and resolves once the reloaded document is
 * in. A plain `page.goto` waits for the first document's load event, which the reload may abort.
 */
export async function gotoExpectingReload(page: Page, url: string): Promise<void> {
  await page.goto(url, { waitUntil: 'commit' });
  // waitForFunction is re-run in each new document, so it survives the reload it waits for.
  await page.waitForFunction(
    () => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.type === 'reload',
  );
  await page.waitForLoadState('load');
}
