import { expect, test } from '@playwright/test';
import { PLANS, publishPrice, sitePrice } from './content-helpers';
import { noSeriousViolations, signInAs } from './helpers';

/**
 * The content history (`/content/history`): the demo editor publishes a price, finds the release
 * at the top of the history, opens it and rolls it back with one confirmed press; the site shows
 * the price from before, and the history has the rollback as a new release.
 */

test('editor: the history lists a publish, and one confirmed press rolls it back as a new release', async ({ page }) => {
  test.setTimeout(60_000);
  await signInAs(page, 'editor');
  const before = await sitePrice(page);
  const release = await publishPrice(page, (before ?? 0) + 111);
  await expect.poll(() => sitePrice(page)).toBe((before ?? 0) + 111);

  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Content history' }).click();
  await expect(page.getByRole('heading', { name: 'Content history' })).toBeVisible();
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(release), exact: true }) });
  await expect(row).toContainText('Individual');
  await noSeriousViolations(page);

  await row.getByRole('link', { name: String(release), exact: true }).click();
  await expect(page.getByRole('heading', { name: `Release ${release}` })).toBeVisible();
  await expect(page.getByText(PLANS)).toBeVisible();
  await page.getByRole('button', { name: 'Roll back to before this release' }).click();
  await page.getByRole('button', { name: 'Yes, do it' }).click();
  await expect(page.getByRole('status')).toContainText(`Release ${release + 1} is live`);
  await expect.poll(() => sitePrice(page)).toBe(before);

  await page.getByRole('link', { name: 'All releases' }).click();
  const rollback = page.getByRole('row').filter({ has: page.getByRole('link', { name: String(release + 1), exact: true }) });
  await expect(rollback).toContainText('rollback');
  await expect(rollback).toContainText(`Rolled back release ${release}`);
});
