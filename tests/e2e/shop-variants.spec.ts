import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import {
  collectErrors,
  expectNoSeriousA11yViolations,
  gotoExpectingReload,
  holdPaymentProvider,
  PAYMENT_PROVIDER,
  recordCheckoutWhenLeft,
} from './helpers';

/**
 * The promo-code shop and the merchant shop, end to end: from the shop page to the sandbox payment
 * and the e-mail in the outbox; the slug change; unknown slugs; accessibility.
 */
const PROMO = { slug: 'demo-promotion', id: 201, code: 'UNLOCK2026', plan: 'Family (partner offer)' };
const MERCHANT = { slug: 'demo-merchant', id: 101, other: 'sampaguita-pharmacy', otherId: 102, plan: 'Individual (merchant price)' };

const form = (page: Page) => page.locator('.checkout__form');
const field = (page: Page, label: string) => form(page).getByLabel(new RegExp(`^${label}\\s*\\*?$`));
/** Console errors other than the expected 404 of a code that unlocks nothing. */
const unexpected = (errors: string[]) => errors.filter((e) => !/status of 404/.test(e));

/** axe once the header's colour transition (set from the banner) is over. */
async function checkA11y(page: Page) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await expectNoSeriousA11yViolations(page);
}

const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? 'null') as unknown, key);

async function fillBilling(page: Page, email: string, phone = '09171234567') {
  await field(page, 'First name').fill('Andres');
  await field(page, 'Last name').fill('Bonifacio');
  await field(page, 'Address 1').fill('7 Tondo Street');
  await field(page, 'City').fill('Manila');
  await field(page, 'State / Province').fill('Metro Manila');
  await field(page, 'Zip code').fill('1012');
  await field(page, 'Phone number').fill(phone);
  await field(page, 'Email').fill(email);
  await field(page, 'Confirm email').fill(email);
  await field(page, 'Birthdate').fill('1988-11-30');
  await form(page).getByRole('radio', { name: 'Male', exact: true }).check();
  await form(page)
    .getByRole('checkbox', { name: /I agree to the Terms and Conditions/ })
    .check();
}

/** Yes on 'Information details', then the hidden form post lands on the sandbox page: Pay; the e-mail is in the outbox. */
async function confirmPayAndFindMail(page: Page, email: string) {
  await form(page).getByRole('button', { name: 'Checkout' }).click();
  await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
  await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/shop\/payment\?status=paid/);
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: { to: string; body: string }[] };
  const mail = outbox.data.find((m) => m.to === email);
  expect(mail, 'the confirmation e-mail is in the outbox').toBeTruthy();
  return mail!.body;
}

