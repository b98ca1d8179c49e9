/**
 * `npm run bench:editor`: how fast the visual editor (`npm run edit`) opens and follows a keystroke.
 * Runs `npm run edit` on a copy of the project (so nothing here is touched; EDIT_BENCH_PORT, default
 * 8191, and the next port must be free) and drives it in Chromium:
 *  1. open: from the navigation to /__editor/ to the editor usable (the page's `editor:ready` mark:
 *     the project loaded and the page list, outline and Save drawn), and to the preview frame showing
 *     the page (seen from here, so a little late). Three cases:
 *       - cold: the copy's first start, Vite optimising the dependencies it has never seen;
 *       - start: `npm run edit` started again (Vite's cache on disk), the first open after it;
 *       - again: another open on that running editor, in a new browser context (no HTTP cache).
 *  2. keystroke: --keys (20) characters typed one by one into the Title of the home page's plan grid;
 *     for each, the time from its keydown in the editor to the next frame after the preview's heading
 *     shows the new text. Prints the median, 90th percentile and worst.
 *  3. content tab: from the click on the Content tab (in a freshly opened editor) to the tab's
 *     `editor:content-ready` mark, its list of content drawn; --opens runs, the median reported.
 *  4. rich-text keystroke: --keys characters typed into the first article's body (the TipTap
 *     editor); for each, from its keydown to the next frame after the article's page in the preview
 *     shows it. That path is a POST of the unsaved file to the preview's API, its sync, and the
 *     frame's fetch again (docs/editing.md, "The Content tab").
 * Options: --keys <n>, --opens <n> (3, the best of which is reported per case).
 */
import { chromium, type Browser, type Frame, type Page } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { wholeNumberOption } from './lib/bench-inputs.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/sample-routes.ts';
import { copyProject } from './lib/scratch-copy.ts';

const args = process.argv.slice(2);
const keys = wholeNumberOption(args, 'keys', 20);
const opens = wholeNumberOption(args, 'opens', 3);
const ROOT = process.cwd();
const PORT = Number(process.env.EDIT_BENCH_PORT ?? 8191);
const BASE = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(path.join(tmpdir(), 'telmed-bench-editor-'));

