import { expect, test, type Page } from '@playwright/test';
import { publishPrice, sitePrice, WRITE } from './content-helpers';
import { noSeriousViolations, signInAs } from './helpers';

/**
 * The open item's tools on the Content screen: its History (the release that changed its price,
 * in words) opens an earlier version into the draft, and Schedule… takes it off the site at a time
 * to come, which the Schedule screen lists (cancelled again at the end).
 */

const MANILA_MS = 8 * 3600_000;
/** A time `days` from now as a Manila date-and-time input takes it. */
const manilaInput = (days: number) => new Date(Date.now() + days * 24 * 3600_000 + MANILA_MS).toISOString().slice(0, 16);

async function openIndividualPlan(page: Page) {
  await page.goto('/content');
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  await page.locator('ul[aria-labelledby="content-items-heading"]').getByRole('button', { name: 'Individual', exact: true }).click();
  return page.getByRole('toolbar', { name: 'This item' });
}

test('editor: an item’s history opens an earlier version into the draft; Schedule… takes it off later', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAs(page, 'editor');
  const before = (await sitePrice(page)) ?? 0;
  const release = await publishPrice(page, before + 7);

  const tools = await openIndividualPlan(page);
  await tools.getByRole('button', { name: 'History' }).click();
  const history = page.getByRole('dialog', { name: 'History of “Individual”' });
  const change = history.getByRole('listitem').filter({ hasText: `Release ${release}` });
  await expect(change).toContainText('Changed: Price');
  await noSeriousViolations(page);
  const earlier = history
    .getByRole('listitem')
    .filter({ hasNotText: `Release ${release}` })
    .first();
  await earlier.getByRole('button', { name: 'Open this version in my draft' }).click();
  await expect(page.getByText('is in your draft')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('region', { name: 'Your draft' })).toContainText('Individual');

  const again = await openIndividualPlan(page);
  await again.getByRole('button', { name: 'Schedule…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule “Individual”' });
  await dialog.getByRole('radio', { name: 'Take it off the site' }).check();
  await dialog.getByLabel('When (Manila time)').fill(manilaInput(1));
  await dialog.getByRole('button', { name: 'Schedule', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled for' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Schedule' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Shop plans and prices: 1 removed' }).first();
  await expect(row).toContainText('Waiting');
  await row.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status').filter({ hasText: /cancelled/i })).toBeVisible();
  expect((await page.request.delete('/api/studio/editor/draft', { headers: WRITE })).status()).toBeLessThan(300);
});
