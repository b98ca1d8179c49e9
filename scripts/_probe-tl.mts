// @ts-nocheck
import { chromium } from '@playwright/test';
import { HURRIED_CASES, hurriedVisit, throttle } from '../tests/e2e/hurried-controls';
const base = process.env.BASE ?? 'http://127.0.0.1:4399';
const which = process.argv[2] ?? 'Checkout';
const thr = !process.argv.includes('--fast');
const c = HURRIED_CASES.find((x) => x.name.includes(which));
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--headless', '--disable-gpu'] });
for (let i = 0; i < Number(process.env.N ?? 1); i++) {
  const ctx = await browser.newContext({ baseURL: base });
  const page = await ctx.newPage();
  await page.addInitScript({ content: '\nwindow.__tl = [];\nvar log = function (what) { window.__tl.push([Math.round(performance.now()), what]); };\nnew PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { log(\'longtask \' + Math.round(e.duration) + \'ms\'); }); }).observe({ type: \'longtask\', buffered: true });\nnew PerformanceObserver(function (l) { l.getEntries().forEach(function (e) { log(\'paint \' + e.name + \' \' + Math.round(e.startTime)); }); }).observe({ type: \'paint\', buffered: true });\n[\'pointerdown\', \'click\'].forEach(function (t) { document.addEventListener(t, function (e) { log(t + \' on \' + (e.target.textContent || \'\').slice(0, 20)); }, true); });\nvar mo = new MutationObserver(function () {\n  var live = document.querySelectorAll(\'[data-live]\').length;\n  if (live !== window.__live) { window.__live = live; log(\'live sections \' + live); }\n  if (document.documentElement.dataset.hydrated && !window.__hyd) { window.__hyd = 1; log(\'hydrated\'); }\n  if (location.pathname !== window.__path) { window.__path = location.pathname; log(\'path \' + location.pathname); }\n  var sum = document.querySelector(\'[aria-label="Summary"]\');\n  if (sum && !window.__sum) { window.__sum = 1; log(\'SUMMARY in DOM\'); }\n});\ndocument.addEventListener(\'DOMContentLoaded\', function () { log(\'DCL\'); mo.observe(document, { subtree: true, childList: true, attributes: true }); });\n' });
  if (thr) await throttle(page);
  const dw = await hurriedVisit(page, c, { timeout: 20000, settle: false });
  const t = await page.evaluate(() => Math.round(performance.now()));
  await page.waitForTimeout(300);
  const tl = (await page.evaluate(() => (window as any).__tl)) ?? []; console.log("tl", tl.length, await page.evaluate(() => (window as any).__err));
  const res = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => [Math.round(r.startTime), Math.round(r.responseEnd), r.name.replace(location.origin, ''), r.transferSize]));
  console.log(`=== ${c.name} dead window ${Math.round(dw)} ms; effect seen at ~${t}`);
  const all = [...tl.map(([a, w]) => [a, `  ${w}`]), ...res.map(([s, e, n, z]) => [s, `  res ${s}-${e} ${n} ${z}B`])].sort((a, b) => a[0] - b[0]);
  for (const [a, w] of all) console.log(String(a).padStart(6), w);
  await ctx.close();
}
await browser.close();
