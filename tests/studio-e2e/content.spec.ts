import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { demoEmail } from '../../server/studio/demo';
import { noSeriousViolations, servedPlanPrice, signInAs, SITE, STUDIO } from './helpers';

/**
 * The site's editor inside the studio (`/content`): the demo editor changes the Individual plan's
 * price in the same Content tab as `npm run edit`; the change is saved into the editor's draft as it
 * is typed, the draft says it in words and survives a reload, and once published the public site
 * shows the new price. A staff account has no Content, Pages or Forms section, and the editor API refuses it. The
 * preview beside the form shows the draft (the public site does not), at three widths; two editors
 * on one item: the second sees who holds it, its save is refused with the other's change in words,
 * and taking the item over saves it.
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
  await expect(nav.getByRole('link', { name: 'Content', exact: true })).toBeVisible();
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

  await expect.poll(() => servedPlanPrice(page.request, 'Individual')).toBe(4321);
  await page.goto(`${SITE}/shop`);
  await expect(page.locator('.plan-card__amount', { hasText: /4,321/ })).toBeVisible();
  expect(refused).toEqual([]);
});

test('staff: no Content, Pages or Forms section, and the editor API refuses the account', async ({ page }) => {
  await signInAs(page, 'staff');
  const nav = page.getByRole('navigation', { name: 'Studio sections' });
  await expect(nav.getByRole('link', { name: 'Submissions' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Content', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Pages', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Forms', exact: true })).toHaveCount(0);
  const answer = await page.request.get('/api/studio/editor/project');
  expect(answer.status()).toBe(403);
  // Typed in, the Pages screen loads nothing: the API's refusal shows.
  await page.goto('/pages');
  await expect(page.getByRole('alert')).toContainText('The pages could not be loaded');
  await page.goto('/forms');
  await expect(page.getByRole('alert')).toContainText('The forms could not be loaded');
});

/** The demo server's studio database (playwright.studio.config.ts: DATA_DIR is `.e2e-data-studio-<studio port>`). */
const DATABASE = `.e2e-data-studio-${new URL(STUDIO).port}/app.db`;
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of /shop"]');
const planAmount = (page: Page, amount: RegExp) => preview(page).locator('.plan-card__amount', { hasText: amount });

/** Removes the signed-in account's draft through the API (the next test starts from the live release). */
async function discard(page: Page) {
  const answer = await page.request.delete('/api/studio/editor/draft', { headers: { origin: STUDIO, 'x-studio-csrf': '1' } });
  expect(answer.ok()).toBe(true);
}

test('preview: the frame shows the draft’s new price at each width while the public site does not', async ({ page }) => {
  await signInAs(page, 'editor');
  const price = await openIndividualPlan(page);
  await expect(planAmount(page, /\d/).first()).toBeVisible();

  // The typed price reaches the frame as it is typed (tests/studio-e2e/preview-live.spec.ts: in place),
  // then the autosave keeps it in the draft.
  for (const [typed, shown] of [
    ['2467', /2,467/],
    ['2468', /2,468/],
  ] as const) {
    await price.fill(typed);
    await expect(planAmount(page, shown)).toBeVisible();
  }
  await expect(draft(page).getByRole('status')).toContainText('Your draft is saved');

  const answer = await page.request.get(`${SITE}/api/v1/shop-plans`);
  const { data } = (await answer.json()) as { data: { name: string; price: number }[] };
  expect(data.find((plan) => plan.name === 'Individual')?.price).not.toBe(2468);
  expect(await (await page.request.get(`${SITE}/shop`)).text()).not.toContain('2,468');

  const frame = page.locator('iframe[title^="Preview of /shop"]');
  for (const [device, width] of [
    ['Phone 390', 390],
    ['Tablet 768', 768],
    ['Desktop 1280', 1280],
  ] as const) {
    await page.getByRole('button', { name: device }).click();
    await expect(frame).toHaveAttribute('style', new RegExp(`width: ${width}px`));
  }
  await expect(planAmount(page, /2,468/)).toBeVisible();
  await discard(page);
});

test('two editors on one article: the second sees who edits it, and its save is refused with the other’s change', async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  // The demo admin is made an editor too: a second person with the Content right.
  const database = new Database(DATABASE);
  try {
    database.prepare(`UPDATE studio_accounts SET roles = '["admin","editor"]' WHERE email = ?`).run(demoEmail('admin'));
  } finally {
    database.close();
  }
  await signInAs(page, 'editor');
  const first = await openIndividualPlan(page);
  const other = await browser.newContext({ baseURL: STUDIO });
  const second = await other.newPage();
  try {
    await signInAs(second, 'admin');
    await second.goto('/content');
    const secondPrice = await openIndividualPlan(second);
    const banner = second.getByRole('status').filter({ hasText: /is editing this/ });
    await expect(banner).toContainText(new RegExp(`${demoEmail('editor')} is editing this, since \\d{1,2}:\\d{2}`));

    await first.fill('5555');
    await expect(draft(page).getByRole('status')).toContainText('Your draft is saved');
    await secondPrice.fill('6666');
    const refused = second.getByRole('alert').filter({ hasText: /Not saved/ });
    await expect(refused).toContainText(`${demoEmail('editor')} is editing this item`);
    await expect(refused).toContainText(/Individual, price ₱[\d,.]+ → ₱5,555\.00/);

    // Taking it over sends the refused change.
    await banner.getByRole('button', { name: 'Take over' }).click();
    await expect(draft(second).getByRole('status')).toContainText('Your draft is saved');
    await expect(refused).toHaveCount(0);
    await discard(second);
  } finally {
    await other.close();
  }
  await discard(page);
});
