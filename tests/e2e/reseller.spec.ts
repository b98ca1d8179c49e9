import { expect, test } from './fixtures';
import { type Page } from '@playwright/test';
import { collectErrors, expectNoSeriousA11yViolations, gotoExpectingReload, PAYMENT_PROVIDER, recordCheckoutWhenLeft } from './helpers';

/** The demo reseller (server/seed.ts): name, logo and colours from its details JSON. */
const SLUG = 'demo-reseller';
const HOME = `/shop/reseller/${SLUG}/`;
const NAME = 'Bayanihan Care Network';
const LOGO = '/content-images/logo-demo-reseller.svg';
/** Its primaryColor #7b3fe4 already gives white text 5.7:1, so it is used unshaded: rgb(123, 63, 228). */
const PRIMARY_RGB = 'rgb(123, 63, 228)';

function field(page: Page, label: string) {
  return page.locator('.reseller-checkout__form').getByLabel(new RegExp(`^${label}\\s*\\*?$`));
}

/** Chooses a plan on the reseller home and goes to the checkout through the cart. */
async function choosePlanAndCheckout(page: Page, plan = 'Member'): Promise<void> {
  await page.goto(HOME);
  const card = page.locator('article').filter({ has: page.getByRole('heading', { name: plan, exact: true }) });
  await card.getByRole('button', { name: 'Choose this plan' }).click();
  await page.getByRole('button', { name: /^Cart/ }).click();
  await page.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(new RegExp(`/shop/reseller/checkout/${SLUG}$`));
}

async function fillBilling(page: Page, email: string) {
  await field(page, 'First name').fill('Ana');
  await field(page, 'Last name').fill('Bautista');
  await field(page, 'Address 1').fill('5 Bonifacio Avenue');
  await field(page, 'City').fill('Cebu City');
  await field(page, 'State / Province').fill('Cebu');
  await field(page, 'Zip code').fill('6000');
  await field(page, 'Email').fill(email);
  await field(page, 'Confirm email').fill(email);
  await field(page, 'Birthdate').fill('1992-08-09');
  await page.locator('.reseller-checkout__form').getByRole('radio', { name: 'Female', exact: true }).check();
  await page
    .locator('.reseller-checkout__form')
    .getByRole('checkbox', { name: /I agree to the Terms and Conditions/ })
    .check();
}

