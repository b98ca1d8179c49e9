/**
 * `npm run bench`: builds the site, serves it with the reference server, and visits every route in
 * a fresh Chromium context (empty cache). Prints per route the compressed JS and CSS transferred (the
 * bytes a browser receives: Brotli) and the Largest Contentful Paint and the Cumulative Layout Shift
 * (also on a 390 px phone), and checks the budgets: no JS at all on a page where nothing runs (the
 * server sends it no script), at most 100 kB of compressed JS on a first visit of a page without a
 * form, 200 kB with one; no layout shift, i.e. CLS within web.dev's 'good' 0.1.
 *
 * Then it measures the dead window of each hurried-visitor case (tests/e2e/hurried-controls.ts: a
 * control tapped as soon as the server-rendered page shows it, before hydration): the time from the
 * control being visible to its effect being visible, the median of 3 fresh visits, unthrottled and
 * at a 4x CPU slowdown with slow 4G. Budgets: 300 ms unthrottled, 1000 ms throttled; a tap without
 * an effect within 10 s is lost, and a lost tap is over any budget.
 *
 * Then it runs Lighthouse (the npm package, through its Node API, in Debian's Chromium, a freshly
 * launched one for each run) in its default mobile mode (simulated throttling) on the home, About,
 * Contact, Media, an article, the checkout and a key assignment page, keeps the best of 3 runs per
 * route (by performance score; the scores move by a few points between runs), and prints
 * performance, FCP, LCP, LCP minus FCP, TBT, CLS, accessibility and SEO, with the CPU benchmark index
 * of each run. Lighthouse's thresholds: performance 100 without a form, 95 with one; LCP at most
 * 300 ms after FCP (the largest paint is the first one: nothing downloads in its path); Total
 * Blocking Time under 150 ms; accessibility 100; SEO 100.
 *
 * Exits non-zero when a page is over a budget or under a threshold, with one line per failure.
 * Options:
 *   --no-build             measure the build already in dist/
 *   --route /path          only this route (repeatable): the visits, the dead-window cases that start
 *                          there and Lighthouse's routes among them
 *   --no-dead-window       skip the dead-window measurement
 *   --no-lighthouse        skip Lighthouse
 *   --lighthouse-runs N    Lighthouse runs per route (default 3)
 * CHROMIUM_PATH overrides /usr/bin/chromium.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Request } from '@playwright/test';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer } from '../server/app.ts';
import config from '../pages.config.json' with { type: 'json' };
import { HURRIED_CASES, hurriedVisit, LostTap, throttle, type HurriedCase } from '../tests/e2e/hurried-controls.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/sample-routes.ts';
import { samplePath, type SamplePage as RoutePage } from '../domain/sample-path.ts';

const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--route' ? [args[i + 1]] : []));
const runLighthouse = !args.includes('--no-lighthouse');
const runDeadWindow = !args.includes('--no-dead-window');
const runsArg = args.indexOf('--lighthouse-runs');
const lighthouseRuns = runsArg >= 0 ? Number(args[runsArg + 1]) : 3;
if (!Number.isInteger(lighthouseRuns) || lighthouseRuns < 1) {
  console.error('--lighthouse-runs needs a whole number of at least 1');
  process.exit(2);
}
if (!args.includes('--no-build')) execSync('npm run build --silent', { stdio: 'inherit' });

const KB = 1024;
/** A page where nothing runs gets no script (server/page-frame.ts): its budget is nothing. */
const BUDGET_JS_NOTHING_RUNS = 0;
const BUDGET_JS = 100 * KB;
const BUDGET_JS_FORM = 200 * KB;
/** web.dev's threshold of a 'good' CLS; images are sized and skeletons take the final size. */
const BUDGET_CLS = 0.1;

/** Dead window budgets (ms, median of the runs): a tap takes effect at once, and soon on a phone. */
const BUDGET_DEAD_WINDOW = 300;
const BUDGET_DEAD_WINDOW_THROTTLED = 1000;
const DEAD_WINDOW_RUNS = 3;
/** A tap without an effect by then is lost. */
const DEAD_WINDOW_TIMEOUT = 10_000;

