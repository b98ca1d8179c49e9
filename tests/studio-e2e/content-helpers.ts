import { expect, type Page } from '@playwright/test';
import { SITE, STUDIO } from './helpers';

/** What the content specs share: the plans file, the site's price of a plan, a publish through the editor API. */

export const PLANS = 'content/shop-plans.json';
export const WRITE = { origin: STUDIO, 'x-studio-csrf': '1' };

type Plans = { items: Array<{ name: string; price: number }> };

export const sitePrice = async (page: Page) => {
  const answer = await page.request.get(`${SITE}/api/v1/shop-plans`);
  const { data } = (await answer.json()) as { data: { name: string; price: number }[] };
  return data.find((plan) => plan.name === 'Individual')?.price;
};

/** Publishes the Individual plan at `price` through the editor API; the new release's number. */
export async function publishPrice(page: Page, price: number): Promise<number> {
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