test.describe('promo-code shop', () => {
  test('code card (required, invalid, valid), the unlocked plan, checkout with zip_code and reseller_id, hidden-form payment, e-mail', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    await page.goto(`/shop/promocode/${PROMO.slug}`);
    await expect(page.getByRole('heading', { name: 'Unlock your exclusive plan' })).toBeVisible();
    const card = page.locator('#promo');
    const message = card.getByRole('alert');
    await expect(page.getByRole('heading', { name: PROMO.plan })).toHaveCount(0);

    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(message).toHaveText('This field is required.');
    await card.getByLabel('Promo code').fill('NOTACODE');
    await expect(message).toHaveText('');
    await card.getByRole('button', { name: 'Submit' }).click();
    await expect(message).toHaveText('Invalid code!');
    // Cleared after 3 s.
    await expect(message).toHaveText('', { timeout: 6_000 });

    await card.getByLabel('Promo code').fill(PROMO.code);
    await card.getByRole('button', { name: 'Submit' }).click();
    const plan = page.locator('article').filter({ has: page.getByRole('heading', { name: PROMO.plan }) });
    await expect(plan).toBeVisible();
    await expect(page.locator('article.plan-card')).toHaveCount(1);
    await expect(card.getByLabel('Promo code')).toHaveCount(0);
    expect(await stored(page, 'promoPlan')).toMatchObject({ id: 22, name: PROMO.plan });
    expect(await stored(page, 'promoSlug')).toBe(PROMO.slug);
    expect(await stored(page, 'promoId')).toBe(PROMO.id);
    // The unlocked plan survives a reload (persisted as promoPlan).
    await page.reload();
    await expect(plan).toBeVisible();

    await plan.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    const checkoutLink = page.getByRole('dialog').getByRole('link', { name: 'Checkout' });
    await expect(checkoutLink).toHaveAttribute('href', `/shop/promocode/checkout/${PROMO.slug}`);
    await checkoutLink.click();
    await expect(page).toHaveURL(new RegExp(`/shop/promocode/checkout/${PROMO.slug}$`));

    await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(PROMO.plan);
    // The checkout banner's '#promo' button is dropped here; no promo-code field on this checkout.
    await expect(page.getByRole('heading', { name: 'Almost there' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Have a promo code?' })).toHaveCount(0);
    await expect(page.getByLabel('Promo code')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Read the Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions/bantaydoc',
    );
    // Source is optional, the phone rule holds.
    await form(page).getByRole('button', { name: 'Checkout' }).click();
    await expect(form(page).locator('.form-error-summary')).toContainText('This field is required');
    await field(page, 'Phone number').fill('0917-123');
    await expect(form(page)).toContainText('Only numbers are allowed');

    const email = `promo-${Date.now()}@example.com`;
    await fillBilling(page, email);
    await form(page)
      .getByLabel(/^Number of dependents/)
      .selectOption('2');
    const billing = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1/promotion-billing-informations') && request.method() === 'POST',
    );
    const body = await confirmPayAndFindMail(page, email);
    const payload = (await billing).postDataJSON() as Record<string, any>;
    expect(payload).toMatchObject({ reseller_id: PROMO.id, zip_code: '1012', no_dependents: 2 });
    expect(payload).not.toHaveProperty('zip');
    expect(payload).not.toHaveProperty('source');
    expect(payload).not.toHaveProperty('confirm_email');
    expect(payload).not.toHaveProperty('agree');
    expect(payload.products).toEqual([
      {
        shop_plan_id: 22,
        quantity: 1,
        discount: 0,
        amount: 4254.88,
        name: PROMO.plan,
        description: expect.any(String),
        member: 0,
        promo_code: PROMO.code,
      },
    ]);
    expect(body).toContain('PHP 4,254.88');
    expect(unexpected(errors)).toEqual([]);
  });

  test('a promo cart of another promotion is not this checkout’s', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => {
      const item = {
        id: 22,
        name: 'Family (partner offer)',
        price: 399900,
        discount: 20000,
        description: 'x',
        member: 69900,
        maxDependents: 4,
        quantity: 1,
        memberQuantity: 0,
      };
      localStorage.setItem('promoItem', JSON.stringify(item));
      localStorage.setItem('promoSlug', JSON.stringify('another-promotion'));
    });
    await page.goto(`/shop/promocode/checkout/${PROMO.slug}`);
    await expect(page.getByText('Your cart is empty')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to shop' })).toHaveAttribute('href', `/shop/promocode/${PROMO.slug}`);
  });
});

