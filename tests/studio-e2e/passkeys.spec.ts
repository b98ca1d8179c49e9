import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { demoEmail } from '../../server/studio/demo';
import { enrolmentLinkSentTo, freshCode, noSeriousViolations, signInAs, VIRTUAL_AUTHENTICATOR as AUTHENTICATOR } from './helpers';

/**
 * Passkeys in Chromium, each person's device a virtual authenticator of the DevTools protocol
 * (resident keys, user verification passed): the demo admin invites a new person through the API;
 * that person, in a browser of their own, enrols with a passkey, signs in with it (no e-mail
 * typed), adds a second passkey on My account (a security key, after the laptop's authenticator is
 * gone), signs in with that one, removes the first, and is refused removing the last. A password
 * account asks new recovery codes on the same screen.
 */

/** A virtual authenticator in `page`'s browser; returns a way to remove it (a device gone). */
async function addAuthenticator(context: BrowserContext, page: Page, transport: 'internal' | 'usb' = 'internal') {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', { options: { ...AUTHENTICATOR, transport } });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
    remove: () => cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId }),
  };
}

/** Saves a screenshot of `page` at `width` beside the test's results (to look at). */
async function screenshot(page: Page, name: string, width: number) {
  await page.setViewportSize({ width, height: width < 600 ? 844 : 800 });
  await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
}

