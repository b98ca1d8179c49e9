import { expect, test, type Page } from '@playwright/test';
import { signInAs, SITE } from './helpers';

/**
 * The site's Forms editor inside the studio (`/forms`): the demo editor opens the contact form in
 * the same Forms tab as `npm run edit` and changes the e-mail's pattern message; the preview, checked
 * by the server (the studio's CSP runs no compiled code), shows the new message for a bad address,
 * the change is saved into the draft and survives a reload, and once published the public contact
 * page shows it. No CSP error in the console.
 */

const NEW_MESSAGE = 'Type an address like name@example.com';
const PATTERN = 'Message when not in the expected format (pattern)';
const draft = (page: Page) => page.getByRole('region', { name: 'Your draft' });
const preview = (page: Page) => page.getByRole('region', { name: 'Preview', exact: true });

/** Opens the contact form and its e-mail field's settings; answers the pattern message's box. */
async function openEmailMessage(page: Page) {
  await page
    .getByRole('navigation', { name: 'Form files' })
    .getByRole('button', { name: /^Contact.*On Contact/ })
    .click();
  await page.getByRole('list', { name: 'Fields of the form, in order' }).getByRole('button', { name: 'Email', exact: true }).click();
  return page.getByRole('group', { name: 'Settings of Email' }).getByRole('textbox', { name: PATTERN });
}

test('editor: change the contact form’s e-mail message on /forms, see it in the preview, keep it, publish it', async ({ page }) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) refused.push(message.text());
  });
  await signInAs(page, 'editor');
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Forms', exact: true }).click();
  await expect(page).toHaveURL(/\/forms$/);

  const message = await openEmailMessage(page);
  await expect(message).toHaveValue('Email must be valid');
  const email = preview(page).getByRole('textbox', { name: /^Email/ });
  await email.fill('juan@example');
  await expect(preview(page).getByText('Email must be valid').first()).toBeVisible();
  await message.fill(NEW_MESSAGE);
  await expect(preview(page).getByText(NEW_MESSAGE).first()).toBeVisible();
  await expect(draft(page).getByRole('status')).toContainText('Your draft is saved');

  // The draft is the server's: a reload finds it.
  await page.reload();
  await expect(await openEmailMessage(page)).toHaveValue(NEW_MESSAGE);

  await draft(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Release \d+ is live\.$/)).toBeVisible();
  await expect(draft(page)).toContainText('No draft');

  // The public contact page checks with the release's message (once the site has seen the release).
  await expect.poll(async () => (await page.request.get(`${SITE}/contact`)).text(), { timeout: 15_000 }).toContain('/release-forms/');
  await page.goto(`${SITE}/contact`);
  const field = page.getByLabel(/^Email\s*\*?$/);
  await field.fill('juan@example');
  await page.locator('.form-runner').getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator(`#${await field.getAttribute('id')}__error`)).toHaveText(NEW_MESSAGE);
  expect(refused).toEqual([]);
});