test.describe('merchant shop', () => {
  test('multiple purchase from the minimum of 2, own sources, phone without digit rule, hidden-form payment, e-mail', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    await page.goto(`/shop/promo/${MERCHANT.slug}`);
    await expect(page.getByRole('heading', { name: 'Exclusive plans at Demo Merchant' })).toBeVisible();
    const plan = page.locator('article').filter({ has: page.getByRole('heading', { name: MERCHANT.plan }) });
    await plan.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    const menu = page.getByRole('dialog');
    const checkout = menu.getByRole('link', { name: 'Checkout' });
    // Multiple purchase: an editable quantity; checkout disabled below the merchant's minimum of 2.
    await expect(menu.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('1');
    await expect(checkout).toHaveAttribute('aria-disabled', 'true');
    await expect(checkout).not.toHaveAttribute('href');
    await expect(menu).toContainText('Minimum purchase: 2');
    await menu.getByRole('button', { name: 'Increase' }).first().click();
    await expect(menu.getByRole('spinbutton', { name: 'Quantity' })).toHaveValue('2');
    await expect(checkout).not.toHaveAttribute('aria-disabled', 'true');
    await expect(checkout).toHaveAttribute('href', `/shop/promo/checkout/${MERCHANT.slug}`);
    expect(await stored(page, 'merchantSlug')).toBe(MERCHANT.slug);
    expect(await stored(page, 'merchantId')).toBe(MERCHANT.id);
    await checkout.click();
    await expect(page).toHaveURL(new RegExp(`/shop/promo/checkout/${MERCHANT.slug}$`));

    // The checkout banner's '#promo' button is dropped; the shop terms.
    await expect(page.getByRole('heading', { name: 'Almost there' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Have a promo code?' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Read the Terms and Conditions' })).toHaveAttribute(
      'href',
      '/terms-and-conditions/bantaydoc-shop',
    );
    const summary = page.getByRole('complementary', { name: 'Summary' });
    await expect(summary).toContainText(MERCHANT.plan);
    await expect(summary.locator('.checkout-row--strong dd')).toHaveText('₱2,909.76');

    // The merchant's own source options replace the defaults.
    const source = field(page, 'Source of information');
    await expect(source.locator('option')).toHaveText([
      'Select an option',
      'In-store poster',
      'Cashier',
      'Flyer',
      'Merchant Facebook page',
      'Friend or family',
    ]);

    const email = `merchant-${Date.now()}@example.com`;
    await fillBilling(page, email, '+63 917 123 4567');
    await source.selectOption('Cashier');
    const billing = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1/merchant-billing-informations') && request.method() === 'POST',
    );
    const body = await confirmPayAndFindMail(page, email);
    const payload = (await billing).postDataJSON() as Record<string, any>;
    expect(payload).toMatchObject({ reseller_id: MERCHANT.id, zip_code: '1012', source: 'Cashier', phone_number: '+63 917 123 4567' });
    expect(payload).not.toHaveProperty('confirm_email');
    expect(payload).not.toHaveProperty('agree');
    expect(payload.products).toEqual([
      { shop_plan_id: 11, quantity: 2, discount: 0, amount: 1454.88, name: MERCHANT.plan, description: expect.any(String), member: 0 },
    ]);
    // One key pair per unit.
    expect(body.match(/Access key:/g)).toHaveLength(2);
    expect(errors).toEqual([]);
  });
});

/** The promo shop: unlock the plan with the code, add it, open the checkout. */
async function promoCheckout(page: Page) {
  await page.goto(`/shop/promocode/${PROMO.slug}`);
  await page.locator('#promo').getByLabel('Promo code').fill(PROMO.code);
  await page.locator('#promo').getByRole('button', { name: 'Submit' }).click();
  await page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: PROMO.plan }) })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await expect(page.locator('.cart-fab__badge')).toHaveText('1');
  await page.goto(`/shop/promocode/checkout/${PROMO.slug}`);
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(PROMO.plan);
}

/** The merchant shop: the plan at its minimum quantity of 2, then the checkout. */
async function merchantCheckout(page: Page) {
  await page.goto(`/shop/promo/${MERCHANT.slug}`);
  await page
    .locator('article')
    .filter({ has: page.getByRole('heading', { name: MERCHANT.plan }) })
    .getByRole('button', { name: 'Add to cart' })
    .click();
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Increase' }).first().click();
  await page.getByRole('dialog').getByRole('link', { name: 'Checkout' }).click();
  await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(MERCHANT.plan);
}