test('a new person enrols with a passkey, signs in with it, adds one, removes one, keeps the last', async ({ page, browser, request }) => {
  const email = `pia.${Date.now()}@example.com`;
  await signInAs(page, 'admin');
  const invited = await page.evaluate(async (address) => {
    const answer = await fetch('/api/studio/invitations', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', 'x-studio-csrf': '1' },
      body: JSON.stringify({ email: address, roles: ['staff'] }),
    });
    return answer.status;
  }, email);
  expect(invited).toBe(201);
  const link = await enrolmentLinkSentTo(request, email);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const person = await context.newPage();
  const refused: string[] = [];
  person.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
  });
  const laptop = await addAuthenticator(context, person);

  // Enrolment: a passkey first, the password and authenticator app second.
  await person.goto(link);
  await expect(person.getByText(`Account: ${email}`)).toBeVisible();
  await expect(person.getByRole('heading', { level: 2 })).toHaveText(['Use a passkey (recommended)']);
  await expect(person.getByRole('button', { name: 'Use a password and an authenticator app' })).toBeVisible();
  await noSeriousViolations(person);
  await screenshot(person, 'enrol', 1280);
  await screenshot(person, 'enrol', 390);
  // The password and authenticator app only on request.
  await expect(person.getByLabel('Setup key')).toHaveCount(0);
  await person.getByRole('button', { name: 'Use a password and an authenticator app' }).click();
  await expect(person.getByRole('heading', { name: 'Use a password and an authenticator app' })).toBeFocused();
  await expect(person.getByLabel('Setup key')).toHaveValue(/^[A-Z2-7]{16,}$/);
  await expect(person.getByRole('heading', { level: 2 })).toHaveText([
    'Use a passkey (recommended)',
    'Use a password and an authenticator app',
  ]);
  await person.getByRole('button', { name: 'Create my passkey' }).click();
  await expect(person.getByRole('alert')).toHaveText('Give the passkey a name of 1 to 60 characters.');
  await person.getByLabel('Name of this passkey').fill('Work laptop');
  await person.getByRole('button', { name: 'Create my passkey' }).click();
  await expect(person.getByRole('heading', { name: 'Your account is ready. Now sign in with your passkey.' })).toBeVisible();
  expect(await laptop.credentials()).toHaveLength(1);

  // Sign-in with the passkey: no e-mail typed.
  await person.getByRole('link', { name: 'Go to sign-in' }).click();
  await expect(person.getByRole('heading', { name: 'Sign in to the studio' })).toBeVisible();
  await noSeriousViolations(person);
  await screenshot(person, 'sign-in', 1280);
  await screenshot(person, 'sign-in', 390);
  await person.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(person.getByText(`Signed in as ${email}`)).toBeVisible();

  // My account: the passkey listed; a second one added from a security key, the laptop's gone.
  await person.getByRole('link', { name: 'My account' }).click();
  await expect(person.getByRole('heading', { name: 'My account', level: 1 })).toBeVisible();
  const passkeys = person.getByRole('list', { name: 'Passkeys' }).getByRole('listitem');
  await expect(passkeys).toHaveCount(1);
  await expect(passkeys.first()).toContainText('Work laptop');
  await expect(passkeys.first()).toContainText('last used');
  await expect(person.getByText('Your account signs in with passkeys only.', { exact: false })).toBeVisible();
  await noSeriousViolations(person);
  await laptop.remove();
  const key = await addAuthenticator(context, person, 'usb');
  await person.getByLabel('Name of the new passkey').fill('Security key');
  await person.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(person.getByRole('status')).toHaveText('The passkey "Security key" is added: it signs you in from now on.');
  await expect(passkeys).toHaveCount(2);
  expect(await key.credentials()).toHaveLength(1);
  await screenshot(person, 'account', 1280);
  await screenshot(person, 'account', 390);
  await noSeriousViolations(person);

  // The new passkey signs in.
  await person.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(person).toHaveURL(/\/sign-in$/);
  await person.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(person.getByText(`Signed in as ${email}`)).toBeVisible();

  // Remove the laptop's passkey; the last one stays, refused in words.
  await person.getByRole('link', { name: 'My account' }).click();
  await passkeys.filter({ hasText: 'Work laptop' }).getByRole('button', { name: 'Remove Work laptop' }).click();
  await person.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(person.getByRole('status')).toHaveText('The passkey "Work laptop" is removed.');
  await expect(passkeys).toHaveCount(1);
  await passkeys.getByRole('button', { name: 'Remove Security key' }).click();
  await person.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(person.getByRole('alert')).toHaveText(
    'This is the last way your account signs in: add another passkey first. An account keeps a passkey, or a password with an authenticator app.',
  );
  await expect(passkeys).toHaveCount(1);
  await noSeriousViolations(person);
  expect(refused).toEqual([]);

  // Every change is in the audit trail, as the admin reads it.
  const trail = await page.evaluate(async (address) => {
    const answer = await fetch(`/api/studio/audit?limit=50`, { credentials: 'same-origin' });
    const rows = (await answer.json()) as Array<{ action: string; target: string | null }>;
    return rows.filter((row) => row.target === address).map((row) => row.action);
  }, email);
  expect(trail.reverse()).toEqual([
    'invitation.sent',
    'account.enrolled',
    'sign-in.passkey',
    'factor.enrolled',
    'sign-out',
    'sign-in.passkey',
    'factor.removed',
    'factor.refused',
  ]);
  await context.close();
});

test('a password account gets new recovery codes on My account with a code of its app, shown once', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, 'editor');
  await page.getByRole('link', { name: 'My account' }).click();
  await expect(page.getByText('You have 0 recovery code(s) left.', { exact: false })).toBeVisible();
  const code = page.getByLabel('6-digit code from your authenticator app');
  await code.fill('000000');
  await page.getByRole('button', { name: 'Get new recovery codes' }).click();
  await expect(page.getByRole('alert')).toHaveText('The code is wrong. Type the code your authenticator app shows now.');
  // The sign-in (and other tests of this worker) spent some steps: a code of one not spent yet.
  await code.fill(await freshCode(demoEmail('editor')));
  await page.getByRole('button', { name: 'Get new recovery codes' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-7]{5}(-[a-z2-7]{5}){3}$/);
  await noSeriousViolations(page);
  await screenshot(page, 'recovery-codes', 390);
  // Shown once: back on the screen, only their count.
  await page.reload();
  await expect(page.getByText('You have 10 recovery code(s) left.', { exact: false })).toBeVisible();
  await expect(codes).toHaveCount(0);
});
