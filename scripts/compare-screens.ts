/**
 * `npm run compare:screens`: screenshots every route of two versions of the site and compares them
 * pixel by pixel, to show what a change did (or did not do) to the rendered pages.
 *
 *   npm run compare:screens -- [--before <git ref>] [--after <git ref>] [--out <dir>] [--route /path]... [--no-build] [--keep]
 *
 * - before: a git ref (default c733550, main right before issue 16's first merge); after: a git ref,
 *   or the working tree (the default; built in place, as `npm run bench` does). Either may also be
 *   a folder holding a checkout (one kept by an earlier `--keep` run, with `--no-build`).
 * - A ref is checked out with `git worktree add` in a temp folder whose node_modules links to this
 *   checkout's packages, then built with `npm run build` (`--no-build`: use the dist/ it has).
 * - Each version is served by its own reference server (server/main.ts, demo mode, a fresh data
 *   folder seeded alike) on ports 8461 (before) and 8462 (after); `PORT_BEFORE`/`PORT_AFTER` change them.
 * - Every page of each version's pages.config.json (redirects left out, params from the demo data as
 *   in scripts/lib/sample-routes.ts) and an unknown path (the 404 page) is shot full-page at 1280x800
 *   and 390x844 in Debian's Chromium, with what varies between runs frozen: reduced motion,
 *   animations stopped, the clock fixed, fonts loaded, the network idle, the page scrolled through
 *   once (lazy content) and back. Then the SCENES below: what an empty cart hides (each checkout's
 *   billing form, the cart dialogs), reached as a visitor does, with the demo data (server/seed.ts).
 * - The report: <out>/report.md (route, viewport, sizes, differing pixels and their share) and
 *   <out>/index.html (before, after and diff side by side); the PNGs in <out>/before, after, diff
 *   (diff: differing pixels red over a faded 'after'). <out> defaults to a new folder in /tmp.
 * Worktrees are removed at the end (`--keep` keeps them).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, sampleRoutes, type SampleConfig } from './lib/sample-routes.ts';
import { linkPackages } from './lib/scratch-copy.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const VIEWPORTS = [
  { name: '1280x800', width: 1280, height: 800 },
  { name: '390x844', width: 390, height: 844 },
];
/** The browser's clock during a visit: the same for both versions (today, 10:00 in Manila). */
const FIXED_TIME = new Date(`${new Date().toISOString().slice(0, 10)}T10:00:00+08:00`);
const NOT_FOUND = '/compare-screens-no-such-page';

/** What a visitor does before a shot (`base`: the server's origin). */
type Steps = (page: Page, base: string) => Promise<void>;

/** Adds the first plan of a shop page to its cart (a promotion's, after its code is entered). */
const addFirstPlan =
  (shop: string, code?: string): Steps =>
  async (page, base) => {
    await page.goto(base + shop, { waitUntil: 'networkidle' });
    if (code) {
      await page.locator('input[name=code]').fill(code);
      await page.getByRole('button', { name: 'Submit' }).click();
    }
    await page
      .getByRole('button', { name: /^(add to cart|choose this plan)$/i })
      .first()
      .click();
  };
/** The same, then the cart's dialog opened. */
const openCart =
  (shop: string): Steps =>
  async (page, base) => {
    await addFirstPlan(shop)(page, base);
    await page.getByRole('button', { name: /^cart/i }).first().click();
    await page.getByRole('dialog').first().waitFor();
  };
/**
 * The reseller's checkout, reached from its cart as a visitor does: loaded directly, it sends the
 * visitor back to the reseller's home (its server-rendered page has no cart).
 */
const resellerCheckout: Steps = async (page, base) => {
  await openCart('/shop/reseller/demo-reseller/')(page, base);
  await page.getByRole('dialog').getByRole('link', { name: 'Checkout' }).click();
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
};
/** The merchant shop sells 2 plans at least: the cart's quantity raised once. */
const twoMerchantPlans: Steps = async (page, base) => {
  await openCart('/shop/promo/demo-merchant')(page, base);
  await page.getByRole('button', { name: 'Increase' }).click();
};

