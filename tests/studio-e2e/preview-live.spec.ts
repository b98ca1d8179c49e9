import { expect, test, type Frame, type Page } from '@playwright/test';
import { signInAs, SITE, STUDIO } from './helpers';

/**
 * The preview follows the typing: a change to a plan's price reaches the frame's page before any
 * save, in place — the frame does not load again, its document stays the same one, and the focus
 * stays in the form. A message to the frame from another window than the studio's is ignored.
 * With an "As of" date the frame shows the site as of then: the changes scheduled by then applied.
 */

const FRAME = 'iframe[title^="Preview of /shop"]';

async function openIndividualPlan(page: Page) {
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  await page.locator('ul[aria-labelledby="content-items-heading"]').getByRole('button', { name: 'Individual', exact: true }).click();
  return page.getByRole('region', { name: 'Item' }).getByRole('textbox', { name: /^Price/ });
}

/** The preview's frame (the site's origin), once its page shows a plan. */
async function previewFrame(page: Page): Promise<Frame> {
  await expect(page.frameLocator(FRAME).locator('.plan-card__amount').first()).toBeVisible();
  const frame = page.frames().find((candidate) => candidate.url().startsWith(`${SITE}/__preview/`));
  expect(frame).toBeDefined();
  // Its first load is over (the images too): a later one would be a reload.
  await frame!.waitForLoadState('load');
  return frame!;
}

test('typing updates the preview in place, before the save, without loading the frame again', async ({ page }) => {
  await signInAs(page, 'editor');
  const price = await openIndividualPlan(page);
  const frame = await previewFrame(page);
  await page.locator(FRAME).evaluate((element) => {
    (window as unknown as { frameLoads: number }).frameLoads = 0;
    element.addEventListener('load', () => (window as unknown as { frameLoads: number }).frameLoads++);
  });
  await frame.evaluate(() => void ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  // The autosave is held until the frame shows the price: the preview does not wait for it.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/studio/editor/save', async (route) => {
    await held;
    await route.continue();
  });

  // Before any change: a message from the frame's own window (not the studio's) starts no fetch.
  const fetched: string[] = [];
  page.on('request', (request) => void (request.url().startsWith(`${SITE}/__preview/`) && fetched.push(request.url())));
  await frame.evaluate(() => window.postMessage({ type: 'preview:refresh', version: 99 }, '*'));
  await page.waitForTimeout(500);
  expect(fetched).toEqual([]);

  await price.fill('2473');
  await expect(page.frameLocator(FRAME).locator('.plan-card__amount', { hasText: /2,473/ })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { frameLoads: number }).frameLoads)).toBe(0);
  expect(await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(price).toBeFocused();
  release();

  // The autosave still saves the draft; the frame keeps its document.
  await expect(page.getByRole('region', { name: 'Your draft' }).getByRole('status')).toContainText('Your draft is saved');
  expect(await frame.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  const discarded = await page.request.delete('/api/studio/editor/draft', { headers: { origin: STUDIO, 'x-studio-csrf': '1' } });
  expect(discarded.ok()).toBe(true);
});

test('the preview shows the site as of a later date: a scheduled price from its time on', async ({ page }) => {
  await signInAs(page, 'editor');
  const headers = { origin: STUDIO, 'x-studio-csrf': '1' };
  const project = (await (await page.request.get('/api/studio/editor/project')).json()) as {
    files: Record<string, { value: { items: Array<{ name?: string; price?: number }> } }>;
  };
  const plans = structuredClone(project.files['content/shop-plans.json'].value);
  plans.items.find((plan) => plan.name === 'Individual')!.price = 3131;
  const scheduled = await page.request.post('/api/studio/schedules', {
    headers,
    data: { runAt: '2031-01-01T00:00:00+08:00', files: { 'content/shop-plans.json': plans } },
  });
  expect(scheduled.status()).toBe(201);
  const { id } = (await scheduled.json()) as { id: number };
  try {
    await openIndividualPlan(page);
    await previewFrame(page);
    await expect(page.frameLocator(FRAME).locator('.plan-card__amount', { hasText: /3,131/ })).toHaveCount(0);
    const asOf = page.getByLabel('As of (Manila time)');
    await asOf.fill('2031-01-02T09:00');
    await expect(page.frameLocator(FRAME).locator('.plan-card__amount', { hasText: /3,131/ })).toBeVisible();
    // Emptied: the site as it is now again.
    await asOf.fill('');
    await expect(page.frameLocator(FRAME).locator('.plan-card__amount', { hasText: /3,131/ })).toHaveCount(0);
  } finally {
    expect((await page.request.delete(`/api/studio/schedules/${id}`, { headers })).ok()).toBe(true);
  }
});
