import { expect, test } from './fixtures';
import { type Locator, type Page } from '@playwright/test';
import { collectErrors, expectNoSeriousA11yViolations } from './helpers';

/** Records Content-Security-Policy violations the page reports. */
async function watchCsp(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __csp: string[] }).__csp.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return () => page.evaluate(() => (window as unknown as { __csp: string[] }).__csp);
}

/** A field by its label (required fields carry Fluent's ' *' marker in their accessible name). */
function field(page: Page | Locator, label: string) {
  return page.getByLabel(labelPattern(label));
}

function labelPattern(label: string) {
  return new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s*\\*?$`);
}

/** The message shown on a field: its error list is linked to the input by aria-describedby. */
async function fieldError(page: Page, label: string) {
  const id = await field(page, label).getAttribute('id');
  return page.locator(`#${id}__error`);
}

/** Opens /contact, fills the required fields validly and presses Submit (the confirm dialog opens). */
async function submitValidContactForm(page: Page) {
  await page.goto('/contact');
  await field(page, 'First name').fill('Ana');
  await field(page, 'Last name').fill('Santos');
  await field(page, 'Email').fill('ana@example.com');
  await field(page, 'Phone number').fill('09170000000');
  await field(page, 'Company').fill('Acme');
  await page.locator('.form-runner').getByRole('button', { name: 'Submit' }).click();
}

async function submissions(page: Page) {
  const response = await page.request.get('/api/dev/form-submissions');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { data: { form_key: string; data: Record<string, unknown> }[] }).data;
}

