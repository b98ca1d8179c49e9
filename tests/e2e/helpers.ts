import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation, listing them readably. */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Fluent UI's focus manager (tabster) puts aria-hidden focus sentinels around focus traps; they
  // hand focus on at once and are never announced, so axe's aria-hidden-focus rule skips them.
  // Colours are judged at rest: a form enabled on hydration fades its buttons in (Fluent's transitions).
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
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
    // A failed resource names its URL, so that a test can tell which request it was.
    if (message.type() !== 'error') return;
    const failedResource = message.text().startsWith('Failed to load resource') && message.location().url;
    errors.push(failedResource ? `${message.text()} (${message.location().url})` : message.text());
  });
  return errors;
}

/**
 * Opens `path` as a navigation inside the running app (the router's own history, as a click on a
 * link does), so that the browser loads the page's content itself: a first visit gets it rendered
 * by the server. Tests that intercept content requests in the browser use this.
 */
export async function gotoClientSide(page: Page, path: string, from = '/shop'): Promise<void> {
  await page.goto(from);
  // The router's history is driven directly here, not by a visitor: its code must have run.
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, path);
  await page.waitForURL((url) => url.pathname + url.search === path);
}

/**
 * Opens `url` on a page that reloads itself while it loads (a shop entered with another shop's cart
 * clears it and reloads: docs/decisions.md, "Slug change"), and resolves once the reloaded document is
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

/**
 * The sandbox payment provider's endpoint, which both hand-overs use (the standard checkout's fetch
 * and the other checkouts' form post). The provider is a boundary the site does not own: tests
 * intercept it in the browser to make it slow or fail.
 */
export const PAYMENT_PROVIDER = '**/api/v1/sandbox-pay/payment-requests';

/**
 * Holds the provider's answer (a slow provider) until `release()`; `requested` resolves once the
 * browser asked it, so the intermediate state can be looked at.
 */
export async function holdPaymentProvider(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let markRequested!: () => void;
  let release!: () => void;
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(PAYMENT_PROVIDER, async (route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/** What a checkout showed at the moment the browser left it for the payment provider. */
export interface CheckoutWhenLeft {
  /** The hand-over status line. */
  status: string | null;
  /** The order summary (plan overview). */
  summary: string;
  /** Whether 'Your cart is empty' was on the page. */
  emptyCart: boolean;
  /** Whether the billing form's submit button was disabled. */
  submitDisabled: boolean | null;
}

/**
 * Records, in the tab's sessionStorage, what the checkout showed when the browser left it (pagehide).
 * A form post to a slow provider is a pending navigation, during which Playwright cannot read the
 * page; this reads it from inside, at the last moment, and survives the navigation (same origin).
 */
export async function recordCheckoutWhenLeft(page: Page): Promise<() => Promise<CheckoutWhenLeft | null>> {
  await page.addInitScript(() => {
    window.addEventListener('pagehide', () => {
      const form = document.querySelector('.checkout__form');
      if (!form) return;
      const seen = {
        status: form.querySelector('[role="status"]')?.textContent ?? null,
        summary: document.querySelector('.checkout__aside')?.textContent ?? '',
        emptyCart: document.body.textContent?.includes('Your cart is empty') ?? false,
        submitDisabled: form.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled ?? null,
      };
      sessionStorage.setItem('e2e:checkoutWhenLeft', JSON.stringify(seen));
    });
  });
  return async () =>
    JSON.parse((await page.evaluate(() => sessionStorage.getItem('e2e:checkoutWhenLeft'))) ?? 'null') as CheckoutWhenLeft | null;
}
