import { expect, test } from './fixtures';
import { type APIRequestContext, type Locator, type Page, type Request } from '@playwright/test';
import { manilaToday } from '../../domain/promo';
import { collectErrors, expectNoSeriousA11yViolations } from './helpers';

/**
 * Key assignment: the single form (/shop/assignment) and the three multi-member screens. Keys are
 * bought in each test (billing + sandbox Pay, read from the outbox), never the seeded demo pairs:
 * other tests run against the same server, and a pair activates only once per database.
 */

interface Pair {
  accessKey: string;
  activationCode: string;
}

const SUCCESS = 'Activation successful! You may now start using the service.';
const USED = 'This access key has already been activated.';
const UNKNOWN = 'Invalid access key or activation code.';
const UNKNOWN_PAIR: Pair = { accessKey: 'BD-ZZZZ-ZZZZ-ZZZZ', activationCode: '00000000' };

const BILLING = {
  country: 'PH',
  first_name: 'Keys',
  last_name: 'Buyer',
  address1: '1 Mabini Street',
  city: 'Pasig',
  state: 'Metro Manila',
  zip: '1600',
  phone_number: '09170000001',
  birthdate: '1985-03-02',
  sex: 'male',
};

const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;

/** The key pairs of the confirmation e-mail sent to `email` (the outbox of demo mode). */
async function keysFromOutbox(request: APIRequestContext, email: string): Promise<Pair[]> {
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as { data: { to: string; body: string }[] };
  const mail = outbox.data.find((m) => m.to === email);
  expect(mail, `the e-mail to ${email} is in the outbox`).toBeTruthy();
  return [...mail!.body.matchAll(/Access key: (\S+)\s+Activation code: (\d+)/g)].map((m) => ({ accessKey: m[1], activationCode: m[2] }));
}

/** Buys `quantity` Individual plans (plan 1: billed 1,678.88 per unit) through the API and the sandbox Pay. */
async function buyKeys(request: APIRequestContext, quantity: number): Promise<Pair[]> {
  const email = uniqueEmail('keys');
  const line = { shop_plan_id: 1, quantity, discount: 0, amount: 1678.88, name: 'Individual', description: '', member: 0, promo_id: null };
  const billing = await request.post('/api/v1/billing-informations', { data: { ...BILLING, email, products: [line] } });
  expect(billing.status()).toBe(201);
  const { token } = ((await billing.json()) as { sandboxpay: { payment_request: { token: string } } }).sandboxpay.payment_request;
  const pay = await request.post(`/sandbox-pay/checkout/${token}/pay`, { form: { token }, maxRedirects: 0 });
  expect(pay.status()).toBe(303);
  const pairs = await keysFromOutbox(request, email);
  expect(pairs).toHaveLength(quantity);
  return pairs;
}