test.describe('contact form', () => {
  test('validates with the spec messages, confirms, sends, stores and thanks', async ({ page }) => {
    const cspViolations = await watchCsp(page);
    const errors = collectErrors(page);
    await page.goto('/contact');
    const form = page.locator('.form-runner');
    await form.getByRole('button', { name: 'Submit' }).click();

    await expect(form.getByRole('alert')).toContainText('First name: This field is required');
    await expect(await fieldError(page, 'First name')).toHaveText('This field is required');
    await expect(await fieldError(page, 'Company')).toHaveText('This field is required');
    await expect(field(page, 'First name')).toBeFocused();
    await expect(await fieldError(page, 'Message')).toHaveCount(0);

    await field(page, 'Email').fill('juan@example');
    await field(page, 'Phone number').fill('091712345678');
    await expect(await fieldError(page, 'Email')).toHaveText('Email must be valid');
    await expect(await fieldError(page, 'Phone number')).toHaveText('Up to 11 characters allowed');
    await field(page, 'Phone number').fill('0917-123');
    await expect(await fieldError(page, 'Phone number')).toHaveText('Only numbers are allowed');

    const unique = `Dela Cruz ${Date.now()}`;
    await field(page, 'First name').fill('Juan');
    await field(page, 'Last name').fill(unique);
    await field(page, 'Email').fill('juan@example.com');
    await field(page, 'Phone number').fill('09171234567');
    await field(page, 'Company').fill('Sari-Sari Corp');
    await field(page, 'Message').fill('Do you cover my whole family?');
    await form.getByRole('button', { name: 'Submit' }).click();

    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Would you like to send this message?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const success = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(success).toContainText('You have successfully submitted your message.');
    await expect(success.getByRole('link', { name: 'Go to home page' })).toBeVisible();

    const stored = await submissions(page);
    expect(stored.some((s) => s.form_key === 'contact-us' && s.data.lastName === unique)).toBe(true);
    expect(await cspViolations()).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('answering No sends nothing', async ({ page }) => {
    let posted = false;
    page.on('request', (request) => {
      if (request.method() === 'POST') posted = true;
    });
    await submitValidContactForm(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'No' }).click();
    await expect(page.getByRole('alertdialog')).toBeHidden();
    expect(posted).toBe(false);
  });

  test('a submission that returns nothing shows no success dialog and logs the spec text', async ({ page }) => {
    const errors = collectErrors(page);
    await page.route('**/api/v1/form-emails/contact-us', (route) => route.fulfill({ status: 200, body: '' }));
    await submitValidContactForm(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect.poll(() => errors).toContain('Sorry, there was a problem saving your transaction.');
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toHaveCount(0);
  });

  test('no serious accessibility violation with errors shown', async ({ page }) => {
    await page.goto('/contact');
    await page.locator('.form-runner').getByRole('button', { name: 'Submit' }).click();
    await expect(page.locator('.form-runner').getByRole('alert')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('business forms', () => {
  test('get a quote and become a partner', async ({ page }) => {
    await page.goto('/business');
    const quote = page.locator('section', { has: page.getByRole('heading', { name: 'Get Quote' }) });
    await quote.getByRole('button', { name: 'Get Quote' }).click();
    await expect(quote.getByRole('alert')).toContainText('Existing HMO provider: This field is required');
    await field(quote, 'Name').fill('Maria Reyes');
    await quote.getByLabel('Designation').fill('HR Head');
    await quote.getByLabel('Email').fill('maria@example.com');
    await quote.getByLabel('Contact number').fill('09181234567');
    await quote.getByLabel('Company name').fill('Reyes Logistics');
    await quote.getByLabel('Nature of business').fill('Logistics');
    await quote.getByLabel('Total number of employees').selectOption('51-200');
    await quote.getByLabel('Annual budget per head').selectOption('Below 20,000');
    await quote.getByRole('radio', { name: 'No' }).check();
    await quote.getByLabel('Requirements').fill('Teleconsultation for all employees and dependents.');
    await quote.getByRole('button', { name: 'Get Quote' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Thank you!' }).press('Escape');

    const partner = page.locator('section', { has: page.getByRole('heading', { name: 'Be a Partner' }) });
    await field(partner, 'Name').fill('Jose Lim');
    await partner.getByLabel('Email').fill('jose@example');
    await partner.getByRole('button', { name: 'Be a Partner' }).click();
    await expect(partner.getByRole('alert')).toContainText('Email must be valid');
    await expect(page.getByRole('heading', { name: 'What our partners are saying' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('forms that send nothing', () => {
  test('callback: confirm then success, no request', async ({ page }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await page.goto('/callback');
    await expect(page.getByRole('heading', { name: 'Need to talk to a Doctor?', level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Get my callback' }).click();
    await expect(await fieldError(page, 'Contact number')).toHaveText('This field is required');
    await field(page, 'Contact number').fill('09171234567');
    await page.getByRole('button', { name: 'Get my callback' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Would you like to send a callback request?');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    await expect(page.getByRole('dialog', { name: 'Thank you!' })).toContainText('You successfully submitted your callback request.');
    expect(posts).toEqual([]);
  });

  test('speed-up: confirm titled Continue, success with a link home', async ({ page }) => {
    await page.goto('/callback/speed');
    await field(page, 'Name').fill('Pedro Cruz');
    await field(page, 'Email').fill('pedro@example.com');
    await field(page, 'Provider').selectOption('Provider 2');
    await page.getByRole('button', { name: 'Hurry Up Doc!' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Continue' });
    await expect(confirm).toContainText('Would you like to request an immediate consultation from a doctor?');
    await confirm.getByRole('button', { name: 'Yes' }).click();
    const success = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(success).toContainText('You successfully submitted your request to speed up callback process.');
    await success.getByRole('link', { name: 'Go to home page' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('registration: the terms box starts unticked; Login validates, sends nothing and keeps what was typed; Cancel clears', async ({
    page,
  }) => {
    const posts: string[] = [];
    page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));
    await page.goto('/register');
    const terms = page.getByRole('checkbox', { name: /I agree to the Terms and Conditions/ });
    await expect(terms).not.toBeChecked();
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(await fieldError(page, 'Email')).toHaveText('This field is required');
    await expect(page.locator('.form-error-summary')).toContainText('You must agree to continue');

    await field(page, 'Email').fill('x@example.com');
    await field(page, 'Password').fill('secret-1');
    await field(page, 'Confirm password').fill('secret-1');
    await terms.check();
    await expect(page.locator('.form-error-summary')).toHaveCount(0);
    await page.getByRole('button', { name: 'Login' }).click();
    // A valid submit of an inert form: nothing is sent, nothing is emptied.
    await page.waitForTimeout(500);
    await expect(field(page, 'Email')).toHaveValue('x@example.com');
    await expect(field(page, 'Password')).toHaveValue('secret-1');
    await expect(terms).toBeChecked();
    expect(posts).toEqual([]);

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(field(page, 'Email')).toHaveValue('');
    await expect(terms).not.toBeChecked();
    await expect(page.locator('.form-error-summary')).toHaveCount(0);
  });
});

test.describe('program referrals', () => {
  for (const [path, title, key, extra] of [
    ['/program/generali/alarm-center-referral', 'Alarm Center Referral Project', 'alarm-center-referral', []],
    [
      '/program/intellicare/customer-service-steerage',
      'Customer Service Steerage Program',
      'customer-service-steerage',
      [['Team code', 'TEAM-7']],
    ],
  ] as const) {
    test(`${title}: Submit validates, confirms and sends the referral to staff; Cancel clears`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
      await page.getByRole('button', { name: 'Submit' }).click();
      await expect(page.locator('.form-error-summary')).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      const card = `GC-${Date.now()}`;
      await field(page, "Member's name").fill('Rosa Reyes');
      await field(page, 'Card number').fill(card);
      await field(page, 'Contact number').fill('09171234567');
      for (const [label, value] of extra) await field(page, label).fill(value);
      await page.getByRole('button', { name: 'Submit' }).click();
      const confirm = page.getByRole('alertdialog');
      await expect(confirm).toContainText('Would you like to send this referral?');
      await confirm.getByRole('button', { name: 'Yes' }).click();
      const success = page.getByRole('dialog', { name: 'Thank you!' });
      await expect(success).toContainText('Your referral has been sent.');
      const stored = await submissions(page);
      expect(stored.some((s) => s.form_key === key && s.data.cardNumber === card)).toBe(true);
      await success.press('Escape');
      await expect(field(page, "Member's name")).toHaveValue('');

      await field(page, "Member's name").fill('Rosa Reyes');
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(field(page, "Member's name")).toHaveValue('');
      await expect(page.locator('.form-error-summary')).toHaveCount(0);
    });
  }
});

test.describe('job application', () => {
  test('picks a job from the list, checks the file, sends multipart and reloads', async ({ page }) => {
    await page.goto('/jobs');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Apply Now!' }) });
    const jobSelect = form.getByLabel('Job title');
    await expect(jobSelect.locator('option').nth(1)).toBeAttached();
    const job = await jobSelect.locator('option').nth(1).textContent();
    await field(form, 'Name').fill('Liza Soberano');
    await form.getByLabel('Email address').fill('liza@example.com');
    await form.getByLabel('Contact number').fill('09991234567');
    await jobSelect.selectOption(job ?? '');
    await form.getByLabel('Resume / CV').setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('png') });
    await form.getByRole('button', { name: 'Apply Now!' }).click();
    await expect(form.getByRole('alert')).toContainText('Only PDF, DOCX or DOC files are allowed');

    const unique = `cv-${Date.now()}.pdf`;
    await form.getByLabel('Resume / CV').setInputFiles({ name: unique, mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4 test') });
    await form.getByRole('button', { name: 'Apply Now!' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Yes' }).click();
    const success = page.getByRole('dialog', { name: 'Thank you!' });
    await expect(success).toBeVisible();
    const reloaded = page.waitForEvent('load');
    await success.press('Escape');
    await reloaded;
    const stored = await submissions(page);
    const application = stored.find((s) => s.form_key === 'apply-now' && s.data.jobTitle === job);
    expect(application).toBeTruthy();
  });
});
