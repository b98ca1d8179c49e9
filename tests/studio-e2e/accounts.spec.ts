import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import { generate as totpCode } from 'otplib';
import { SESSION_IDLE_MS } from '../../server/studio/context';
import { demoEmail } from '../../server/studio/demo';
import { enrolmentLinkSentTo, noSeriousViolations, signInAs, STUDIO } from './helpers';

/** The demo server's studio database (playwright.studio.config.ts: DATA_DIR is `.e2e-data-studio-<studio port>`). */
const STUDIO_PORT = Number(process.env.E2E_STUDIO_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 1);
const DATABASE = `.e2e-data-studio-${STUDIO_PORT}/app.db`;
const PASSWORD = 'a long enough passphrase';
const STEP_SECONDS = 30;

const codeAt = (secret: string, step: number) => totpCode({ secret, epoch: step * STEP_SECONDS });

/** Signs in on the sign-in screen with a TOTP code or a recovery code; returns the sign-in's HTTP status. */
async function signIn(page: Page, email: string, code: string): Promise<number> {
  await page.goto('/sign-in');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(code);
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/studio/sign-in'));
  await page.getByRole('button', { name: 'Sign in' }).click();
  return (await answer).status();
}

/**
 * The admin's screens in Chromium: the demo admin invites a person, who enrols with a password and
 * an authenticator app (codes computed from the setup key the screen shows), signs in with a code,
 * then with a recovery code, once; signs out everywhere from one browser and the other is signed
 * out; is disabled by the admin while signed in, and its next step lands on sign-in; the admin reads
 * it in the audit trail and downloads the filtered rows as CSV.
 */