test.describe('hand-over to the payment provider (hidden form post)', () => {
  test('promo checkout, slow provider: the plan stays on the page with the hand-over message until the browser leaves', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const whenLeft = await recordCheckoutWhenLeft(page);
    await promoCheckout(page);
    const provider = await holdPaymentProvider(page);
    await fillBilling(page, `promo-slow-${Date.now()}@example.com`);
    await form(page)
      .getByLabel(/^Number of dependents/)
      .selectOption('1');
    await form(page).getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await provider.requested;
    // The provider takes 2 s to answer the form post; then the browser leaves.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    provider.release();
    await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    // What the buyer still saw as the browser left the checkout.
    expect(await whenLeft()).toEqual({
      status: 'Taking you to our payment partner…',
      summary: expect.stringContaining(PROMO.plan),
      emptyCart: false,
      submitDisabled: true,
    });
    expect(await stored(page, 'promoItem')).toBeNull();
  });

  test('merchant checkout, a provider that never takes the buyer away: the cart comes back with the failure text', async ({ page }) => {
    test.setTimeout(60_000);
    await page.clock.install();
    await merchantCheckout(page);
    const line = await stored(page, 'merchantItem');
    expect(line).toMatchObject({ id: 11, quantity: 2 });
    // The provider answers the form post with no page (204): the browser stays on the checkout.
    let posts = 0;
    await page.route(PAYMENT_PROVIDER, (route) => {
      posts += 1;
      return route.fulfill({ status: 204 });
    });
    await fillBilling(page, `merchant-fail-${Date.now()}@example.com`);
    await form(page).getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await expect(form(page).getByRole('status')).toHaveText('Taking you to our payment partner…');
    await expect.poll(() => posts).toBe(1);
    await expect(form(page).getByRole('status')).toHaveText('Taking you to our payment partner…');

    await page.clock.fastForward(20_000);
    await expect(form(page).getByRole('alert')).toHaveText('Sorry, the payment could not be started.');
    await expect(form(page).getByRole('status')).toHaveText('');
    expect(await stored(page, 'merchantItem')).toEqual(line);
    await expect(page.getByRole('complementary', { name: 'Summary' })).toContainText(MERCHANT.plan);
    await expect(form(page).getByRole('button', { name: 'Checkout' })).toBeEnabled();
    await expect(page).toHaveURL(new RegExp(`/shop/promo/checkout/${MERCHANT.slug}$`));
  });
});