/** Lighthouse's thresholds (scores 0-100; TBT in ms): performance by whether the page has a form. */
const MIN_PERFORMANCE = 100;
const MIN_PERFORMANCE_FORM = 95;
const MAX_TBT = 150;
/** How much later than the first contentful paint the largest one may come (ms). */
const MAX_LCP_AFTER_FCP = 300;
const MIN_ACCESSIBILITY = 100;
const MIN_SEO = 100;
/** The routes Lighthouse measures: content pages, an article, the checkout and a key assignment form. */
const LIGHTHOUSE_ROUTES = [
  '/',
  '/about',
  '/contact',
  '/media',
  '/media/article/1/rainy-season-illnesses-leptospirosis-flu-and-colds',
  '/shop/checkout',
  '/shop/keyassignmentsingle',
];
const FORM_BLOCKS = new Set(['form', 'checkout', 'keyAssignment', 'multiAssignment', 'resellerCheckout']);

interface Page extends RoutePage {
  sections?: { type: string }[];
}

const short = config.site.product.short;
const pages = (config.pages as Page[]).filter((page) => !page.redirect);
const allRoutes = pages.map((page) => ({
  page,
  path: samplePath(page, short),
  hasForm: (page.sections ?? []).some((s) => FORM_BLOCKS.has(s.type)),
}));
const routes = allRoutes.filter((route) => only.length === 0 || only.includes(route.path));
const lighthouseRoutes = runLighthouse
  ? LIGHTHOUSE_ROUTES.filter((path) => only.length === 0 || only.includes(path)).map((path) => {
      const route = allRoutes.find((r) => r.path === path);
      if (!route) throw new Error(`Lighthouse route ${path} is not a route of pages.config.json`);
      return route;
    })
  : [];

const deadWindowCases = runDeadWindow ? HURRIED_CASES.filter((c) => only.length === 0 || only.includes(c.route)) : [];

