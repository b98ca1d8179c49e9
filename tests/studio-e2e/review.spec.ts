import { expect, test, type Page } from '@playwright/test';
import { demoEmail } from '../../server/studio/demo';
import { noSeriousViolations, servedPlanPrice, signInAs, STUDIO } from './helpers';

/**
 * Review before publish: the demo admin switches it on; the demo editor's Publish becomes "Request
 * review"; the demo publisher, in a browser of their own, approves the request and the site shows
 * the change. The setting is switched off again at the end (the specs share one server).
 */

const SHOTS = process.env.REVIEW_SHOTS;
/** A screenshot at the desktop width and at 390 px, when REVIEW_SHOTS names a folder. */
async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(size);
}

const setReview = async (page: Page, on: boolean) => {
  await page.goto('/admin/settings');
  const toggle = page.getByRole('switch', { name: 'Review before publish' });
  if ((await toggle.isChecked()) !== on) await toggle.click();
  await expect(page.getByText(`Saved: review before publish is ${on ? 'on' : 'off'}.`)).toBeVisible();
};

test('editor asks for review, another publisher approves, the site shows it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  await setReview(page, true);
  await shoot(page, 'settings');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();

  await signInAs(page, 'editor');
  await page.goto('/content');
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  await page.locator('ul[aria-labelledby="content-items-heading"]').getByRole('button', { name: 'Individual', exact: true }).click();
  const price = page.getByRole('region', { name: 'Item' }).getByRole('textbox', { name: /^Price/ });
  await price.fill('2468');
  await price.blur();
  const draft = page.getByRole('region', { name: 'Your draft' });
  await expect(draft.getByRole('status')).toContainText('Your draft is saved');
  await expect(draft.getByRole('button', { name: 'Publish' })).toHaveCount(0);
  await draft.getByLabel('Message to the publishers (optional)').fill('New price from March.');
  await draft.getByRole('button', { name: 'Request review' }).click();
  await expect(draft.getByText(/Review request \d+ is sent to the publisher\./)).toBeVisible();
  await expect(draft.getByText(/Your review request \d+ is open/)).toBeVisible();
  await shoot(page, 'request');
  await draft.getByRole('link', { name: 'See it' }).click();
  await expect(page.getByRole('heading', { name: /Review request \d+/ })).toBeVisible();
  // The author sees Approve disabled, with why.
  await expect(page.getByRole('button', { name: 'Approve and publish' })).toBeDisabled();
  await expect(page.getByText('You asked for this review: another publisher must approve it.')).toBeVisible();
  await shoot(page, 'own-review');
  await noSeriousViolations(page);

  const other = await browser.newContext({ baseURL: STUDIO });
  const second = await other.newPage();
  try {
    await signInAs(second, 'publisher');
    await expect(second).toHaveURL(/\/content\/reviews$/);
    await shoot(second, 'reviews');
    await second.getByRole('link', { name: /Review request \d+/ }).click();
    await expect(second.getByText('New price from March.')).toBeVisible();
    await expect(second.getByText(`by ${demoEmail('editor')}`, { exact: false })).toBeVisible();
    await second.getByLabel('Your comment').fill('Looks right.');
    await second.getByRole('button', { name: 'Add comment' }).click();
    await expect(second.getByText('Looks right.', { exact: true })).toBeVisible();
    await shoot(second, 'review');
    await noSeriousViolations(second);
    await second.getByRole('button', { name: 'Approve and publish' }).click();
    await second.getByRole('button', { name: 'Yes' }).click();
    await expect(second.getByText(/^Approved: release \d+ is live\.$/)).toBeVisible();
  } finally {
    await other.close();
  }
  await expect.poll(() => servedPlanPrice(page.request, 'Individual')).toBe(2468);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await signInAs(page, 'admin');
  await setReview(page, false);
});