test.describe('reseller-branded site', () => {
  test('the layout path redirects to the trailing-slash home', async ({ page }) => {
    await page.goto(`/shop/reseller/${SLUG}`);
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/$`));
    await expect(page.locator('[data-reseller-header]')).toBeVisible();
  });

  test("the reseller's shell replaces the site's: branding from its details, colours, no site header or footer", async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(HOME);
    const header = page.locator('[data-reseller-header]');
    await expect(header).toContainText(NAME);
    await expect(header).toContainText('Your community, your doctor.');
    await expect(header.locator('img')).toHaveAttribute('src', LOGO);
    await expect(header).toHaveCSS('background-color', PRIMARY_RGB);
    // Fluent's brand tokens follow the reseller too (e.g. the plan buttons' colour comes from --primary-text).
    await expect(page.getByRole('button', { name: 'Choose this plan' }).first()).toHaveCSS('background-color', PRIMARY_RGB);
    await expect(page.locator('.site-header')).toHaveCount(0);
    await expect(page.locator('.site-footer')).toHaveCount(0);
    await expect(page.locator('[data-reseller-footer]')).toContainText(`© ${new Date().getFullYear()} ${NAME}`);
    await expect(header.getByRole('link', { name: 'Activate your plan' })).toHaveAttribute('href', `/shop/reseller/assignment/${SLUG}`);
    expect(errors).toEqual([]);
  });

  test("the site's colours come back when leaving the reseller site", async ({ page }) => {
    await page.goto(HOME);
    await expect(page.locator('[data-reseller-header]')).toHaveCSS('background-color', PRIMARY_RGB);
    await page.evaluate(() => window.history.pushState({}, '', '/shop'));
    await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
    await expect(page.locator('.site-header')).toBeVisible();
    await expect(page.locator('style[data-brand]')).toHaveCount(0);
  });

  test('an unknown slug leads to the Not found page', async ({ page }) => {
    await page.goto('/shop/reseller/no-such-reseller');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByText('Page not found.')).toBeVisible();
    await page.goto('/shop/reseller/checkout/no-such-reseller');
    await expect(page).toHaveURL(/\/404$/);
  });

  test('home: banner, steps, video and the reseller plans', async ({ page }) => {
    await page.goto(HOME);
    await expect(page.getByRole('heading', { level: 1, name: 'Bayanihan Care: a doctor for every member' })).toBeVisible();
    const steps = page.locator('.steps');
    await expect(steps.getByRole('heading', { name: 'How to get your unlimited plan' })).toBeVisible();
    await expect(steps.locator('li')).toHaveCount(4);
    await expect(page.locator('.video-block iframe')).toHaveAttribute('src', /youtube-nocookie\.com\/embed\//);
    const plans = page.locator('.plan-grid article');
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText(['Member', 'Member plus Parents', 'Member Family']);
    await expect(plans.first()).toContainText('₱1,199.00');
    // The banner's 'See plans' is an in-page anchor to the plan grid.
    await page.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/#plans$`));
    await expect(page.locator('#plans')).toBeInViewport();
  });

  test('cancel at the provider returns to the reseller site with the plan kept', async ({ page }) => {
    test.setTimeout(60_000);
    await choosePlanAndCheckout(page, 'Member');
    await field(page, 'Phone number').fill('09171234567');
    await fillBilling(page, `reseller-cancel-${Date.now()}@example.com`);
    await page.locator('.reseller-checkout__form').getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('heading', { name: 'Payment cancelled' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to shop' }).click();
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/?$`));
    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(page.getByRole('dialog')).toContainText('Member');
  });

  test('hand-over: the plan and the message stay until the browser leaves; a provider that never takes over gives the cart back', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await page.clock.install();
    const whenLeft = await recordCheckoutWhenLeft(page);
    await choosePlanAndCheckout(page, 'Member');
    const line = await page.evaluate(() => localStorage.getItem('promoItem'));
    const form = page.locator('.reseller-checkout__form');
    // The provider answers the form post with no page (204): the browser stays on the checkout.
    await page.route(PAYMENT_PROVIDER, (route) => route.fulfill({ status: 204 }));
    await field(page, 'Phone number').fill('09171234567');
    await fillBilling(page, `reseller-fail-${Date.now()}@example.com`);
    await form.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await expect(form.getByRole('status')).toHaveText('Taking you to our payment partner…');
    await expect(page.getByTestId('plan-overview')).toContainText('Member');
    await expect(form.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await page.clock.fastForward(20_000);
    await expect(form.getByRole('alert')).toHaveText('Sorry, the payment could not be started.');
    await expect(form.getByRole('status')).toHaveText('');
    expect(await page.evaluate(() => localStorage.getItem('promoItem'))).toBe(line);
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/checkout/${SLUG}$`));
    await expect(page.getByTestId('plan-overview')).toContainText('Member');

    // A new try with the provider back reaches it; the page showed the hand-over until it left.
    await page.unroute(PAYMENT_PROVIDER);
    await form.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
    expect(await whenLeft()).toEqual({
      status: 'Taking you to our payment partner…',
      summary: expect.stringContaining('Member'),
      emptyCart: false,
      submitDisabled: true,
    });
  });

  test('footer dialogs: terms, privacy policies and FAQs of the reseller', async ({ page }) => {
    await page.goto(HOME);
    const footer = page.locator('[data-reseller-footer]');

    await footer.getByRole('button', { name: 'Terms and Conditions' }).click();
    let dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
    await expect(dialog).toContainText('Plans are available to cooperative members and their households.');
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(footer.getByRole('button', { name: 'Terms and Conditions' })).toBeFocused();

    await footer.getByRole('button', { name: 'Privacy Policy' }).click();
    dialog = page.getByRole('dialog', { name: 'Data Privacy Policy' });
    await expect(dialog.getByRole('heading', { name: 'Who processes your data' })).toBeVisible();
    await expect(dialog).toContainText('The cooperative sees only whether your plan is paid and activated');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    await footer.getByRole('button', { name: 'FAQs' }).click();
    dialog = page.getByRole('dialog', { name: 'Frequently asked questions' });
    await expect(dialog).toContainText('Who can buy a Bayanihan Care plan?');
    await expect(dialog).toContainText('Pay online at checkout');
  });

  test('choose a plan, check out, pay at the sandbox: the key e-mail is in the outbox', async ({ page }) => {
    test.setTimeout(90_000);
    await choosePlanAndCheckout(page, 'Member');
    await expect(page.locator('[data-reseller-header]')).toContainText(NAME);
    await expect(page.locator('.site-header')).toHaveCount(0);
    const overview = page.getByTestId('plan-overview');
    await expect(overview).toContainText('Member');
    await expect(overview.locator('.checkout-row--strong dd')).toHaveText('₱1,342.88');

    // Only a phone number requirement: any text is accepted (no length or digit rule).
    await page.locator('.reseller-checkout__form').getByRole('button', { name: 'Checkout' }).click();
    await expect(page.locator('.reseller-checkout__form .form-error-summary')).toContainText('This field is required');
    await field(page, 'Phone number').fill('+63 (917) 123-4567');
    const email = `reseller-buyer-${Date.now()}@example.com`;
    await fillBilling(page, email);
    await expect(page.locator('.reseller-checkout__form')).not.toContainText('Only numbers are allowed');

    const billing = page.waitForRequest(
      (request) => request.url().endsWith('/api/v1/reseller-billing-informations') && request.method() === 'POST',
    );
    await page.locator('.reseller-checkout__form').getByRole('button', { name: 'Checkout' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Information details' });
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const body = (await billing).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ reseller_id: 301, country: 'PH', zip_code: '6000', phone_number: '+63 (917) 123-4567' });
    // The spec's fields: the confirm e-mail and the agreement stay in the browser.
    expect(body).not.toHaveProperty('confirm_email');
    expect(body).not.toHaveProperty('agree');
    expect(body.products).toEqual([
      { name: 'Member', shop_plan_id: 31, quantity: 1, promo_id: null, discount: 0, amount: 1342.88, member: 0 },
    ]);

    // The hidden form post carries the token to the provider, which shows its payment page.
    await expect(page).toHaveURL(/\/sandbox-pay\/checkout\//);
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await expect(page.locator('body')).toContainText('Member x 1');
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/shop\/payment\?status=paid/);

    const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as { data: { to: string; body: string }[] };
    const mail = outbox.data.find((m) => m.to === email);
    expect(mail, 'the confirmation e-mail is in the outbox').toBeTruthy();
    expect(mail?.body).toMatch(/Access key: BD-/);

    // The cart was emptied: the checkout has no selected plan any more.
    await page.goto(`/shop/reseller/checkout/${SLUG}`);
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/$`));
  });

  test('the checkout without a selected plan returns to the reseller site, loading none of the checkout code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto(`/shop/reseller/checkout/${SLUG}`);
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/$`));
    await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
    // The checkout's pipeline and the form machinery (rjsf, the billing form's validator) are
    // loaded only for a plan: a visitor sent back home downloads what the home needs.
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((path) => /ResellerCheckoutView|use-form-definition|billing-reseller/.test(path))).toEqual([]);
  });

  test('a plan left in the promo cart by another shop is not sold here', async ({ page }) => {
    // Storage is written on a page without a shop: the reseller home, still booting, would claim
    // the cart itself (and reload) after the write.
    await page.goto('/404');
    await page.evaluate(() => {
      localStorage.setItem('promoSlug', JSON.stringify('some-promotion'));
      localStorage.setItem(
        'promoItem',
        JSON.stringify({
          id: 21,
          name: 'Other shop plan',
          price: 99900,
          discount: 0,
          description: '',
          member: null,
          maxDependents: 1,
          quantity: 1,
          memberQuantity: 0,
        }),
      );
    });
    // The checkout sends the visitor home, and the home, finding another shop's cart, reloads.
    await gotoExpectingReload(page, `/shop/reseller/checkout/${SLUG}`);
    await expect(page).toHaveURL(new RegExp(`/shop/reseller/${SLUG}/$`));
    // The home claims the cart for this reseller: the foreign plan is gone.
    await expect(page.getByRole('button', { name: 'Choose this plan' }).first()).toBeEnabled();
    expect(await page.evaluate(() => localStorage.getItem('promoItem'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('promoSlug'))).toBe(JSON.stringify(SLUG));
  });

  test('a family plan: household members and dependents on the reseller checkout', async ({ page }) => {
    await page.goto(HOME);
    const card = page.locator('article').filter({ has: page.getByRole('heading', { name: 'Member Family', exact: true }) });
    await card.getByRole('button', { name: 'Choose this plan' }).click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Increase' }).click();
    await page.getByRole('link', { name: 'Checkout' }).click();
    const overview = page.getByTestId('plan-overview');
    // 4,499.00 + 749.00 = 5,248.00; VAT 629.76; total 5,877.76.
    await expect(overview).toContainText('Household members × 1');
    await expect(overview.locator('.checkout-row--strong dd')).toHaveText('₱5,877.76');
    await expect(field(page, 'Number of dependents')).toBeVisible();
  });

  test('key assignment has the reseller shell around the form', async ({ page }) => {
    await page.goto(`/shop/reseller/assignment/${SLUG}`);
    await expect(page.locator('[data-reseller-header]')).toContainText(NAME);
    await expect(page.locator('[data-reseller-footer]')).toBeVisible();
    await expect(page.locator('.site-header')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Key Assignment' })).toBeVisible();
    await expect(page.locator('[data-reseller-header]').getByRole('link', { name: 'Activate your plan' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('no serious accessibility violation on the home and the checkout', async ({ page }) => {
    await page.goto(HOME);
    await expect(page.locator('.plan-grid article').first()).toBeVisible();
    await expect(page.locator('.steps li').first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await choosePlanAndCheckout(page);
    await expect(page.locator('.reseller-checkout__form form')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