/** Starts `npm run edit` in the copy; resolves with the process and the milliseconds until it prints the editor's address. */
async function startEditor(): Promise<{ child: ChildProcess; ms: number }> {
  const started = performance.now();
  let log = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/edit.ts'], {
    cwd: dir,
    env: { ...process.env, EDIT_PORT: String(PORT), EDIT_API_PORT: String(PORT + 1), DATA_DIR: path.join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  for (const deadline = Date.now() + 120_000; ;) {
    // Up when it prints the editor's address, as an editor would open it.
    const up = log.includes('Editor:');
    if (up) return { child, ms: performance.now() - started };
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`npm run edit did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stopEditor(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

const previewFrame = async (page: Page): Promise<Frame> => {
  const frame = await page
    .locator('iframe[title^="Preview of the page"]')
    .elementHandle()
    .then((h) => h?.contentFrame());
  if (!frame) throw new Error('no preview frame');
  return frame;
};

/**
 * Opens the editor in a new context: the milliseconds from the navigation's start to the editor's
 * `editor:ready` mark (its project loaded and rendered: page list, outline, Save) and to the preview
 * frame showing the page's first heading.
 */
async function openOnce(browser: Browser): Promise<{ usable: number; preview: number; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  const started = performance.now();
  await page.goto(`${BASE}/__editor/`, { waitUntil: 'commit' });
  await page.getByText('No unsaved changes').waitFor({ timeout: 120_000 });
  const usable = await page.evaluate(() => performance.getEntriesByName('editor:ready')[0]?.startTime ?? NaN);
  const frame = await previewFrame(page);
  await frame.locator('h1').first().waitFor({ timeout: 120_000 });
  return { usable, preview: performance.now() - started, page };
}

async function openCase(browser: Browser, runs: number): Promise<{ usable: number; preview: number }> {
  let best = { usable: Infinity, preview: Infinity };
  for (let i = 0; i < runs; i++) {
    const { usable, preview, page } = await openOnce(browser);
    await page.context().close();
    if (preview < best.preview) best = { usable, preview };
  }
  return best;
}

/** Records the time of each keydown on the editor's page (`window.keyAt`), before the editor sees it. */
function recordKeydowns(page: Page): Promise<void> {
  return page.evaluate(() => {
    document.addEventListener(
      'keydown',
      () => ((window as unknown as { keyAt: number }).keyAt = performance.timeOrigin + performance.now()),
      true,
    );
  });
}

/**
 * Presses `key` in the editor and answers the ms from its keydown to the preview frame's first paint
 * after `shown` (an expression evaluated in the frame) turns true; `what` names the text for an error.
 */
async function keyToPreview(page: Page, frame: Frame, key: string, shown: string, what: string): Promise<number> {
  // A string, not a function: tsx would wrap the named helper in a `__name` the page lacks. It
  // ends in `undefined`, or Playwright would wait for the promise it stores.
  await frame.evaluate(`window.shown = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!(${shown})) return;
      observer.disconnect();
      requestAnimationFrame(() => resolve(performance.timeOrigin + performance.now()));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  }); undefined`);
  await page.keyboard.press(key);
  const shownAt = await Promise.race([
    frame.evaluate(() => (window as unknown as { shown: Promise<number> }).shown),
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`the preview never showed "${what}"`)), 10_000)),
  ]);
  const keyAt = await page.evaluate(() => (window as unknown as { keyAt: number }).keyAt);
  return shownAt - keyAt;
}

/** Types `count` characters into the plan grid's Title; the keydown-to-preview-frame time of each. */
async function keystrokes(browser: Browser, count: number): Promise<number[]> {
  const { page } = await openOnce(browser);
  if (process.env.BENCH_DEBUG) {
    page.on('console', (m) => console.error('console:', m.text()));
    page.on('framenavigated', (f) => console.error('navigated:', f.url()));
    page.on('framedetached', (f) => console.error('detached:', f.url()));
  }
  await page.getByRole('button', { name: /Preset: plan-grid/ }).click();
  const title = page.getByRole('region', { name: 'Settings' }).getByRole('textbox', { name: 'Title', exact: true });
  const frame = await previewFrame(page);
  let text = await title.inputValue();
  await frame.getByRole('heading', { name: text }).waitFor();
  await title.focus();
  await title.press('End');
  await recordKeydowns(page);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = 'abcdefghijklmnopqrstuvwxyz'[i % 26];
    text += key;
    const expected = JSON.stringify(text);
    times.push(
      await keyToPreview(
        page,
        frame,
        key,
        `[...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent.trim() === ${expected})`,
        text,
      ),
    );
  }
  await page.context().close();
  return times;
}

/** Opens the editor, then its Content tab: the ms from the tab's click to the tab's `editor:content-ready` mark. */
async function contentOpen(browser: Browser): Promise<number> {
  const { page } = await openOnce(browser);
  await page.evaluate(() => {
    document.addEventListener('click', () => ((window as unknown as { clickAt: number }).clickAt ??= performance.now()), true);
  });
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: /^Articles/ }).waitFor();
  const took = await page.evaluate(
    () => (performance.getEntriesByName('editor:content-ready')[0]?.startTime ?? NaN) - (window as unknown as { clickAt: number }).clickAt,
  );
  await page.context().close();
  return took;
}

/** Types `count` characters at the end of the first article's body; the keydown-to-preview-frame time of each. */
async function richTextKeystrokes(browser: Browser, count: number): Promise<number[]> {
  const { page } = await openOnce(browser);
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: /^Articles/ }).click();
  await page.locator('ul[aria-labelledby="content-items-heading"] button').first().click();
  const frame = page.frameLocator('iframe[title^="Preview of the page"]');
  await frame.locator('h1').first().waitFor({ timeout: 60_000 });
  const body = page.getByRole('region', { name: 'Item' }).locator('[contenteditable="true"]').first();
  await body.click();
  await page.keyboard.press('Control+End');
  await recordKeydowns(page);
  const inner = page.frames().find((f) => f.url().includes('/editor/preview.html'))!;
  let typed = ' ';
  await page.keyboard.press('Space');
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const key = 'abcdefghijklmnopqrstuvwxyz'[i % 26];
    typed += key;
    const expected = JSON.stringify(typed.trim());
    const body = `[...document.querySelectorAll('.media-article__body p, .media-article__body li')]`;
    times.push(await keyToPreview(page, inner, key, `${body}.some((p) => p.textContent.trimEnd().endsWith(${expected}))`, typed));
  }
  await page.context().close();
  return times;
}

const ms = (value: number) => `${Math.round(value)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

let child: ChildProcess | undefined;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  copyProject(ROOT, dir);
  const rows: string[][] = [];
  let started = await startEditor();
  child = started.child;
  console.error(`started in ${ms(started.ms)}; opening`);
  const cold = await openCase(browser, 1);
  rows.push(['cold (no Vite cache)', ms(started.ms), ms(cold.usable), ms(cold.preview)]);
  await stopEditor(child);

  started = await startEditor();
  child = started.child;
  const first = await openCase(browser, 1);
  rows.push(['start (Vite cache on disk)', ms(started.ms), ms(first.usable), ms(first.preview)]);
  const again = await openCase(browser, opens);
  rows.push([`again (best of ${opens})`, '', ms(again.usable), ms(again.preview)]);

  console.error('typing');
  const times = (await keystrokes(browser, keys)).sort((a, b) => a - b);
  console.error('content');
  const contentOpens: number[] = [];
  for (let i = 0; i < opens; i++) contentOpens.push(await contentOpen(browser));
  contentOpens.sort((a, b) => a - b);
  const richTimes = (await richTextKeystrokes(browser, keys)).sort((a, b) => a - b);

  console.log('\nOpening the editor (npm run edit)\n');
  console.log('| case | address shown | editor usable | preview shown |');
  console.log('| --- | --: | --: | --: |');
  for (const row of rows) console.log(`| ${row.join(' | ')} |`);
  console.log(`\nKeystroke in a props field to the preview's next frame (${keys} keys)\n`);
  console.log(`median ${ms(percentile(times, 50))}, p90 ${ms(percentile(times, 90))}, worst ${ms(times[times.length - 1])}`);
  console.log(
    `\nContent tab, click to drawn (${opens} opens): median ${ms(percentile(contentOpens, 50))}, worst ${ms(contentOpens.at(-1)!)}`,
  );
  console.log(`\nKeystroke in an article's rich text to the article page in the preview (${keys} keys)\n`);
  console.log(
    `median ${ms(percentile(richTimes, 50))}, p90 ${ms(percentile(richTimes, 90))}, worst ${ms(richTimes[richTimes.length - 1])}`,
  );
} finally {
  await browser.close();
  if (child && child.exitCode === null) await stopEditor(child);
  rmSync(dir, { recursive: true, force: true });
}
