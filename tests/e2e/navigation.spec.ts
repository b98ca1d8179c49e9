import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { collectErrors } from './helpers';

/**
 * Client navigations keep a visitor's place (src/app/keep-place.ts): a new page at its top with the
 * focus on its main heading and its title announced, Back and Forward where the visitor was, '#id'
 * links at their element, and a control that sets the query moving nothing.
 */

const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));
/** Whether the focus is on a main heading of the page (a section may bring a second h1 with its data). */
const focusedIsHeading = (page: Page) => page.evaluate(() => document.activeElement?.matches('main h1') ?? false);
const announced = (page: Page) => page.locator('p.route-announcer[aria-live="polite"]');

/** The scroll position once it has stopped moving (a wheel scrolls smoothly, over several frames). */
async function settledScrollY(page: Page): Promise<number> {
  let last = -1;
  for (;;) {
    const now = await scrollY(page);
    if (now === last) return now;
    last = now;
    await page.waitForTimeout(150);
  }
}

/** Adds the first plan of /shop to the cart, then scrolls the page down by the mouse wheel; gives where it stopped. */
async function shopWithPlanScrolled(page: Page, by: number): Promise<number> {
  await page.goto('/shop');
  await page.getByRole('region', { name: 'Choose your plan' }).getByRole('button', { name: 'Add to cart' }).first().click();
  await expect(cartButton(page).locator('.cart-fab__badge')).toHaveText('1');
  // The click scrolled the plans into view: the wheel goes on from there.
  const from = await settledScrollY(page);
  await page.mouse.move(200, 300);
  await page.mouse.wheel(0, by);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(from);
  return settledScrollY(page);
}

test.describe('client navigations keep your place', () => {
  test('Checkout from the cart opens at the top with focus and title said; Back and a reload return to where you were', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const before = await shopWithPlanScrolled(page, 900);

    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page).toHaveURL(/\/shop\/checkout$/);
    await expect(page.locator('main[data-page="ShopCheckout"]')).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(0);
    await expect.poll(() => focusedIsHeading(page)).toBe(true);
    await expect(announced(page)).toHaveText('Checkout | Bantay Doc');

    await page.goBack();
    await expect(page).toHaveURL(/\/shop$/);
    await expect(page.locator('main[data-page="Shop"]')).toBeAttached();
    await expect.poll(() => scrollY(page)).toBe(before);
    await expect(announced(page)).toHaveText(/Bantay Doc/);

    // The app scrolls these entries now: a reload returns to the entry's place too.
    await page.reload();
    await expect.poll(() => scrollY(page)).toBe(before);

    await page.goForward();
    await expect(page).toHaveURL(/\/shop\/checkout$/);
    await expect.poll(() => scrollY(page)).toBe(0);
    expect(errors).toEqual([]);
  });

  test('a relative link with a #hash: the crumb "Shop" (..#plans) opens the shop at its plans', async ({ page }) => {
    const errors = collectErrors(page);
    await shopWithPlanScrolled(page, 200);
    await cartButton(page).click();
    await page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' }).click();
    await expect(page.locator('main[data-page="ShopCheckout"]')).toBeAttached();

    // Rendered by the app (a client navigation), the crumb is the router's link, resolved from the page's path.
    const crumb = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Shop' });
    await expect(crumb).toHaveAttribute('href', '/shop#plans');
    await crumb.click();
    await expect(page).toHaveURL(/\/shop#plans$/);
    await expect(page.locator('main[data-page="Shop"]')).toBeAttached();
    const plans = page.locator('#plans');
    // At the top of the window, below the fixed header (the section's scroll margin).
    await expect.poll(() => plans.evaluate((element) => Math.round(element.getBoundingClientRect().top))).toBeLessThanOrEqual(100);
    await expect(plans).toBeFocused();
    await expect(announced(page)).toHaveText(/Bantay Doc/);
    expect(errors).toEqual([]);
  });

  test('a control that sets the query (a month of the media archive) keeps the place, and Back shows the month before', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/media');
    const months = page.getByRole('navigation', { name: 'Articles by year' }).locator('.media__month');
    await expect(months.first()).toBeVisible();
    const count = await months.count();
    test.skip(count < 2, 'the demo content has one month of articles this year');
    const first = ((await months.nth(0).textContent()) ?? '').replace(/\s*\(.*$/, '').trim();
    const second = ((await months.nth(1).textContent()) ?? '').replace(/\s*\(.*$/, '').trim();
    const title = page.locator('.media__results-title');
    await expect(title).toContainText(first);

    await months.nth(1).click();
    await expect(page).toHaveURL(/\/media\?month=\d{4}-\d{2}$/);
    await expect(title).toContainText(second);
    await expect(months.nth(1)).toHaveAttribute('aria-pressed', 'true');
    await expect(months.nth(1)).toBeFocused();
    const shared = page.url();

    await page.goBack();
    await expect(page).toHaveURL(/\/media$/);
    await expect(title).toContainText(first);

    // The address is the month: opened fresh, the server renders that month.
    await page.goto(shared);
    await expect(title).toContainText(second);
    await expect(months.nth(1)).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });
});