const dataDir = mkdtempSync(join(tmpdir(), 'bench-'));
// Every route is visited in a burst: no per-client limit of page renders.
const app = await buildServer({ dataDir, staticDir: resolve('dist'), demo: true, logger: false, pageRenderLimit: 0, renderConcurrency: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

interface Result {
  route: string;
  page: string;
  js: number;
  css: number;
  lcp: number | null;
  /** CLS at 1280 x 900 and at 390 x 844. */
  cls: number;
  clsPhone: number;
  /** Whether the page runs any script (the server sent it the list of scripts to fetch). */
  runs: boolean;
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
  const onFinished = (request: Request) => {
    const type = request.resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      request.sizes().then((sizes) => {
        if (type === 'script') js += sizes.responseBodySize;
        else css += sizes.responseBodySize;
      }),
    );
  };
  tab.on('requestfinished', onFinished);
  await tab.goto(base + path, { waitUntil: 'networkidle' });
  await tab.waitForTimeout(300);
  const runs = await tab.evaluate(() => document.getElementById('boot') !== null);
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
  // A request that finishes from here on would ask for its sizes after the context is closed.
  tab.off('requestfinished', onFinished);
  await Promise.all(pending);
  await context.close();
  return { js, css, lcp, cls, runs };
}

interface DeadWindowResult {
  case: string;
  route: string;
  /** Median dead window in ms over the runs, unthrottled and throttled; Infinity when the tap was lost. */
  unthrottled: number;
  throttled: number;
  /** Every run's dead window (Infinity: lost; null in bench-results/latest.json). */
  runs: { unthrottled: number[]; throttled: number[] };
}

/** One hurried visit of a case in a fresh context (empty cache): its dead window in ms, Infinity when the tap was lost. */
async function deadWindowRun(c: HurriedCase, throttled: boolean): Promise<number> {
  const context = await browser.newContext({ baseURL: base, viewport: c.viewport });
  try {
    const tab = await context.newPage();
    if (throttled) await throttle(tab);
    // The timing only: tests/e2e/hurried.spec.ts checks what the app keeps once hydrated.
    return await hurriedVisit(tab, c, { timeout: DEAD_WINDOW_TIMEOUT, settle: false });
  } catch (error) {
    if (error instanceof LostTap) return Number.POSITIVE_INFINITY;
    throw error;
  } finally {
    await context.close();
  }
}

/** The median of the runs; once more than half of them are lost the median is lost, and the rest are not run. */
async function medianDeadWindow(c: HurriedCase, throttled: boolean): Promise<{ median: number; runs: number[] }> {
  const runs: number[] = [];
  for (let run = 0; run < DEAD_WINDOW_RUNS; run += 1) {
    runs.push(await deadWindowRun(c, throttled));
    if (runs.filter((ms) => ms === Number.POSITIVE_INFINITY).length > DEAD_WINDOW_RUNS / 2) break;
  }
  const sorted = [...runs].sort((a, b) => a - b);
  return { median: runs.length < DEAD_WINDOW_RUNS ? Number.POSITIVE_INFINITY : sorted[Math.floor(sorted.length / 2)], runs };
}

async function measureDeadWindows(): Promise<DeadWindowResult[]> {
  const measured: DeadWindowResult[] = [];
  for (const c of deadWindowCases) {
    const unthrottled = await medianDeadWindow(c, false);
    const throttled = await medianDeadWindow(c, true);
    measured.push({
      case: c.name,
      route: c.route,
      unthrottled: unthrottled.median,
      throttled: throttled.median,
      runs: { unthrottled: unthrottled.runs, throttled: throttled.runs },
    });
  }
  return measured;
}

/** One line per dead window over its budget. */
function deadWindowFailures(r: DeadWindowResult): string[] {
  const failures: string[] = [];
  for (const [median, budget, conditions] of [
    [r.unthrottled, BUDGET_DEAD_WINDOW, 'unthrottled'],
    [r.throttled, BUDGET_DEAD_WINDOW_THROTTLED, '4x CPU, slow 4G'],
  ] as const) {
    if (median === Number.POSITIVE_INFINITY) {
      failures.push(`${r.route} ${r.case}: the tap was lost (no effect within ${DEAD_WINDOW_TIMEOUT / 1000} s, ${conditions})`);
    } else if (median > budget) {
      failures.push(`${r.route} ${r.case}: dead window ${Math.round(median)} ms > ${budget} ms (${conditions})`);
    }
  }
  return failures;
}

interface LighthouseResult {
  route: string;
  hasForm: boolean;
  /** Scores 0-100 of the best run (by performance); metrics in ms, CLS unitless. */
  performance: number;
  accessibility: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  /** The performance score of every run, for a sense of the noise. */
  runs: number[];
  /**
   * Lighthouse's CPU benchmark (environment.benchmarkIndex, higher is faster) at each run: the
   * simulated throttling multiplies what this machine measured, so a slower moment of a shared
   * machine costs points; runs are comparable only at similar figures.
   */
  cpu: number[];
  /** Failed accessibility and SEO audits of the best run, by id. */
  failedAudits: string[];
}

type LighthouseReport = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/**
 * One Lighthouse run (default config: mobile, simulated throttling, fresh storage) in a freshly
 * launched Chrome, closed after the run: no run inherits the caches, compiled code or memory of another.
 */
async function lighthouseRun(url: string): Promise<LighthouseReport> {
  const chrome = await launchChrome({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

const score = (lhr: LighthouseReport, category: string) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const metric = (lhr: LighthouseReport, audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;

/** The audits of a category that failed (weighted ones only, as those count in the score). */
function failedAudits(lhr: LighthouseReport, category: string): string[] {
  return (lhr.categories[category]?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .filter((ref) => {
      const auditScore = lhr.audits[ref.id]?.score;
      return typeof auditScore === 'number' && auditScore < 1;
    })
    .map((ref) => `${category}: ${ref.id}`);
}

/** Runs Lighthouse `lighthouseRuns` times on every Lighthouse route, keeping each one's best run. */
async function measureLighthouse(): Promise<LighthouseResult[]> {
  const measured: LighthouseResult[] = [];
  for (const route of lighthouseRoutes) {
    let best: LighthouseReport | undefined;
    const runs: number[] = [];
    const cpu: number[] = [];
    for (let run = 0, retries = 0; run < lighthouseRuns; run += 1) {
      let lhr: LighthouseReport;
      try {
        lhr = await lighthouseRun(base + route.path);
      } catch (error) {
        // Lighthouse itself sometimes loses the trace (NO_NAVSTART) on a busy machine: that run is repeated, twice at most.
        if (retries >= 2) throw error;
        retries += 1;
        console.warn(`${String(error)}: running it again`);
        run -= 1;
        continue;
      }
      runs.push(score(lhr, 'performance'));
      cpu.push(Math.round(lhr.environment.benchmarkIndex));
      if (!best || score(lhr, 'performance') > score(best, 'performance')) best = lhr;
    }
    if (!best) continue;
    measured.push({
      route: route.path,
      hasForm: route.hasForm,
      performance: score(best, 'performance'),
      accessibility: score(best, 'accessibility'),
      seo: score(best, 'seo'),
      fcp: metric(best, 'first-contentful-paint'),
      lcp: metric(best, 'largest-contentful-paint'),
      tbt: metric(best, 'total-blocking-time'),
      cls: metric(best, 'cumulative-layout-shift'),
      runs,
      cpu,
      failedAudits: [...failedAudits(best, 'accessibility'), ...failedAudits(best, 'seo')],
    });
  }
  return measured;
}

/** One line per threshold a Lighthouse result misses. */
function lighthouseFailures(r: LighthouseResult): string[] {
  const minPerformance = r.hasForm ? MIN_PERFORMANCE_FORM : MIN_PERFORMANCE;
  const failures: string[] = [];
  if (r.performance < minPerformance) {
    failures.push(`${r.route}: Lighthouse performance ${r.performance} < ${minPerformance}${r.hasForm ? ' (page with a form)' : ''}`);
  }
  if (r.lcp - r.fcp > MAX_LCP_AFTER_FCP) {
    failures.push(
      `${r.route}: Lighthouse LCP ${Math.round(r.lcp)} ms is ${Math.round(r.lcp - r.fcp)} ms after FCP, more than ${MAX_LCP_AFTER_FCP} ms`,
    );
  }
  if (r.tbt >= MAX_TBT) failures.push(`${r.route}: Lighthouse Total Blocking Time ${Math.round(r.tbt)} ms, not under ${MAX_TBT} ms`);
  if (r.accessibility < MIN_ACCESSIBILITY) failures.push(`${r.route}: Lighthouse accessibility ${r.accessibility} < ${MIN_ACCESSIBILITY}`);
  if (r.seo < MIN_SEO) failures.push(`${r.route}: Lighthouse SEO ${r.seo} < ${MIN_SEO}`);
  return failures;
}

const results: Result[] = [];
let deadWindowResults: DeadWindowResult[] = [];
let lighthouseResults: LighthouseResult[] = [];
try {
  for (const route of routes) {
    const desktop = await visit(route.path, { width: 1280, height: 900 });
    // The layout varies by breakpoint: the shift is measured on a phone too.
    const phone = await visit(route.path, { width: 390, height: 844 });
    const budget = !desktop.runs ? BUDGET_JS_NOTHING_RUNS : route.hasForm ? BUDGET_JS_FORM : BUDGET_JS;
    const cls = Math.max(desktop.cls, phone.cls);
    results.push({
      route: route.path,
      page: route.page.name,
      js: desktop.js,
      css: desktop.css,
      lcp: desktop.lcp,
      cls: desktop.cls,
      clsPhone: phone.cls,
      runs: desktop.runs,
      budget,
      over: desktop.js > budget || cls > BUDGET_CLS,
    });
  }
  deadWindowResults = await measureDeadWindows();
  await browser.close();
  // After the Playwright visits, so the two browsers do not compete for the CPU.
  lighthouseResults = await measureLighthouse();
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
    `${r.route.padEnd(44)} ${kb(r.js)} ${kb(r.css)} ${lcp} ${r.cls.toFixed(3).padStart(6)} ${r.clsPhone.toFixed(3).padStart(6)}  ${r.over ? 'OVER ' : 'ok   '}${r.runs ? `${r.budget / KB} kB` : '0 kB (nothing runs)'}, CLS ${BUDGET_CLS}`,
  );
}
const ms = (value: number) => (Number.isFinite(value) ? String(Math.round(value)) : '-').padStart(7);
const deadMs = (value: number) => (value === Number.POSITIVE_INFINITY ? 'lost' : String(Math.round(value))).padStart(7);
if (deadWindowResults.length) {
  console.log(
    `\nDead window (control visible to effect visible), median of ${DEAD_WINDOW_RUNS} runs; budgets ${BUDGET_DEAD_WINDOW} ms unthrottled, ${BUDGET_DEAD_WINDOW_THROTTLED} ms at 4x CPU + slow 4G\n${'case'.padEnd(72)} ${'ms'.padStart(7)} ${'4x ms'.padStart(7)}  runs (unthrottled | throttled)`,
  );
  for (const r of deadWindowResults) {
    const over = deadWindowFailures(r).length > 0;
    const runs = (values: number[]) => values.map((value) => deadMs(value).trim()).join(' ');
    console.log(
      `${`${r.route} ${r.case}`.slice(0, 72).padEnd(72)} ${deadMs(r.unthrottled)} ${deadMs(r.throttled)}  ${over ? 'OVER ' : 'ok   '}${runs(r.runs.unthrottled)} | ${runs(r.runs.throttled)}`,
    );
  }
}
if (lighthouseResults.length) {
  console.log(
    `\nLighthouse, mobile, best of ${lighthouseRuns} run(s)\n${'route'.padEnd(32)} ${'perf'.padStart(5)} ${'FCP ms'.padStart(7)} ${'LCP ms'.padStart(7)} ${'-FCP'.padStart(6)} ${'TBT ms'.padStart(7)} ${'CLS'.padStart(6)} ${'a11y'.padStart(5)} ${'SEO'.padStart(5)}  runs (perf @ CPU benchmark index)`,
  );
  for (const r of lighthouseResults) {
    console.log(
      `${r.route.padEnd(32)} ${String(r.performance).padStart(5)} ${ms(r.fcp)} ${ms(r.lcp)} ${ms(r.lcp - r.fcp).slice(1)} ${ms(r.tbt)} ${r.cls.toFixed(3).padStart(6)} ${String(r.accessibility).padStart(5)} ${String(r.seo).padStart(5)}  ${r.runs.map((run, i) => `${run}@${r.cpu[i]}`).join(' ')}`,
    );
    if (r.failedAudits.length) console.log(`${''.padEnd(32)} failed: ${r.failedAudits.join(', ')}`);
  }
}

mkdirSync('bench-results', { recursive: true });
writeFileSync(
  'bench-results/latest.json',
  JSON.stringify({ date: new Date().toISOString(), results, deadWindows: deadWindowResults, lighthouse: lighthouseResults }, null, 2),
);
const failures = [
  ...results.flatMap((r) => {
    const lines: string[] = [];
    if (r.js > r.budget) lines.push(`${r.route}: JS ${(r.js / KB).toFixed(1)} kB > ${r.budget / KB} kB`);
    const cls = Math.max(r.cls, r.clsPhone);
    if (cls > BUDGET_CLS) lines.push(`${r.route}: CLS ${cls.toFixed(3)} > ${BUDGET_CLS}`);
    return lines;
  }),
  ...deadWindowResults.flatMap(deadWindowFailures),
  ...lighthouseResults.flatMap(lighthouseFailures),
];
if (failures.length) {
  console.log(`\n✖ ${failures.length} failure(s):`);
  for (const line of failures) console.log(`  ✖ ${line}`);
} else {
  const also = [deadWindowResults.length ? 'dead window budgets' : '', lighthouseResults.length ? 'Lighthouse thresholds' : ''].filter(
    Boolean,
  );
  console.log(`\n✔ every route within its JS and CLS budgets${also.length ? ` and ${also.join(' and ')}` : ''}`);
}
process.exit(failures.length ? 1 : 0);
