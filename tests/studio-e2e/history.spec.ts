import { expect, test, type Page } from '@playwright/test';
import { noSeriousViolations, signInAs, SITE, STUDIO } from './helpers';

/**
 * The content history (`/content/history`): the demo editor publishes a price, finds the release
 * at the top of the history, opens it and rolls it back with one confirmed press; the site shows
 * the price from before, and the history has the rollback as a new release.
 */

const PLANS = 'content/shop-plans.json';
const WRITE = { origin: STUDIO, 'x-studio-csrf': '1' };

type Plans = { items: Array<{ name: string; price: number }> };

const sitePrice = async (page: Page) => {
  const answer = await page.request.get(`${SITE}/api/v1/shop-plans`);
  const { data } = (await answer.json()) as { data: { name: string; price: number }[] };
  return data.find((plan) => plan.name === 'Individual')?.price;
};

/** Publishes the Individual plan at `price` through the editor API; the new release's number. */
async function publishPrice(page: Page, price: number): Promise<number> {
  const project = (await (await page.request.get('/api/studio/editor/project')).json()) as {
    release: number;
    files: Record<string, { value: Plans; hash: string }>;
  };
  const value = structuredClone(project.files[PLANS].value);
  value.items.find((plan) => plan.name === 'Individual')!.price = price;
  const saved = await page.request.post('/api/studio/editor/save', {
    headers: WRITE,
    data: { files: { [PLANS]: { value, baseHash: project.files[PLANS].hash } } },
  });
  expect(saved.status()).toBe(200);
  const published = await page.request.post('/api/studio/editor/publish', { headers: WRITE, data: { baseRelease: project.release } });
  expect(published.status(), await published.text()).toBe(200);
  return ((await published.json()) as { release: number }).release;
}

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
