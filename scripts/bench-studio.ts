/**
 * `npm run bench:studio`: what the studio (the staff's browser app, dist-studio/) costs a staff
 * member's browser. Builds it (`npm run build:studio`; `--no-build` measures the build there is),
 * starts the demo server with the studio on STUDIO_BENCH_PORT + 1 (default 8195; a fresh data
 * directory, so the demo's accounts and records) and drives Chromium:
 *  1. first load: the sign-in page in a fresh context (empty cache): the compressed bytes received
 *     (document, JS, CSS; what the browser's resource timing reports as transferred);
 *  2. sign-in with a password and a TOTP code: from the click on "Sign in" to the desk's first list
 *     (the staff account lands on the submissions of the first form) drawn: its count and rows, or
 *     its "none yet";
 *  3. the desk opened: a fresh context holding that session (no HTTP cache) navigates to the studio's
 *     address; the time to that list drawn;
 *  4. sign-in with a passkey (a virtual authenticator of the DevTools protocol, added on My account):
 *     from the click on "Use a passkey" to the desk's first list drawn, --runs times, the median;
 *  5. the same with a 4x CPU slowdown and slow 4G (the site's throttle, tests/e2e/hurried-controls.ts).
 * A TOTP code signs in once, so the password sign-in is timed once per throttle setting (the code of
 * a step no earlier run spent); the desk opening, --runs times (default 5), reports its median.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate as totpCode } from 'otplib';
import { DEMO_PASSWORD, DEMO_TOTP_SECRET, demoEmail } from '../server/studio/demo.ts';
import { throttle } from '../tests/e2e/hurried-controls.ts';
import { VIRTUAL_AUTHENTICATOR } from '../tests/studio-e2e/helpers.ts';
import { wholeNumberOption } from './lib/bench-inputs.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/sample-routes.ts';

const args = process.argv.slice(2);
const runs = wholeNumberOption(args, 'runs', 5);
const SITE_PORT = Number(process.env.STUDIO_BENCH_PORT ?? 8195);
// localhost, not 127.0.0.1: Chromium refuses passkeys (WebAuthn) on an IP address.
const STUDIO = `http://localhost:${SITE_PORT + 1}`;
const TOTP_STEP_MS = 30_000;
const dataDir = mkdtempSync(path.join(tmpdir(), 'telmed-bench-studio-'));

if (!args.includes('--no-build')) execSync('npm run build:studio --silent', { stdio: 'inherit' });

async function startServer(): Promise<ChildProcess> {
  let log = '';
  const child = spawn(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    env: {
      ...process.env,
      DEMO: '1',
      DATA_DIR: dataDir,
      PORT: String(SITE_PORT),
      STUDIO_PORT: String(SITE_PORT + 1),
      STUDIO_URL: STUDIO,
      STUDIO_SIGN_IN_LIMIT: '1000',
      STUDIO_ACCOUNT_SIGN_IN_LIMIT: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (const deadline = Date.now() + 60_000; ;) {
    const up = await fetch(`${STUDIO}/api/studio/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the demo server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The compressed bytes the page received, by kind, as its resource timing reports them. */
async function transferred(page: Page): Promise<{ document: number; js: number; css: number; total: number }> {
  const entries = await page.evaluate(() =>
    [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')].map((entry) => ({
      path: new URL(entry.name).pathname,
      bytes: (entry as PerformanceResourceTiming).transferSize,
      navigation: entry.entryType === 'navigation',
    })),
  );
  // Summed here, not in the page: tsx would wrap a named helper in a `__name` the page lacks.
  const sum = (test: (entry: (typeof entries)[number]) => boolean) => entries.filter(test).reduce((total, e) => total + e.bytes, 0);
  return {
    document: sum((e) => e.navigation),
    js: sum((e) => e.path.endsWith('.js')),
    css: sum((e) => e.path.endsWith('.css')),
    total: sum(() => true),
  };
}

/** The desk's first list drawn: its count ("3 submissions") or its "none yet", which come with its rows. */
const firstListRow = (page: Page) => page.locator('main section p[aria-live="polite"]').first();