/** A birthdate as MM/DD/YYYY: today in Manila shifted by whole years, months and days. */
function usBirthdate({ years = 0, months = 0, days = 0 }: { years?: number; months?: number; days?: number }): string {
  const [y, m, d] = manilaToday().split('-').map(Number);
  const date = new Date(Date.UTC(y - years, m - 1 - months, d + days));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

/** A form field by its label (the required asterisk aside). */
const field = (scope: Locator | Page, label: string) => scope.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\s*\\*?$`));
const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

async function fillCard(page: Page, title: string, pair: Pair, overrides: Record<string, string> = {}) {
  const values: Record<string, string> = {
    'First name': `${title} First`,
    'Last name': 'Reyes',
    'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 30 }),
    Email: `${title.toLowerCase().replace(/\W+/g, '')}@example.com`,
    'Contact number': '09171234567',
    'Access key': pair.accessKey,
    'Activation code': pair.activationCode,
    ...overrides,
  };
  const scope = card(page, title);
  for (const [label, value] of Object.entries(values)) await field(scope, label).fill(value);
}

/** Records the key-assignment requests the page sends, in order. */
function recordAssignments(page: Page): Record<string, unknown>[] {
  const sent: Record<string, unknown>[] = [];
  page.on('request', (request: Request) => {
    if (request.method() === 'POST' && request.url().endsWith('/api/v1/key-assignments'))
      sent.push(request.postDataJSON() as Record<string, unknown>);
  });
  return sent;
}

async function assignAndConfirm(page: Page) {
  await page.getByRole('button', { name: 'Assign Keys' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm' });
  await expect(confirm).toContainText('Would you like to send a key assignment request?');
  await confirm.getByRole('button', { name: 'Yes' }).click();
}

test.describe('single key assignment form', () => {
  test('a key bought through the sandbox activates once; the second time the error dialog says why', async ({ page }) => {
    test.setTimeout(90_000);
    const errors = collectErrors(page);
    // Buy one plan through the shop, the checkout and the sandbox provider.
    await page.goto('/shop');
    const planCard = page
      .locator('article')
      .filter({ has: page.getByRole('button', { name: 'Add to cart' }) })
      .first();
    await planCard.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('button', { name: /^Cart/ }).click();
    await page.getByRole('link', { name: 'Checkout' }).click();
    const billing = page.locator('.checkout__form');
    const email = uniqueEmail('single');
    for (const [label, value] of [
      ['First name', 'Ramon'],
      ['Last name', 'Garcia'],
      ['Address 1', '8 Luna Street'],
      ['City', 'Cebu City'],
      ['State / Province', 'Cebu'],
      ['Zip code', '6000'],
      ['Phone number', '09171234567'],
      ['Email', email],
      ['Confirm email', email],
      ['Birthdate', '1988-07-09'],
    ]) {
      await field(billing, label).fill(value);
    }
    await billing.getByRole('radio', { name: 'Male', exact: true }).check();
    await billing.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ }).check();
    await billing.getByRole('button', { name: 'Checkout' }).click();
    await page.getByRole('alertdialog', { name: 'Information details' }).getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('heading', { name: 'Sandbox payment' })).toBeVisible();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/shop\/payment\?status=paid/);
    const [pair] = await keysFromOutbox(page.request, email);

    await page.goto('/shop/assignment');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Key Assignment');
    const form = page.locator('.form-card');
    await expect(form).toBeVisible();
    expect((await form.boundingBox())?.width).toBeLessThanOrEqual(520);

    // The form's own rules.
    await form.getByRole('button', { name: 'Submit' }).click();
    await expect(form.locator('.form-error-summary')).toContainText('This field is required');
    await field(form, 'Contact number').fill('091712345678');
    await expect(form).toContainText('Up to 11 characters allowed');
    await field(form, 'Contact number').fill('0917-12345');
    await expect(form).toContainText('Only numbers are allowed');
    // Access key and activation code are masked, with a show toggle.
    await expect(field(form, 'Access key')).toHaveAttribute('type', 'password');
    await form.getByRole('button', { name: 'Show Access key' }).click();
    await expect(field(form, 'Access key')).toHaveAttribute('type', 'text');

    const fill = async () => {
      await field(form, 'First name').fill('Ramon');
      await field(form, 'Last name').fill('Garcia');
      await field(form, 'Birthdate').fill('1988-07-09');
      await field(form, 'Email').fill('ramon@example.com');
      await field(form, 'Contact number').fill('09171234567');
      await field(form, 'Access key').fill(pair.accessKey);
      await field(form, 'Activation code').fill(pair.activationCode);
      await form.getByRole('radio', { name: 'Male', exact: true }).check();
    };
    await fill();
    const sent = recordAssignments(page);
    await form.getByRole('button', { name: 'Submit' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Confirm' });
    await expect(confirm).toContainText('Would you like to send a key assignment request?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const success = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(success).toBeVisible();
    // The spec's payload, field by field: no form-submission envelope (key, data).
    expect(sent).toEqual([
      {
        first_name: 'Ramon',
        last_name: 'Garcia',
        birthdate: '1988-07-09',
        email: 'ramon@example.com',
        phone_number: '09171234567',
        access_key: pair.accessKey,
        activation_code: pair.activationCode,
        gender: 'male',
      },
    ]);
    await expect(success).toContainText(
      'You have successfully activated your account. You may now call us anytime for any health concerns.',
    );
    await success.getByRole('link', { name: 'Go to home page' }).click();

    // The same key again: refused, and the error dialog shows the server's reason.
    await page.goto('/shop/assignment');
    await fill();
    await form.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('alertdialog', { name: 'Confirm' }).getByRole('button', { name: 'Yes' }).click();
    const failure = page.getByRole('dialog', { name: 'Failed key assignment' });
    await expect(failure).toContainText(USED);
    await failure.getByRole('button', { name: 'Close' }).click();
    await expect(failure).toBeHidden();
    // Closing gives the page back to assistive technology (nothing left aria-hidden by the dialog).
    await expect(form.getByRole('button', { name: 'Submit' })).toHaveCount(1);
    await expect(page.locator('#root [aria-hidden="true"]:has(form)')).toHaveCount(0);
    // A refused key keeps what was typed, so a typo can be fixed.
    await expect(field(form, 'Access key')).toHaveValue(pair.accessKey);
    expect(errors.filter((e) => !/status of 409|Failed key assignment|key-assignments/i.test(e))).toEqual([]);
  });

  test('no serious accessibility violation on the form, with its errors shown', async ({ page }) => {
    await page.goto('/shop/assignment');
    await page.locator('.form-card').getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.form-error-summary')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('multi-member assignment screens', () => {
  test('single: fixed cards, the card rules, nothing sent until every card passes, then one request per card in order', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const [me, father] = await buyKeys(page.request, 2);
    const sent = recordAssignments(page);
    await page.goto('/shop/keyassignmentsingle');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Assignment for Individual plus Parents');
    // The banner's '/shop' button is an in-app link.
    const back = page.locator('.banner').getByRole('link', { name: 'Back to shop' });
    await expect(back).toHaveAttribute('href', '/shop');
    await expect(back).not.toHaveAttribute('target', '_blank');

    for (const title of ['Myself', 'Mother', 'Father']) await expect(card(page, title)).toBeVisible();
    await expect(page.getByRole('button', { name: /Remove/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add Dependent' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Assign Keys' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
    for (const title of ['Myself', 'Mother', 'Father']) await expect(card(page, title)).toContainText('This field is required');
    // Focus goes to the first invalid field.
    await expect(field(card(page, 'Myself'), 'First name')).toBeFocused();

    const myself = card(page, 'Myself');
    await field(myself, 'Email').fill('juan@example');
    await expect(myself).toContainText('Must be a valid e-mail');
    await field(myself, 'Birthdate (MM/DD/YYYY)').fill('1990-01-31');
    await expect(myself).toContainText('Enter a valid date (MM/DD/YYYY)');
    await field(myself, 'Birthdate (MM/DD/YYYY)').fill('02/30/1990');
    await expect(myself).toContainText('Enter a valid date (MM/DD/YYYY)');
    // One day short of 18 in Manila, then exactly 18.
    await field(myself, 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ years: 18, days: 1 }));
    await expect(myself).toContainText('Must be 18 years old or above');
    await field(myself, 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ years: 18 }));
    await expect(myself).not.toContainText('Must be 18 years old or above');

    await fillCard(page, 'Myself', me, { 'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 18 }) });
    await fillCard(page, 'Mother', UNKNOWN_PAIR, { 'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 55 }) });
    await fillCard(page, 'Father', father, { 'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 17 }), 'Middle name': 'Santos' });
    await page.getByRole('button', { name: 'Assign Keys' }).click();
    await expect(card(page, 'Father')).toContainText('Must be 18 years old or above');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(sent).toEqual([]);

    await field(card(page, 'Father'), 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ years: 58 }));
    await assignAndConfirm(page);
    await expect(card(page, 'Father').locator('.member-card__alert--success')).toHaveText(SUCCESS);
    await expect(card(page, 'Myself').locator('.member-card__alert--success')).toHaveText(SUCCESS);
    await expect(card(page, 'Mother').locator('.member-card__alert--failure')).toHaveText(UNKNOWN);
    // One request per card, in order, even after the failure in the middle.
    expect(sent.map((p) => p.first_name)).toEqual(['Myself First', 'Mother First', 'Father First']);
    expect(sent[2]).toEqual({
      first_name: 'Father First',
      middle_name: 'Santos',
      last_name: 'Reyes',
      birthdate: usBirthdate({ years: 58 }),
      email: 'father@example.com',
      phone_number: '09171234567',
      access_key: father.accessKey,
      activation_code: father.activationCode,
      employee: false,
    });
    // Activated cards are locked; a corrected card is sent alone on the next press.
    await expect(field(card(page, 'Myself'), 'First name')).toBeDisabled();
    const [mother] = await buyKeys(page.request, 1);
    await field(card(page, 'Mother'), 'Access key').fill(mother.accessKey);
    await field(card(page, 'Mother'), 'Activation code').fill(mother.activationCode);
    await assignAndConfirm(page);
    await expect(card(page, 'Mother').locator('.member-card__alert--success')).toHaveText(SUCCESS);
    expect(sent).toHaveLength(4);
    expect(sent[3].first_name).toBe('Mother First');
  });

  test('family: dependents are added and removed, capped at 10, aged 6 to 215 months; each card shows its own result', async ({ page }) => {
    test.setTimeout(60_000);
    const [me, spouse, child] = await buyKeys(page.request, 3);
    // The spouse's key is used before the screen sends it.
    const used = await page.request.post('/api/v1/key-assignments', {
      data: {
        first_name: 'Early',
        last_name: 'Bird',
        birthdate: '01/01/1990',
        email: 'early@example.com',
        phone_number: '0917',
        access_key: spouse.accessKey,
        activation_code: spouse.activationCode,
        employee: false,
      },
    });
    expect(used.status()).toBe(200);
    const sent = recordAssignments(page);
    await page.goto('/shop/keyassignmentfamily');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Assignment for Family');
    await expect(card(page, 'Myself')).toBeVisible();
    await expect(card(page, 'Spouse')).toBeVisible();

    const add = page.getByRole('button', { name: 'Add Dependent' });
    await add.click();
    await expect(card(page, 'Dependents 1')).toBeVisible();
    await expect(field(card(page, 'Dependents 1'), 'First name')).toBeFocused();
    for (let n = 2; n <= 10; n++) await add.click();
    await expect(page.locator('.member-card[data-card]')).toHaveCount(12);
    await expect(card(page, 'Dependents 10')).toBeVisible();
    // The cap: no eleventh dependent.
    await expect(add).toHaveCount(0);
    await expect(page.getByText('You have added the maximum of 10 dependents.')).toBeVisible();

    // Removing one renumbers the rest and brings the add button back.
    await field(card(page, 'Dependents 3'), 'First name').fill('Third');
    await page.getByRole('button', { name: 'Remove Dependents 2' }).click();
    await expect(page.locator('.member-card[data-card]')).toHaveCount(11);
    await expect(field(card(page, 'Dependents 2'), 'First name')).toHaveValue('Third');
    await expect(add).toBeFocused();
    for (let n = 9; n > 1; n--) await page.getByRole('button', { name: `Remove Dependents ${n}` }).click();
    await expect(page.locator('.member-card[data-card]')).toHaveCount(3);

    const dependent = card(page, 'Dependents 1');
    await fillCard(page, 'Myself', me);
    await fillCard(page, 'Spouse', spouse);
    await fillCard(page, 'Dependents 1', child, { 'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 20 }) });
    await page.getByRole('button', { name: 'Assign Keys' }).click();
    await expect(dependent).toContainText('Must be at least 6 mos. or below 18 yrs. old');
    await field(dependent, 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ months: 6, days: 1 }));
    await expect(dependent).toContainText('Must be at least 6 mos. or below 18 yrs. old');
    await field(dependent, 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ months: 6 }));
    await expect(dependent).not.toContainText('Must be at least 6 mos. or below 18 yrs. old');
    expect(sent).toEqual([]);

    await assignAndConfirm(page);
    await expect(dependent.locator('.member-card__alert--success')).toHaveText(SUCCESS);
    await expect(card(page, 'Myself').locator('.member-card__alert--success')).toHaveText(SUCCESS);
    await expect(card(page, 'Spouse').locator('.member-card__alert--failure')).toHaveText(USED);
    expect(sent.map((p) => p.access_key)).toEqual([me.accessKey, spouse.accessKey, child.accessKey]);
    expect(sent.every((p) => p.employee === false)).toBe(true);
  });

  test('family plus: no cap on dependents, who must be 18 or older; the employee flag marks Myself', async ({ page }) => {
    test.setTimeout(60_000);
    const [me, spouse, adult] = await buyKeys(page.request, 3);
    const sent = recordAssignments(page);
    await page.goto('/shop/keyassignmentfamilyplus');
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Assignment for Family plus Employees');
    const add = page.getByRole('button', { name: 'Add Dependent' });
    for (let n = 1; n <= 11; n++) await add.click();
    await expect(card(page, 'Dependents 11')).toBeVisible();
    await expect(add).toBeVisible();
    for (let n = 11; n > 1; n--) await page.getByRole('button', { name: `Remove Dependents ${n}` }).click();

    const dependent = card(page, 'Dependents 1');
    await fillCard(page, 'Myself', me);
    await fillCard(page, 'Spouse', spouse);
    await fillCard(page, 'Dependents 1', adult, { 'Birthdate (MM/DD/YYYY)': usBirthdate({ years: 10 }) });
    await page.getByRole('button', { name: 'Assign Keys' }).click();
    await expect(dependent).toContainText('Must be 18 years old or above');
    await field(dependent, 'Birthdate (MM/DD/YYYY)').fill(usBirthdate({ years: 19 }));
    await expect(dependent).not.toContainText('Must be 18 years old or above');

    await assignAndConfirm(page);
    for (const title of ['Myself', 'Spouse', 'Dependents 1'])
      await expect(card(page, title).locator('.member-card__alert--success')).toHaveText(SUCCESS);
    expect(sent.map((p) => [p.access_key, p.employee])).toEqual([
      [me.accessKey, true],
      [spouse.accessKey, false],
      [adult.accessKey, false],
    ]);
    // An activated card is locked: its key is used.
    await expect(field(dependent, 'Access key')).toBeDisabled();
  });

  for (const path of ['/shop/keyassignmentsingle', '/shop/keyassignmentfamily', '/shop/keyassignmentfamilyplus']) {
    test(`no serious accessibility violation on ${path}, with errors shown`, async ({ page }) => {
      await page.goto(path);
      const addButton = page.getByRole('button', { name: 'Add Dependent' });
      if (await addButton.count()) await addButton.click();
      await page.getByRole('button', { name: 'Assign Keys' }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'Please correct the highlighted fields.' })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }
});