test.describe('slug change and unknown slugs', () => {
  test('entering another promotion clears the stored item and plan, stores the new slug and id, and reloads', async ({ page }) => {
    await page.goto('/404');
    await page.evaluate(() => {
      const plan = { id: 99, name: 'Old offer', price: 100000, discount: 0, description: 'x', member: null, maxDependents: 1 };
      localStorage.setItem('promoItem', JSON.stringify({ ...plan, quantity: 1, memberQuantity: 0 }));
      localStorage.setItem('promoPlan', JSON.stringify(plan));
      localStorage.setItem('promoSlug', JSON.stringify('old-promotion'));
      localStorage.setItem('promoId', JSON.stringify(999));
    });
    await gotoExpectingReload(page, `/shop/promocode/${PROMO.slug}`);
    await expect(page.locator('#promo').getByLabel('Promo code')).toBeVisible();
    expect(await stored(page, 'promoItem')).toBeNull();
    expect(await stored(page, 'promoPlan')).toBeNull();
    expect(await stored(page, 'promoSlug')).toBe(PROMO.slug);
    expect(await stored(page, 'promoId')).toBe(PROMO.id);
    await expect(page.getByRole('heading', { name: 'Old offer' })).toHaveCount(0);
    await expect(page.locator('.cart-fab__badge')).toHaveCount(0);
  });

  test('an Add to cart tapped before the page ran stays in the cart when the shop scope runs last', async ({ page }) => {
    // A slow network brings the shop scope's script last. The tap, kept by the page and replayed once
    // the plan grid runs, must wait for the scope: entering the shop first empties the cart.
    await page.route(/\/assets\/shopScope-[\w-]+\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`/shop/promo/${MERCHANT.slug}`, { waitUntil: 'domcontentloaded' });
    await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: MERCHANT.plan }) })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    // The scope has run when the cart names this shop; the plan added is still there after it.
    await expect.poll(() => stored(page, 'merchantSlug'), { timeout: 10_000 }).toBe(MERCHANT.slug);
    await expect.poll(() => stored(page, 'merchantItem')).toMatchObject({ id: 11 });
    await expect(page.locator('.cart-fab__badge')).toHaveText('1');
  });

  test('a merchant cart does not follow the visitor to another merchant', async ({ page }) => {
    await page.goto(`/shop/promo/${MERCHANT.slug}`);
    await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: MERCHANT.plan }) })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await expect(page.locator('.cart-fab__badge')).toHaveText('1');
    expect(await stored(page, 'merchantItem')).toMatchObject({ id: 11 });

    // Another merchant's cart is cleared and the page reloads.
    await gotoExpectingReload(page, `/shop/promo/${MERCHANT.other}`);
    await expect(page.getByRole('heading', { name: 'Individual (pharmacy price)' })).toBeVisible();
    await expect.poll(() => stored(page, 'merchantSlug')).toBe(MERCHANT.other);
    expect(await stored(page, 'merchantId')).toBe(MERCHANT.otherId);
    expect(await stored(page, 'merchantItem')).toBeNull();
    await expect(page.locator('.cart-fab__badge')).toHaveCount(0);
    // Sampaguita Pharmacy: no multiple purchase, so a read-only quantity.
    await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: 'Individual (pharmacy price)' }) })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(page.getByRole('dialog').getByTestId('cart-quantity')).toHaveText('1');
    await expect(page.getByRole('dialog').getByRole('button', { name: 'Increase' })).toHaveCount(0);
  });

  for (const path of [
    '/shop/promocode/no-such-promotion',
    '/shop/promocode/checkout/no-such-promotion',
    '/shop/promo/no-such-merchant',
    '/shop/promo/checkout/no-such-merchant',
  ]) {
    test(`an unknown slug goes to /404: ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/404$/);
      await expect(page.getByText('Page not found.')).toBeVisible();
    });
  }
});

test.describe('accessibility of the variants', () => {
  test('promo shop (code card and unlocked plan) and merchant shop', async ({ page }) => {
    await page.goto(`/shop/promocode/${PROMO.slug}`);
    await expect(page.locator('#promo').getByLabel('Promo code')).toBeVisible();
    await checkA11y(page);
    await page.locator('#promo').getByLabel('Promo code').fill(PROMO.code);
    await page.locator('#promo').getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { name: PROMO.plan })).toBeVisible();
    await checkA11y(page);

    await page.goto(`/shop/promo/${MERCHANT.slug}`);
    await expect(page.getByRole('heading', { name: MERCHANT.plan })).toBeVisible();
    await checkA11y(page);
  });

  test('merchant checkout (below the minimum: back to the shop; from the minimum: the form)', async ({ page }) => {
    await page.goto(`/shop/promo/${MERCHANT.slug}`);
    await page
      .locator('article')
      .filter({ has: page.getByRole('heading', { name: MERCHANT.plan }) })
      .getByRole('button', { name: 'Add to cart' })
      .click();
    // The visitor sees the plan in the cart before leaving the page (a tap kept until the page runs
    // is lost with the page).
    await expect(page.locator('.cart-fab__badge')).toHaveText('1');
    await page.goto(`/shop/promo/checkout/${MERCHANT.slug}`);
    await expect(page.getByText('The minimum purchase in this shop is 2 plans.')).toBeVisible();
    await page.getByRole('link', { name: 'Back to shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/promo/${MERCHANT.slug}$`));
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Increase' }).first().click();
    await page.getByRole('dialog').getByRole('link', { name: 'Checkout' }).click();
    await expect(form(page).getByRole('button', { name: 'Checkout' })).toBeVisible();
    await checkA11y(page);
  });
});