/**
 * One shot of both versions: `route` as first visited, or a scene: `steps`, then `route` (`stay`:
 * the page as the steps leave it, not scrolled, which would close a dialog).
 */
interface Shot {
  route: string;
  label?: string;
  steps?: Steps;
  stay?: boolean;
}

/** What an empty cart hides: the checkouts' billing forms and the cart dialogs. */
const SCENES: Shot[] = [
  { route: '/shop/checkout', label: 'cart filled', steps: addFirstPlan('/shop') },
  { route: '/shop/promo/checkout/demo-merchant', label: 'cart filled', steps: twoMerchantPlans },
  {
    route: '/shop/promocode/checkout/demo-promotion',
    label: 'cart filled',
    steps: addFirstPlan('/shop/promocode/demo-promotion', 'UNLOCK2026'),
  },
  { route: '/shop/reseller/checkout/demo-reseller', label: 'cart filled', steps: resellerCheckout, stay: true },
  { route: '/shop', label: 'cart open', steps: openCart('/shop'), stay: true },
  { route: '/shop/reseller/demo-reseller/', label: 'cart open', steps: openCart('/shop/reseller/demo-reseller/'), stay: true },
];

interface Side {
  name: 'before' | 'after';
  /** A git ref to check out; undefined for the working tree or a given folder. */
  ref: string | undefined;
  dir: string;
  port: number;
  server?: ChildProcess;
}

function option(name: string): string | undefined {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}
const args = process.argv.slice(2);
const only = args.flatMap((arg, i) => (arg === '--route' ? [args[i + 1]] : []));
const build = !args.includes('--no-build');
const keep = args.includes('--keep');
const out = path.resolve(option('--out') ?? mkdtempSync(path.join(tmpdir(), 'compare-screens-')));
const trees = mkdtempSync(path.join(tmpdir(), 'compare-screens-trees-'));

