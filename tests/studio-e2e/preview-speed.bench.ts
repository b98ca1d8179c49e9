import { expect, test, type Frame } from '@playwright/test';
import { signInAs, SITE, STUDIO } from './helpers';

/**
 * `npm run bench:preview` (after `npm run build`; E2E_PORT as the studio's e2e): keystroke → the
 * typed price visible inside the preview frame, in the studio with the production renderer. The
 * demo editor types a plan's price one key at a time (KEYS keystrokes, default 30, a digit added
 * and taken away in turn; the first one apart). Each time is from the key's `keydown` in the studio
 * to the mutation that shows the new price in the frame, both read from the browser's clock.
 */

const KEYS = Number(process.env.KEYS ?? 30);
const FRAME = 'iframe[title^="Preview of /shop"]';
type Timed = { keydownAt?: number; shownAt?: Promise<number> };
/** The last request whose URL has `part`, on the epoch's clock: when it started, its first byte and its end. */
type Span = { start: number; firstByte: number; end: number };
const lastRequest = (part: string): Span => {
  const entry = performance
    .getEntriesByType('resource')
    .filter((candidate) => candidate.name.includes(part))
    .at(-1) as PerformanceResourceTiming;
  const at = (ms: number) => performance.timeOrigin + ms;
  return { start: at(entry.startTime), firstByte: at(entry.responseStart), end: at(entry.responseEnd) };
};

const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil(q * values.length) - 1)];
/** How the shop shows a price of `pesos`. */
const shown = (pesos: number) => `₱${pesos.toLocaleString('en-US')}.00`;

test('keystroke → preview', async ({ page }) => {
  test.setTimeout(300_000);
  await signInAs(page, 'editor');
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  await page.locator('ul[aria-labelledby="content-items-heading"]').getByRole('button', { name: 'Individual', exact: true }).click();
  const price = page.getByRole('region', { name: 'Item' }).getByRole('textbox', { name: /^Price/ });
  await expect(page.frameLocator(FRAME).locator('.plan-card__amount').first()).toBeVisible();
  const frame: Frame = page.frames().find((candidate) => candidate.url().startsWith(`${SITE}/__preview/`))!;
  await frame.waitForLoadState('load');
  await page.evaluate(() => {
    document.addEventListener('keydown', () => ((window as Timed).keydownAt = performance.timeOrigin + performance.now()), true);
  });

  const times: number[] = [];
  /** Each key's steps: keydown → the drafts' send, its answer, → the frame's fetch, its server time, → shown. */
  const steps: Record<string, number[]> = { toSend: [], send: [], toFetch: [], fetchFirstByte: [], fetchBody: [], toShown: [] };
  // The price 1000, then a digit added and taken away in turn: each key changes the price shown.
  await price.fill('1000');
  await expect(page.frameLocator(FRAME).locator('.plan-card__amount', { hasText: /1,000/ })).toBeVisible();
  for (let key = 0; key <= KEYS; key++) {
    const digit = String((key % 9) + 1);
    const adds = key % 2 === 0;
    const expected = shown(adds ? 10_000 + Number(digit) : 1000);
    await frame.evaluate((text) => {
      const now = () => performance.timeOrigin + performance.now();
      (window as Timed).shownAt = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (!document.body.textContent?.includes(text)) return;
          observer.disconnect();
          resolve(now());
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      });
    }, expected);
    await price.press(adds ? digit : 'Backspace');
    const shownAt = await frame.evaluate(() => (window as Timed).shownAt!);
    const keydownAt = await page.evaluate(() => (window as Timed).keydownAt!);
    if (key > 0) {
      times.push(shownAt - keydownAt);
      const sent = await page.evaluate(lastRequest, '/editor/preview/drafts');
      const fetched = await frame.evaluate(lastRequest, '/__preview/');
      const values = {
        toSend: sent.start - keydownAt,
        send: sent.end - sent.start,
        toFetch: fetched.start - sent.end,
        fetchFirstByte: fetched.firstByte - fetched.start,
        fetchBody: fetched.end - fetched.firstByte,
        toShown: shownAt - fetched.end,
      };
      for (const [name, value] of Object.entries(values)) steps[name].push(value);
      if (shownAt - keydownAt > 1000)
        console.log(`  key ${key} slow: ${JSON.stringify(values, (_, v: unknown) => (typeof v === 'number' ? Math.round(v) : v))}`);
    } else console.log(`first keystroke: ${Math.round(shownAt - keydownAt)} ms`);
  }
  console.log(
    `keystroke → preview over ${times.length} keys: median ${Math.round(quantile(times, 0.5))} ms, p90 ${Math.round(quantile(times, 0.9))} ms (min ${Math.round(Math.min(...times))}, max ${Math.round(Math.max(...times))})`,
  );
  for (const [name, values] of Object.entries(steps))
    console.log(`  ${name.padEnd(16)} median ${Math.round(quantile(values, 0.5))} ms, p90 ${Math.round(quantile(values, 0.9))} ms`);
  console.log(`  all: ${times.map(Math.round).join(' ')}`);
  await page.request.delete('/api/studio/editor/draft', { headers: { origin: STUDIO, 'x-studio-csrf': '1' } });
});
