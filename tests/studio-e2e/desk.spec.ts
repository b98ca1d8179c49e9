import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, demoEmail } from '../../server/studio/demo';
import { CV_PDF } from '../server/files';
import { VALID_SUBMISSIONS } from '../server/requests';
import { noSeriousViolations, signInAs, SITE, submitFreshCode } from './helpers';

/**
 * The studio in Chromium, as a staff member uses it: the demo's staff account signs in with its
 * password and a TOTP code, finds a careers application sent through the site's API, opens it,
 * assigns it to itself, adds a note and sets it done. Every control is used as soon as it shows.
 */
test('staff: sign in, find a careers application, assign it, note it, set it done', async ({ page, request }) => {
  const applicant = `ana.${Date.now()}@example.com`;
  const posted = await request.post(`${SITE}/api/v1/form-emails/apply-now`, {
    multipart: {
      key: 'apply-now',
      data: JSON.stringify({ ...VALID_SUBMISSIONS['apply-now'], name: 'Ana Reyes', emailAddress: applicant }),
      file: { name: 'Ana CV.pdf', mimeType: 'application/pdf', buffer: CV_PDF },
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  // Fluent UI's runtime styles go in with the page's nonce: the CSP refuses nothing.
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/desk/submissions');
  // Not signed in: the studio sends the visitor to sign-in.
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to the studio' })).toBeVisible();
  await noSeriousViolations(page);

  // A wrong code is refused in words.
  await page.getByLabel('E-mail').fill(demoEmail('staff'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill('000000');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail, password or code is wrong.');

  await submitFreshCode(page, demoEmail('staff'));
  await expect(page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link')).toHaveText([
    'Submissions',
    'Orders',
    'Payments to review',
    'E-mails',
  ]);

  await expect(page.getByLabel('Form').locator('option[value="apply-now"]')).toHaveText('Careers application');
  await page.getByLabel('Form').selectOption('apply-now');
  await page.getByLabel('Search by name or e-mail').fill(applicant);
  const row = page.getByRole('row').filter({ hasText: applicant });
  await expect(row).toContainText('Ana Reyes');
  await expect(row).toContainText('New');
  await noSeriousViolations(page);

  await page.setViewportSize({ width: 1280, height: 800 });
  await row.getByRole('link', { name: 'Ana Reyes' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Ana Reyes');
  await expect(page.getByRole('link', { name: 'Download Ana CV.pdf' })).toHaveAttribute(
    'href',
    /\/api\/studio\/desk\/submissions\/\d+\/files\/\d+$/,
  );

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await expect(page.getByText(`Assigned to: ${demoEmail('staff')}`)).toBeVisible();

  await page.getByLabel('New note (only staff see it)').fill('Called her back; interview on Monday.');
  await page.getByRole('button', { name: 'Add note' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'Called her back; interview on Monday.' })).toBeVisible();

  await page.getByLabel('Status').selectOption('done');
  await page.getByRole('button', { name: 'Set status' }).click();
  // The record's badge shows the status the server stored: the save is over before axe reads the page.
  await expect(page.locator('.fui-Badge').first()).toHaveText('Done');
  await expect(page.getByRole('button', { name: 'Set status' })).toBeDisabled();
  await noSeriousViolations(page);

  await page.getByRole('link', { name: 'Back to the list' }).click();
  await page.getByLabel('Search by name or e-mail').fill(applicant);
  await expect(page.getByRole('row').filter({ hasText: applicant })).toContainText('Done');
  expect(refused).toEqual([]);
});

test('staff: an order found by e-mail with its keys masked, no payment to review, an unsent e-mail resent', async ({ page, request }) => {
  // Without SMTP_URL (the demo) the staff e-mail of a contact message waits in the outbox.
  const posted = await request.post(`${SITE}/api/v1/form-emails/contact-us`, {
    multipart: { key: 'contact-us', data: JSON.stringify(VALID_SUBMISSIONS['contact-us']) },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'staff');

  const nav = page.getByRole('navigation', { name: 'Studio sections' });
  await nav.getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('E-mail, order number or key').fill('demo.buyer@example.com');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByText('2 order(s)')).toBeVisible();
  await page.getByRole('row').getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Paid');
  await expect(page.getByRole('cell', { name: '••••-••••' }).first()).toBeVisible();
  await noSeriousViolations(page);

  await nav.getByRole('link', { name: 'Payments to review' }).click();
  await expect(page.getByText('No payment waits for review.')).toBeVisible();
  await noSeriousViolations(page);

  await nav.getByRole('link', { name: 'E-mails' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Contact form: a message from the website' }).first();
  await expect(row).toContainText('Not sent yet');
  await row.getByRole('button', { name: 'Resend' }).click();
  await expect(row.getByText('Send this e-mail to hello@bantaydoc.example again?')).toBeVisible();
  await row.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status')).toHaveText('Queued: it goes out again in a moment.');
  await noSeriousViolations(page);
});

test('the page: a strict CSP whose style nonce is new each time; the API path stays JSON', async ({ request }) => {
  const first = await request.get('/sign-in');
  const second = await request.get('/sign-in');
  const csp = first.headers()['content-security-policy'];
  expect(csp).toMatch(/^default-src 'none'; script-src 'self'; style-src 'self' 'nonce-[A-Za-z0-9+/=]+'; connect-src 'self'; /);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(second.headers()['content-security-policy']).not.toBe(csp);
  expect(first.headers()['cache-control']).toBe('no-store');
  const unknown = await request.get('/api/studio/nothing-here');
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ message: 'Not found' });
});
