import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { collectErrors, expectNoSeriousA11yViolations } from './helpers';

/**
 * The regular shop (issue 5): plan cards, the floating Cart button and its menu, the persisted cart
 * (localStorage 'item', amounts in integer centavos). Multiple purchase is off on /shop, so the
 * quantity is read-only there.
 */
interface Plan {
  id: number;
  name: string;
  price: number;
  precedence: number;
  other_details: { applyDetails: boolean; amountPerHousehold: number } | null;
}

async function plans(page: Page): Promise<Plan[]> {
  const response = await page.request.get('/api/v1/shop-plans');
  const data = ((await response.json()) as { data: Plan[] }).data;
  return [...data].sort((a, b) => a.precedence - b.precedence);
}

const pesos = (value: number) => `₱${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cards = (page: Page) => page.getByRole('region', { name: 'Choose your plan' }).getByRole('article');
const cartButton = (page: Page) => page.getByRole('button', { name: /^Cart/ });
const addButtons = (page: Page) => page.getByRole('button', { name: 'Add to cart' });
const menu = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const badge = (page: Page) => cartButton(page).locator('.cart-fab__badge');

async function addPlan(page: Page, name: string) {
  await cards(page)
    .filter({ has: page.getByRole('heading', { name, exact: true }) })
    .getByRole('button', { name: 'Add to cart' })
    .click();
}

test.describe('Shop plans and cart', () => {
  test('one card per plan in precedence order: name, price / YR, the headline and strengths', async ({ page }) => {
    const errors = collectErrors(page);
    const data = await plans(page);
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(data.length);
    await expect(cards(page).getByRole('heading', { level: 3 })).toHaveText(data.map((plan) => plan.name));
    for (const [index, plan] of data.entries()) {
      const card = cards(page).nth(index);
      await expect(card.locator('.plan-card__price')).toHaveText(`${pesos(plan.price)} / YR`);
      await expect(card).toContainText('Unlimited teleconsultation');
      await expect(card.getByRole('listitem')).toHaveText(['24/7 Access to a doctor', 'Medical Certificate', 'E-Prescription']);
      await expect(card.getByRole('button', { name: 'Add to cart' })).toBeEnabled();
    }
    await expect(page.getByText('VAT exclusive')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('cards: 4 columns, 2 below 960 px, 1 below 600 px, equal heights in a row', async ({ page }) => {
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(4);
    for (const [width, columns] of [
      [1280, 4],
      [800, 2],
      [375, 1],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await expect
        .poll(
          async () => new Set(await cards(page).evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().left)))).size,
        )
        .toBe(columns);
      const boxes = await cards(page).evaluateAll((els) =>
        els.map((el) => ({ top: Math.round(el.getBoundingClientRect().top), height: Math.round(el.getBoundingClientRect().height) })),
      );
      const rows = new Map<number, number[]>();
      for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.height]);
      for (const heights of rows.values()) expect(new Set(heights).size).toBe(1);
    }
  });

  test('add to cart: badge 1, every add button disabled, the menu shows the line, totals and checkout; reload keeps it; delete empties it', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/shop');
    await expect(addButtons(page)).toHaveCount(4);
    await expect(badge(page)).toHaveCount(0);

    await addPlan(page, 'Individual');
    await expect(badge(page)).toHaveText('1');
    await expect(addButtons(page)).toHaveCount(3);
    for (const button of await page.locator('.plan-card__add').all()) await expect(button).toBeDisabled();
    await expect(cards(page).first().getByRole('button', { name: 'In your cart' })).toBeDisabled();

    // Stored under 'item' as JSON with integer centavos.
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('item'))) ?? 'null');
    expect(stored).toMatchObject({ id: 1, name: 'Individual', price: 149_900, discount: 0, quantity: 1, member: null, memberQuantity: 0 });

    await cartButton(page).click();
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'true');
    const dialog = menu(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toBeFocused();
    await expect(dialog.getByRole('heading', { name: 'Individual' })).toBeVisible();
    await expect(dialog).toContainText('₱1,499.00 / YR');
    // Multiple purchase is off on the regular shop: read-only quantity, no plus/minus.
    await expect(dialog.locator('.cart-line__row').first()).toHaveText('Quantity1');
    await expect(dialog.getByRole('spinbutton')).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: /Increase|Decrease/ })).toHaveCount(0);
    // 1,499.00 + VAT 12% (179.88) = 1,678.88
    await expect(dialog.locator('.cart-totals')).toHaveText(/Subtotal₱1,499\.00VAT \(12%\)₱179\.88Total₱1,678\.88/);
    const checkout = dialog.getByRole('link', { name: 'Checkout' });
    await expect(checkout).toHaveAttribute('href', '/shop/checkout');
    await expect(checkout).not.toHaveAttribute('aria-disabled', 'true');

    await page.reload();
    await expect(badge(page)).toHaveText('1');
    await expect(cards(page).first().getByRole('button', { name: 'In your cart' })).toBeDisabled();

    await cartButton(page).click();
    await menu(page).getByRole('button', { name: 'Delete' }).click();
    await expect(menu(page)).toContainText('Your cart is empty');
    await expect(badge(page)).toHaveCount(0);
    await expect(addButtons(page)).toHaveCount(4);
    for (const button of await addButtons(page).all()) await expect(button).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('item'))).toBeNull();
    expect(errors).toEqual([]);
  });

  test('household members of a plan with a per-member price change the totals', async ({ page }) => {
    await page.goto('/shop');
    await addPlan(page, 'Family');
    await cartButton(page).click();
    const members = menu(page).getByRole('group', { name: 'Household members (18 years and above)' });
    await expect(menu(page)).toContainText('₱999.00 per member / YR');
    await members.getByRole('button', { name: 'Increase' }).click();
    await members.getByRole('button', { name: 'Increase' }).click();
    await expect(members).toContainText('2');
    // 5,999.00 + 2 × 999.00 = 7,997.00; VAT 959.64; total 8,956.64
    await expect(menu(page).locator('.cart-totals')).toHaveText(/Subtotal₱7,997\.00VAT \(12%\)₱959\.64Total₱8,956\.64/);
    await members.getByRole('button', { name: 'Decrease' }).click();
    await expect(menu(page).locator('.cart-totals')).toContainText('₱6,998.00');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('item'))) ?? 'null')).toMatchObject({
      memberQuantity: 1,
      member: 99_900,
    });
  });

  test('a corrupt stored cart is discarded: the page works with an empty cart', async ({ page }) => {
    const errors = collectErrors(page);
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('item', '{"id": 1, "name": "Indiv');
        sessionStorage.setItem('seeded', '1');
      }
    });
    await page.goto('/shop');
    await expect(addButtons(page)).toHaveCount(4);
    for (const button of await addButtons(page).all()) await expect(button).toBeEnabled();
    await expect(badge(page)).toHaveCount(0);
    await cartButton(page).click();
    await expect(menu(page)).toContainText('Your cart is empty');
    await page.keyboard.press('Escape');
    await addPlan(page, 'Individual');
    await expect(badge(page)).toHaveText('1');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('item'))) ?? 'null')).toMatchObject({ id: 1, quantity: 1 });
    expect(errors).toEqual([]);
  });

  test('a foreign stored cart (wrong shape) is discarded as well', async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem('item', JSON.stringify({ id: 1, name: 'Individual', price: 1499.5, quantity: -2 })),
    );
    await page.goto('/shop');
    await expect(addButtons(page)).toHaveCount(4);
    await expect(badge(page)).toHaveCount(0);
  });

  test('the menu closes on Escape (focus back on the button), on a click outside and on scroll', async ({ page }) => {
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(4);
    await cartButton(page).click();
    await expect(menu(page)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toHaveCount(0);
    await expect(cartButton(page)).toBeFocused();
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');

    await cartButton(page).click();
    await page.getByRole('heading', { name: 'Choose your plan' }).click();
    await expect(menu(page)).toHaveCount(0);

    await cartButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.move(400, 400);
    await page.mouse.wheel(0, 600);
    await expect(menu(page)).toHaveCount(0);
    await expect(cartButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('the Cart button stays in the bottom-right corner, above the footer', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/shop');
    await expect(cards(page)).toHaveCount(4);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('footer')).toBeInViewport();
    const box = (await cartButton(page).boundingBox())!;
    expect(1280 - (box.x + box.width)).toBeLessThanOrEqual(32);
    expect(800 - (box.y + box.height)).toBeLessThanOrEqual(32);
    // Nothing covers it: the element at its centre is the button (or inside it).
    const onTop = await cartButton(page).evaluate((button) => {
      const r = button.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!hit && button.contains(hit);
    });
    expect(onTop).toBe(true);
  });

  test('another tab sees the same cart', async ({ page, context }) => {
    await page.goto('/shop');
    const other = await context.newPage();
    await other.goto('/');
    await expect(other.getByRole('button', { name: 'Add to cart' })).toHaveCount(4);
    await addPlan(page, 'Individual');
    await expect(other.locator('.cart-fab__badge')).toHaveText('1');
    await expect(other.locator('.plan-card__add').first()).toBeDisabled();
  });

  test('has no serious accessibility violation with the menu open', async ({ page }) => {
    await page.goto('/shop');
    await addPlan(page, 'Family');
    await cartButton(page).click();
    await expect(menu(page)).toBeVisible();
    await expect(page.locator('.testimonials li').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