test('admin: invite, enrolment, recovery code, sign out everywhere, disable, audit and its CSV', async ({ page, browser, request }) => {
  const person = `pat.${Date.now()}@example.com`;
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'admin');
  // An admin has no desk: the studio opens on the accounts.
  await expect(page).toHaveURL(/\/admin\/accounts$/);
  const nav = page.getByRole('navigation', { name: 'Studio sections' });
  await expect(nav.getByRole('link')).toHaveText(['Accounts', 'Audit trail', 'Settings']);

  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(person);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('Type an e-mail address and choose at least one role.');
  await page.getByRole('checkbox', { name: /^Staff/ }).check();
  // The API's refusal, in its words: an address that has an account already.
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(demoEmail('editor'));
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('alert')).toHaveText('An account with this e-mail address exists already.');
  await page.getByRole('textbox', { name: 'E-mail', exact: true }).fill(person);
  await page.getByRole('button', { name: 'Send the invitation' }).click();
  await expect(page.getByRole('status')).toContainText(`An e-mail with the set-up link went to ${person}. The link works once, until`);
  await expect(page.getByRole('row').filter({ hasText: person })).toContainText('Staff');
  // Its own account: the actions are not offered, and the screen says why.
  await expect(page.getByRole('row').filter({ hasText: demoEmail('admin') })).toContainText('(you)');
  await noSeriousViolations(page);
  await page.getByRole('link', { name: demoEmail('admin') }).click();
  await expect(page.getByText('This is your own account.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable the account' })).toHaveCount(0);

  // The invited person, in a browser of their own.
  const link = await enrolmentLinkSentTo(request, person);
  const theirs = await browser.newContext({ baseURL: STUDIO });
  const them = await theirs.newPage();
  await them.goto(link);
  // A passkey is offered first; this person takes the password and an authenticator app.
  await them.getByRole('button', { name: 'Use a password and an authenticator app' }).click();
  // The setup key as a QR code to scan, and as text to type.
  await expect(them.getByRole('img', { name: 'QR code of your setup key, for your authenticator app to scan' })).toHaveJSProperty(
    'naturalWidth',
    192,
  );
  const secret = await them.getByLabel('Setup key').inputValue();
  await them.getByLabel(/^Password\s*\*?$/).fill(PASSWORD);
  await them.getByLabel('Password again').fill(PASSWORD);
  const step = Math.floor(Date.now() / 1000 / STEP_SECONDS);
  await them.getByLabel('6-digit code').fill(await codeAt(secret, step));
  await them.getByRole('button', { name: 'Finish set-up' }).click();
  const codes = them.getByRole('list', { name: 'Your recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recovery = await codes.allTextContents();

  // The step the enrolment used is spent; the server takes the next one already (one step of drift).
  expect(await signIn(them, person, await codeAt(secret, step + 1))).toBe(200);
  await expect(them.getByText(`Signed in as ${person}`)).toBeVisible();
  await them.getByRole('button', { name: 'Sign out', exact: true }).click();
  expect(await signIn(them, person, recovery[0])).toBe(200);
  await expect(them.getByText(`Signed in as ${person}`)).toBeVisible();
  await them.getByRole('button', { name: 'Sign out', exact: true }).click();
  expect(await signIn(them, person, recovery[0])).toBe(401);
  await expect(them.getByRole('alert')).toHaveText('The e-mail, password or code is wrong.');

  // Signed in in two browsers; one signs out everywhere, the other's next page is sign-in.
  expect(await signIn(them, person, recovery[1])).toBe(200);
  const other = await browser.newContext({ baseURL: STUDIO });
  const second = await other.newPage();
  expect(await signIn(second, person, recovery[2])).toBe(200);
  await second.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(second).toHaveURL(/\/sign-in$/);
  await them.goto('/desk/emails');
  await expect(them).toHaveURL(/\/sign-in$/);
  await other.close();

  // Disabled while signed in: the person's next step (here a section of the app) lands on sign-in.
  expect(await signIn(them, person, recovery[3])).toBe(200);
  await expect(them.getByText(`Signed in as ${person}`)).toBeVisible();
  await nav.getByRole('link', { name: 'Accounts' }).click();
  const row = page.getByRole('row').filter({ hasText: person });
  await expect(row).toContainText('Active');
  await row.getByRole('link', { name: person }).click();
  await expect(page.getByText('Open sessions1')).toBeVisible();
  await page.getByRole('button', { name: 'Disable the account' }).click();
  await expect(page.getByText(`Disable ${person}? Its open sessions end at once`)).toBeVisible();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status')).toHaveText('Disabled: its sessions ended, and it cannot sign in.');
  await expect(page.locator('.fui-Badge')).toHaveText('Disabled');
  await them.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'E-mails' }).click();
  await expect(them).toHaveURL(/\/sign-in$/);
  expect(await signIn(them, person, recovery[4])).toBe(401);
  await theirs.close();
  await page.getByRole('button', { name: 'Enable the account' }).click();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status')).toHaveText('Enabled: it can sign in again.');

  // The audit trail, filtered to the admin's account changes, and those rows as CSV.
  await nav.getByRole('link', { name: 'Audit trail' }).click();
  await page.getByLabel('What').selectOption('account');
  await page.getByLabel('Who (e-mail)').fill(demoEmail('admin'));
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/action=account&actor=admin%40studio.example/);
  const rows = page.getByRole('row').filter({ hasText: person });
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Account enabled');
  await expect(rows.last()).toContainText('Account disabled');
  await expect(rows.last()).toContainText('{"disabled":false} → {"disabled":true}');
  await noSeriousViolations(page);
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download these rows as CSV' }).click();
  const csv = await readFile(await (await download).path(), 'utf8');
  expect((await download).suggestedFilename()).toMatch(/audit\.csv$/);
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('id,at,actor,ip,request id,action,target,before,after,hash');
  expect(lines.slice(1).every((line) => line.includes(`,${demoEmail('admin')},`) && /,account\.[a-z-]+,/.test(line))).toBe(true);
  expect(lines.filter((line) => line.includes(person)).map((line) => /,(account\.[a-z]+),/.exec(line)![1])).toEqual([
    'account.enabled',
    'account.disabled',
  ]);
});

/**
 * A session ends 30 minutes after its last request. Without waiting: the test moves the session's
 * last request back in the demo server's database (the server compares it with its clock at the
 * next request), and the next page is sign-in.
 */
test('a session idle for more than 30 minutes lands on sign-in', async ({ page }) => {
  await signInAs(page, 'editor');
  const database = new Database(DATABASE);
  try {
    const idleSince = new Date(Date.now() - SESSION_IDLE_MS - 60_000).toISOString();
    const moved = database
      .prepare('UPDATE studio_sessions SET last_seen_at = ? WHERE account_id = (SELECT id FROM studio_accounts WHERE email = ?)')
      .run(idleSince, demoEmail('editor'));
    expect(moved.changes).toBeGreaterThan(0);
  } finally {
    database.close();
  }
  await page.reload();
  await expect(page).toHaveURL(/\/sign-in$/);
});
