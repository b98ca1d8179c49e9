/**
 * `npm run bench`: builds the site, serves it with the reference server, and visits every route in
 * a fresh Chromium context (empty cache). Prints per route the compressed JS and CSS transferred and
 * the Largest Contentful Paint and the Cumulative Layout Shift (also on a 390 px phone), checks the budgets of DESIGN.md (160 kB
 * of JS without a form, 300 kB with one; no layout shift, i.e. CLS within web.dev's 'good' 0.1) and
 * exits non-zero when a page is over. Options: --no-build, --route /path (repeatable).
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { buildServer } from '../server/app.ts';
import config from '../pages.config.json' with { type: 'json' };

const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--route' ? [args[i + 1]] : []));
if (!args.includes('--no-build')) execSync('npm run build --silent', { stdio: 'inherit' });

const KB = 1024;
const BUDGET_JS = 160 * KB;
const BUDGET_JS_FORM = 300 * KB;
/** web.dev's threshold of a 'good' CLS; images are sized and skeletons take the final size. */
const BUDGET_CLS = 0.1;

/** Sample values for route params, so every route can be visited. */
const SAMPLE_PARAMS: Record<string, Record<string, string>> = {
  ShopMerchant: { slug: 'demo-merchant' },
  ShopMerchantCheckout: { slug: 'demo-merchant' },
  PromoShop: { slug: 'demo-promotion' },
  PromoCheckout: { slug: 'demo-promotion' },
  MediaArticle: { id: '1', title: 'article' },
};
const FORM_BLOCKS = new Set(['form', 'checkout', 'keyAssignment', 'multiAssignment', 'resellerCheckout']);

interface Page {
  name: string;
  path: string;
  redirect?: string;
  sections?: { type: string }[];
}

const short = config.site.product.short;
function samplePath(page: Page): string {
  const params = { slug: 'demo-reseller', ...SAMPLE_PARAMS[page.name] };
  return page.path
    .replaceAll('{short}', short)
    .replace(/:(\w+)\?/g, (_, key: string) =>
      key === 'slug' && page.name === 'Terms' ? short : (params[key as keyof typeof params] ?? ''),
    )
    .replace(/:(\w+)/g, (_, key: string) => params[key as keyof typeof params] ?? 'x')
    .replace(/\/$/, page.path.endsWith('/') ? '/' : '');
}

const pages = (config.pages as Page[]).filter((page) => !page.redirect);
const routes = pages
  .map((page) => ({ page, path: samplePath(page), hasForm: (page.sections ?? []).some((s) => FORM_BLOCKS.has(s.type)) }))
  .filter((route) => only.length === 0 || only.includes(route.path));

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
const app = await buildServer({ dataDir, staticDir: resolve('dist'), demo: true, logger: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

interface Result {
  route: string;
  page: string;
  js: number;
  css: number;
  lcp: number | null;
  /** CLS at 1280 x 900 and at 390 x 844. */
  cls: number;
  clsPhone: number;
  budget: number;
  over: boolean;
}

/** One first visit (fresh context, empty cache): compressed JS and CSS transferred, LCP and CLS. */
async function visit(path: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const tab = await context.newPage();
  let js = 0;
  let css = 0;
  const pending: Promise<void>[] = [];
  tab.on('requestfinished', (request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then((sizes) => {
        if (type === 'script') js += sizes.responseBodySize;
        else css += sizes.responseBodySize;
      }),
    );
  });
  await tab.goto(base + path, { waitUntil: 'networkidle' });
  await tab.waitForTimeout(300);
  const { lcp, cls } = await tab.evaluate(
    () =>
      new Promise<{ lcp: number | null; cls: number }>((resolve) => {
        let lcp: number | null = null;
        let cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) lcp = entry.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        // Every shift of the visit counts (no input happens): the whole load is one session window.
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve({ lcp, cls }), 200);
      }),
  );
  await Promise.all(pending);
  await context.close();
  return { js, css, lcp, cls };
}

const results: Result[] = [];
try {
  for (const route of routes) {
    const desktop = await visit(route.path, { width: 1280, height: 900 });
    // The layout varies by breakpoint: the shift is measured on a phone too.
    const phone = await visit(route.path, { width: 390, height: 844 });
    const budget = route.hasForm ? BUDGET_JS_FORM : BUDGET_JS;
    const cls = Math.max(desktop.cls, phone.cls);
    results.push({
      route: route.path,
      page: route.page.name,
      js: desktop.js,
      css: desktop.css,
      lcp: desktop.lcp,
      cls: desktop.cls,
      clsPhone: phone.cls,
      budget,
      over: desktop.js > budget || cls > BUDGET_CLS,
    });
  }
} finally {
  await browser.close();
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => (bytes / KB).toFixed(1).padStart(7);
console.log(
  `\n${'route'.padEnd(44)} ${'JS kB'.padStart(7)} ${'CSS kB'.padStart(7)} ${'LCP ms'.padStart(7)} ${'CLS'.padStart(6)} ${'CLS390'.padStart(6)}  budget`,
);
for (const r of results) {
  const lcp = r.lcp === null ? '      -' : String(Math.round(r.lcp)).padStart(7);
  console.log(
    `${r.route.padEnd(44)} ${kb(r.js)} ${kb(r.css)} ${lcp} ${r.cls.toFixed(3).padStart(6)} ${r.clsPhone.toFixed(3).padStart(6)}  ${r.over ? 'OVER ' : 'ok   '}${r.budget / KB} kB, CLS ${BUDGET_CLS}`,
  );
}
mkdirSync('bench-results', { recursive: true });
writeFileSync('bench-results/latest.json', JSON.stringify({ date: new Date().toISOString(), results }, null, 2));
const over = results.filter((r) => r.over);
console.log(over.length ? `\n✖ ${over.length} route(s) over the JS or CLS budget` : `\n✔ every route within its JS and CLS budgets`);
process.exit(over.length ? 1 : 0);