/** The code of the first 30-second step no earlier sign-in of this bench spent. */
let lastStep = -1;
async function unspentCode(): Promise<string> {
  let step = Math.floor(Date.now() / TOTP_STEP_MS);
  if (step <= lastStep) {
    await new Promise((resolve) => setTimeout(resolve, (lastStep + 1) * TOTP_STEP_MS - Date.now() + 200));
    step = lastStep + 1;
  }
  lastStep = step;
  return totpCode({ secret: DEMO_TOTP_SECRET, epoch: (step * TOTP_STEP_MS) / 1000 });
}

/** Signs the staff account in on a fresh context; the ms from the click on "Sign in" to the first row of the desk's first list. */
async function signIn(context: BrowserContext, throttled: boolean): Promise<number> {
  const page = await context.newPage();
  if (throttled) await throttle(page);
  await page.goto(`${STUDIO}/sign-in`);
  await page.getByLabel('E-mail').fill(demoEmail('staff'));
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByLabel('Code from your authenticator app').fill(await unspentCode());
  const started = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Sign in' }).click();
  await firstListRow(page).waitFor();
  const ms = (await page.evaluate(() => performance.now())) - started;
  await page.close();
  return ms;
}

/**
 * Gives the signed-in `session` a passkey on My account, from a virtual authenticator (resident
 * key, user verification passed, no prompt), and signs out. Returns the page: the authenticator
 * belongs to it (the DevTools protocol adds one per page).
 */
async function addPasskey(session: BrowserContext): Promise<Page> {
  const page = await session.newPage();
  const cdp = await session.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', { options: VIRTUAL_AUTHENTICATOR });
  await page.goto(`${STUDIO}/account`);
  await page.getByLabel('Name of the new passkey').fill('Bench');
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  await page.getByRole('status').filter({ hasText: 'is added' }).waitFor();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/sign-in$/);
  return page;
}

/** Signs in with the page's passkey: the ms from the click on "Use a passkey" to the desk's first list drawn; then signs out. */
async function passkeySignIn(page: Page): Promise<number> {
  await page.goto(`${STUDIO}/sign-in`);
  const button = page.getByRole('button', { name: 'Use a passkey' });
  await button.waitFor();
  const started = await page.evaluate(() => performance.now());
  await button.click();
  await firstListRow(page).waitFor();
  const ms = (await page.evaluate(() => performance.now())) - started;
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await page.waitForURL(/\/sign-in$/);
  return ms;
}

/** Opens the studio in a fresh context holding `session`'s cookies: the ms from navigation start to the first list's first row. */
async function openDesk(browser: Browser, session: BrowserContext, throttled: boolean): Promise<number> {
  const context = await browser.newContext({ storageState: await session.storageState() });
  const page = await context.newPage();
  if (throttled) await throttle(page);
  await page.goto(`${STUDIO}/`, { waitUntil: 'commit' });
  await firstListRow(page).waitFor();
  const ms = await page.evaluate(() => performance.now());
  await context.close();
  return ms;
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`;
const ms = (value: number): string => `${Math.round(value)} ms`;

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${STUDIO}/sign-in`);
  await page.getByRole('button', { name: 'Sign in' }).waitFor();
  const bytes = await transferred(page);
  await context.close();
  console.log(
    `first load of the sign-in page (compressed): ${kb(bytes.total)} (document ${kb(bytes.document)}, JS ${kb(bytes.js)}, CSS ${kb(bytes.css)})`,
  );

  for (const throttled of [false, true]) {
    const setting = throttled ? '4x CPU, slow 4G' : 'unthrottled';
    const session = await browser.newContext();
    const signInMs = await signIn(session, throttled);
    const opens: number[] = [];
    for (let run = 0; run < runs; run += 1) opens.push(await openDesk(browser, session, throttled));
    const withPasskey = await addPasskey(session);
    if (throttled) await throttle(withPasskey);
    const passkeys: number[] = [];
    for (let run = 0; run < runs; run += 1) passkeys.push(await passkeySignIn(withPasskey));
    await session.close();
    console.log(`${setting}: password + TOTP sign-in to the desk's first list ${ms(signInMs)}`);
    console.log(
      `${setting}: passkey sign-in to the desk's first list: median ${ms(median(passkeys))} of ${runs} (${passkeys.map(ms).join(', ')})`,
    );
    console.log(`${setting}: the desk opened, to its first list: median ${ms(median(opens))} of ${runs} (${opens.map(ms).join(', ')})`);
  }
} finally {
  await browser.close();
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid!, 'SIGTERM');
  await exited;
  rmSync(dataDir, { recursive: true, force: true });
}
