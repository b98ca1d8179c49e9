import { expect, test, type Page } from '@playwright/test';
import { noSeriousViolations, signInAs, SITE } from './helpers';

/**
 * The site's editor inside the studio (`/content`): the demo editor changes the Individual plan's
 * price in the same Content tab as `npm run edit`; the change is saved into the editor's draft as it
 * is typed, the draft says it in words and survives a reload, and once published the public site
 * shows the new price. A staff account has no Content section, and the editor API refuses it.
 */

const items = (page: Page) => page.locator('ul[aria-labelledby="content-items-heading"]');
const item = (page: Page) => page.getByRole('region', { name: 'Item' });
const draft = (page: Page) => page.getByRole('region', { name: 'Your draft' });

async function openIndividualPlan(page: Page) {
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  await items(page).getByRole('button', { name: 'Individual', exact: true }).click();
  return item(page).getByRole('textbox', { name: /^Price/ });
}

test('editor: change a plan’s price, keep the draft over a reload, publish it, and the site shows it', async ({ page }) => {
  test.setTimeout(120_000);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|unsafe-eval/i.test(message.text())) refused.push(message.text());
  });
  await signInAs(page, 'editor');
  const nav = page.getByRole('navigation', { name: 'Studio sections' });
  await expect(nav.getByRole('link', { name: 'Content' })).toBeVisible();
  // The editor's only section is the first one it lands on.
  await expect(page).toHaveURL(/\/content$/);
  await expect(draft(page)).toContainText('No draft');

  const price = await openIndividualPlan(page);
  await price.fill('4321');
  await price.blur();
  await expect(
    draft(page)
      .getByRole('listitem')
      .filter({ hasText: /Individual/ }),
  ).toBeVisible();
  await expect(draft(page).getByRole('status')).toContainText('Your draft is saved');
  await noSeriousViolations(page);

  // The draft is the server's: a reload finds it.
  await page.reload();
  await expect(
    draft(page)
      .getByRole('listitem')
      .filter({ hasText: /Individual/ }),
  ).toBeVisible();
  await expect(await openIndividualPlan(page)).toHaveValue(/4,?321/);

  await draft(page).getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Release \d+ is live\.$/)).toBeVisible();
  await expect(draft(page)).toContainText('No draft');

  await expect
    .poll(async () => {
      const answer = await page.request.get(`${SITE}/api/v1/shop-plans`);
      const { data } = (await answer.json()) as { data: { name: string; price: number }[] };
      return data.find((plan) => plan.name === 'Individual')?.price;
    })
    .toBe(4321);
  await page.goto(`${SITE}/shop`);
  await expect(page.locator('.plan-card__amount', { hasText: /4,321/ })).toBeVisible();
  expect(refused).toEqual([]);
});

test('staff: no Content section, and the editor API refuses the account', async ({ page }) => {
  await signInAs(page, 'staff');
  const nav = page.getByRole('navigation', { name: 'Studio sections' });
  await expect(nav.getByRole('link', { name: 'Submissions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Content' })).toHaveCount(0);
  const answer = await page.request.get('/api/studio/editor/project');
  expect(answer.status()).toBe(403);
});
