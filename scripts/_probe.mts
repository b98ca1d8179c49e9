import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { buildServer } from '../server/app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/sample-routes.ts';
import { throttle } from '../tests/e2e/hurried-controls.ts';

const route = process.argv[2] ?? '/shop';
const throttled = process.argv.includes('--throttle');
const app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'probe-')), staticDir: resolve('dist'), demo: true, logger: false, pageRenderLimit: 0, renderConcurrency: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const a = app.server.address();
const base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (throttled) await throttle(page);
  await page.addInitScript(() => {
    const t: Record<string, number> = {};
    (window as any).__t = t;
    const mark = (k: string) => { if (!(k in t)) t[k] = Math.round(performance.now()); };
    new MutationObserver(() => {
      if (document.documentElement.dataset.hydrated) mark('hydrated');
      document.querySelectorAll('[data-section]').forEach((s) => { if (s.hasAttribute('data-live')) mark('live:' + s.getAttribute('data-section')); });
      if (document.querySelector('[role=dialog]')) mark('dialog');
      if (document.querySelector('.cart-fab, [class*=cart]')) mark('cartVisible');
    }).observe(document, { subtree: true, childList: true, attributes: true });
    document.addEventListener('DOMContentLoaded', () => mark('dcl'));
    document.addEventListener('click', () => mark('click'), true);
  });
  await page.goto(route, { waitUntil: 'commit' });
  const btn = page.getByRole('button', { name: /^Cart/ });
  await btn.waitFor({ state: 'visible' });
  await btn.click({ noWaitAfter: true, force: true }).catch(() => {});
  await page.getByRole('dialog', { name: 'Cart' }).waitFor({ timeout: 15000 });
  await page.waitForTimeout(300);
  const t = await page.evaluate(() => (window as any).__t);
  const res = await page.evaluate(() => performance.getEntriesByType('resource').map((e: any) => `${Math.round(e.startTime)}-${Math.round(e.responseEnd)} ${e.name.replace(location.origin, '')}`));
  const paint = await page.evaluate(() => performance.getEntriesByType('paint').map((e) => `${e.name} ${Math.round(e.startTime)}`));
  console.log(JSON.stringify(t), paint.join(', '));
  if (run === 0) console.log(res.join('\n'));
  await context.close();
}
await browser.close();
await app.close();