const run = (command: string, commandArgs: string[], cwd: string) => {
  const result = spawnSync(command, commandArgs, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed in ${cwd}`);
};

/** A checkout of `ref` whose node_modules links to this checkout's packages (caches of its own). */
function checkout(name: string, ref: string): string {
  const dir = path.join(trees, name);
  run('git', ['worktree', 'add', '--detach', dir, ref], REPO);
  linkPackages(REPO, dir);
  return dir;
}

async function startServer(side: Side): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `compare-screens-data-${side.name}-`));
  side.server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: side.dir,
    env: {
      ...process.env,
      DEMO: '1',
      HOST: '127.0.0.1',
      PORT: String(side.port),
      DATA_DIR: dataDir,
      STATIC_DIR: path.join(side.dir, 'dist'),
      LOG_LEVEL: 'warn',
      // Every route is shot in a burst: no per-client limit of page renders.
      PAGE_RENDER_LIMIT: '0',
      RENDER_CONCURRENCY: '0',
      PUBLIC_URL: `http://127.0.0.1:${side.port}`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  side.server.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  for (let tries = 0; tries < 120; tries++) {
    try {
      if ((await fetch(`http://127.0.0.1:${side.port}/`, { headers: { accept: 'text/html' } })).ok) return;
    } catch {
      // not listening yet
    }
    if (side.server.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the ${side.name} server did not start on port ${side.port}`);
}

/** The visitable paths of a version's pages.config.json. */
function routesOf(dir: string): string[] {
  return sampleRoutes(JSON.parse(readFileSync(path.join(dir, 'pages.config.json'), 'utf8')) as SampleConfig);
}

const slug = (shot: Shot) =>
  `${shot.route.replace(/^\/$/, 'home').replace(/^\//, '')}${shot.label ? `-${shot.label}` : ''}`.replace(/[^A-Za-z0-9-]+/g, '_');
const titleOf = (shot: Shot) => (shot.label ? `${shot.route} (${shot.label})` : shot.route);

/** A full-page screenshot of a shot with everything that varies between runs frozen. */
async function shoot(browser: Browser, side: Side, shot: Shot, viewport: (typeof VIEWPORTS)[number]): Promise<string> {
  const context = await browser.newContext({
    viewport: { width: viewport.width, height: viewport.height },
    deviceScaleFactor: 1,
    reducedMotion: 'reduce',
    colorScheme: 'light',
    locale: 'en-US',
    timezoneId: 'Asia/Manila',
  });
  try {
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    await page.clock.setFixedTime(FIXED_TIME);
    const base = `http://127.0.0.1:${side.port}`;
    await shot.steps?.(page, base);
    if (!shot.stay) await page.goto(base + shot.route, { waitUntil: 'networkidle', timeout: 60_000 });
    await page.evaluate(() => document.fonts.ready);
    // Scrolled through once, so that lazy images and sections below the fold load, then back.
    if (!shot.stay)
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
          window.scrollTo(0, y);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        window.scrollTo(0, 0);
      });
    // (After steps that navigated inside the app, the load states are those of the first page.)
    if (!shot.stay) await page.waitForLoadState('networkidle');
    await page.waitForTimeout(shot.stay ? 1500 : 500);
    const file = path.join(out, side.name, `${slug(shot)}-${viewport.name}.png`);
    await page.screenshot({ path: file, fullPage: true, animations: 'disabled', caret: 'hide' });
    return file;
  } finally {
    await context.close();
  }
}

/** `png` on a white canvas of width x height (a shorter page is compared with white below it). */
function onCanvas(png: PNG, width: number, height: number): Buffer {
  const canvas = Buffer.alloc(width * height * 4, 255);
  for (let y = 0; y < png.height; y++) png.data.copy(canvas, y * width * 4, y * png.width * 4, (y + 1) * png.width * 4);
  return canvas;
}

interface Row {
  shot: Shot;
  viewport: string;
  before?: string;
  after?: string;
  size: string;
  pixels: number;
  percent: number;
}

function compare(shot: Shot, viewport: string, beforeFile: string | undefined, afterFile: string | undefined): Row {
  const name = `${slug(shot)}-${viewport}.png`;
  if (!beforeFile || !afterFile)
    return { shot, viewport, before: beforeFile, after: afterFile, size: 'only one version has it', pixels: 0, percent: 100 };
  const a = PNG.sync.read(readFileSync(beforeFile));
  const b = PNG.sync.read(readFileSync(afterFile));
  const width = Math.max(a.width, b.width);
  const height = Math.max(a.height, b.height);
  const diff = new PNG({ width, height });
  const pixels = pixelmatch(onCanvas(a, width, height), onCanvas(b, width, height), diff.data, width, height, { threshold: 0.1 });
  writeFileSync(path.join(out, 'diff', name), PNG.sync.write(diff));
  const size = a.height === b.height && a.width === b.width ? `${a.width}x${a.height}` : `${a.width}x${a.height} -> ${b.width}x${b.height}`;
  return { shot, viewport, before: beforeFile, after: afterFile, size, pixels, percent: (100 * pixels) / (width * height) };
}

function writeReport(rows: Row[], before: Side, after: Side): void {
  const label = (side: Side) => side.ref ?? (side.dir === REPO ? 'working tree' : side.dir);
  const md = [
    `# Screenshots: ${label(before)} (before) vs ${label(after)} (after)`,
    '',
    '| route | viewport | size (before -> after) | differing pixels | share |',
    '|---|---|---|---:|---:|',
    ...rows.map((r) => `| ${titleOf(r.shot)} | ${r.viewport} | ${r.size} | ${r.pixels} | ${r.percent.toFixed(2)} % |`),
    '',
  ].join('\n');
  writeFileSync(path.join(out, 'report.md'), md);
  const img = (dir: string, r: Row) => `<img loading="lazy" src="${dir}/${slug(r.shot)}-${r.viewport}.png" alt="${dir}">`;
  const html = [
    '<!doctype html><meta charset="utf-8"><title>compare:screens</title>',
    '<style>body{font:14px sans-serif}td{vertical-align:top}img{max-width:420px;border:1px solid #ccc}</style>',
    `<h1>${label(before)} (before) vs ${label(after)} (after)</h1><table>`,
    ...rows.map(
      (r) =>
        `<tr><th colspan="3" align="left">${titleOf(r.shot)} ${r.viewport}: ${r.size}, ${r.pixels} px (${r.percent.toFixed(2)} %)</th></tr>` +
        `<tr><td>${img('before', r)}</td><td>${img('after', r)}</td><td>${img('diff', r)}</td></tr>`,
    ),
    '</table>',
  ].join('\n');
  writeFileSync(path.join(out, 'index.html'), html);
}

const isFolder = (value: string) => existsSync(value) && statSync(value).isDirectory();
const sideOf = (name: Side['name'], value: string | undefined, port: number): Side =>
  value === undefined || isFolder(value)
    ? { name, ref: undefined, dir: path.resolve(value ?? REPO), port }
    : { name, ref: value, dir: '', port };
const sides: Side[] = [
  sideOf('before', option('--before') ?? 'c733550', Number(process.env.PORT_BEFORE ?? 8461)),
  sideOf('after', option('--after'), Number(process.env.PORT_AFTER ?? 8462)),
];
let browser: Browser | undefined;
try {
  for (const side of sides) {
    if (side.ref !== undefined) side.dir = checkout(side.name, side.ref);
    console.log(`${side.name}: ${side.ref ?? side.dir}`);
    if (build || !existsSync(path.join(side.dir, 'dist'))) run('npm', ['run', 'build', '--silent'], side.dir);
    mkdirSync(path.join(out, side.name), { recursive: true });
  }
  mkdirSync(path.join(out, 'diff'), { recursive: true });
  for (const side of sides) await startServer(side);

  const beforeRoutes = routesOf(sides[0].dir);
  const afterRoutes = routesOf(sides[1].dir);
  const routes = [...new Set([...afterRoutes, ...beforeRoutes, NOT_FOUND])];
  const shots = [...routes.map((route): Shot => ({ route })), ...SCENES].filter((shot) => only.length === 0 || only.includes(shot.route));
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows: Row[] = [];
  for (const shot of shots) {
    for (const viewport of VIEWPORTS) {
      const has = (list: string[]) => shot.route === NOT_FOUND || list.includes(shot.route);
      let row: Row;
      try {
        const beforeFile = has(beforeRoutes) ? await shoot(browser, sides[0], shot, viewport) : undefined;
        const afterFile = has(afterRoutes) ? await shoot(browser, sides[1], shot, viewport) : undefined;
        row = compare(shot, viewport.name, beforeFile, afterFile);
      } catch (error) {
        // A scene's steps that one version does not support (a button that is not there) fail this shot only.
        row = { shot, viewport: viewport.name, size: `failed: ${(error as Error).message.split('\n')[0]}`, pixels: 0, percent: 100 };
      }
      rows.push(row);
      console.log(`${row.percent === 0 ? 'same' : 'DIFF'}  ${titleOf(shot)}  ${viewport.name}  ${row.size}  ${row.percent.toFixed(2)} %`);
    }
  }
  writeReport(rows, sides[0], sides[1]);
  const differing = rows.filter((r) => r.percent > 0);
  console.log(
    `\n${rows.length - differing.length} of ${rows.length} screenshots the same; report: ${path.join(out, 'report.md')} (and index.html)`,
  );
} finally {
  await browser?.close();
  for (const side of sides) side.server?.kill('SIGTERM');
  if (!keep) {
    for (const side of sides)
      if (side.ref !== undefined && side.dir) spawnSync('git', ['worktree', 'remove', '--force', side.dir], { cwd: REPO });
    rmSync(trees, { recursive: true, force: true });
  }
}
