import { expect, test, type Page } from '@playwright/test';
import { signInAs } from './helpers';

/**
 * The site's Pages editor inside the studio (`/pages`): the demo editor opens the home page's plan
 * grid in the same Pages tab as `npm run edit` and changes its title; the production preview beside
 * it shows the new title as it is typed, the change is saved into the editor's draft and survives a
 * reload, and once published the release is listed in the content history. The screen runs under
 * the studio's CSP (no compiled code: no CSP error in the console).
 */

const outline = (page: Page) => page.getByRole('navigation', { name: 'Pages and sections' });
const draft = (page: Page) => page.getByRole('region', { name: 'Your draft' });
const preview = (page: Page) => page.frameLocator('iframe[title="Preview of / with your draft"]');

/** Selects the home page's plan grid and answers its Title field. */
async function openPlanGrid(page: Page) {
  await outline(page)
    .getByRole('button', { name: /Preset: plan-grid/ })
    .click();
  return page.getByRole('region', { name: 'Settings' }).getByRole('textbox', { name: 'Title', exact: true });
}

test('editor: change a section’s title on /pages, see it in the preview, keep it over a reload, publish it', async ({ page }) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) refused.push(message.text());
  });
  await signInAs(page, 'editor');
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Pages', exact: true }).click();
  await expect(page).toHaveURL(/\/pages$/);

  const title = await openPlanGrid(page);
  await expect(title).toHaveValue('Choose your plan');
  await expect(preview(page).getByRole('heading', { name: 'Choose your plan' })).toBeVisible({ timeout: 30_000 });
  await title.fill('Pick your plan');
  await expect(preview(page).getByRole('heading', { name: 'Pick your plan' })).toBeVisible();
  await expect(draft(page).getByRole('status')).toContainText('Your draft is saved');

  // The draft is the server's: a reload finds it.
  await page.reload();
  await expect(await openPlanGrid(page)).toHaveValue('Pick your plan');

  await draft(page).getByRole('button', { name: 'Publish' }).click();
  const live = page.getByText(/^Release \d+ is live\.$/);
  await expect(live).toBeVisible();
  const release = Number((await live.textContent())?.match(/\d+/)?.[0]);
  await expect(draft(page)).toContainText('No draft');

  await page.goto('/content/history');
  await expect(page.getByRole('row').filter({ has: page.getByRole('link', { name: String(release), exact: true }) })).toBeVisible();
  expect(refused).toEqual([]);
});
