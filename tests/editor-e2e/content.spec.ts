import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startEditor, type EditedProject } from './editor-project';

/**
 * The Content tab of `npm run edit`, on a copy of the project made a git repository: an article's
 * title shows in the real page beside it before saving; a promo code whose window ends before it
 * starts is refused at its field; a plan's price shows in the shop's preview; and an article written
 * in the rich-text editor (a heading, a list, a link, an image) is saved, published in one commit,
 * and served by the site itself, its image with srcset, a script typed into it kept as text only.
 */
const PORT = Number(process.env.EDITOR_E2E_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;

let dir: string;
let project: EditedProject;

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');
function git(...args: string[]): string {
  const out = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr}`);
  return out.stdout.trim();
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await startEditor('editor-content-e2e-', PORT, { git: true });
  dir = project.dir;
});

test.afterAll(() => project?.stop());

const topBar = (page: Page) => page.getByRole('banner');
const item = (page: Page) => page.getByRole('region', { name: 'Item' });
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');
const items = (page: Page) => page.locator('ul[aria-labelledby="content-items-heading"]');

/** Opens the editor and its Content tab; answers the ms from the tab's click to its list of content. */
async function openContent(page: Page): Promise<number> {
  await page.goto(`${BASE}/__editor/`);
  await expect(topBar(page).getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('No unsaved changes')).toBeVisible({ timeout: 60_000 });
  const started = Date.now();
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('button', { name: /^Articles/ })).toBeVisible({ timeout: 60_000 });
  return Date.now() - started;
}

test('an article’s title shows in the article’s page beside it before it is saved', async ({ page }) => {
  const opened = await openContent(page);
  console.log(`Content tab opened in ${opened} ms`);
  await page.getByRole('button', { name: /^Articles/ }).click();
  const first = JSON.parse(read('content/articles.json')).items[0];
  await items(page).getByRole('button', { name: first.title }).click();
  await expect(preview(page).getByRole('heading', { level: 1, name: first.title })).toBeVisible({ timeout: 60_000 });
  const title = item(page).getByRole('textbox', { name: 'Title' });
  await title.fill('Rain and your health');
  const typed = Date.now();
  await expect(preview(page).getByRole('heading', { level: 1, name: 'Rain and your health' })).toBeVisible();
  console.log(`title to preview: ${Date.now() - typed} ms`);
  await expect(page.getByText('1 file unsaved')).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(preview(page).getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
});

test('a promo code whose window ends before it starts is refused at the field, and not saved', async ({ page }) => {
  await openContent(page);
  const before = read('content/demo/promos.json');
  await page.getByRole('button', { name: /^Promo codes \(demo\)/ }).click();
  await items(page).getByRole('button', { name: 'Welcome offer' }).click();
  await item(page).getByLabel('Valid end').fill('2020-01-01');
  await expect(item(page).getByText(/window ends \(2020-01-01\) before it starts/)).toBeVisible();
  await expect(
    items(page)
      .getByRole('button', { name: /Welcome offer/ })
      .getByLabel(/1 problems?/),
  ).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Not saved|problem/).first()).toBeVisible();
  expect(read('content/demo/promos.json')).toBe(before);
  await topBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
});

test('a plan’s price change shows in the shop’s preview', async ({ page }) => {
  await openContent(page);
  await page.getByRole('button', { name: /^Shop plans and prices/ }).click();
  const plan = JSON.parse(read('content/shop-plans.json')).items[0];
  await items(page).getByRole('button', { name: plan.name, exact: true }).click();
  await expect(page.getByText('/shop', { exact: true })).toBeVisible();
  await expect(preview(page).locator('.plan-card__amount').first()).toBeVisible({ timeout: 60_000 });
  const price = item(page).getByRole('textbox', { name: /^Price/ });
  await price.fill('4321');
  await price.blur();
  await expect(preview(page).locator('.plan-card__amount', { hasText: /4,321/ })).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('No unsaved changes')).toBeVisible();
});

test('a new article with a heading, a list, a link and an image is saved, published, and served by the site', async ({ page }) => {
  test.setTimeout(240_000);
  const png = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();
  await openContent(page);
  await page.getByRole('button', { name: /^Articles/ }).click();
  const count = JSON.parse(read('content/articles.json')).items.length;
  await page
    .getByRole('toolbar', { name: /^Items of/ })
    .getByRole('button', { name: 'Add' })
    .click();
  await expect(items(page).getByRole('listitem')).toHaveCount(count + 1);
  await item(page).getByRole('textbox', { name: 'Title' }).fill('Written in the editor');

  const rich = item(page).locator('[contenteditable="true"]').first();
  await rich.click();
  await item(page).getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('What to know');
  await page.keyboard.press('Enter');
  await item(page).getByRole('button', { name: 'Bullet list' }).click();
  await page.keyboard.type('Drink water');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Rest');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.type('<script>window.__pwned=1</script> Visit the shop');
  await page.keyboard.down('Shift');
  for (let i = 0; i < 'the shop'.length; i++) await page.keyboard.press('ArrowLeft');
  await page.keyboard.up('Shift');
  await item(page).getByRole('button', { name: 'Link' }).click();
  await page.getByRole('dialog').getByRole('textbox', { name: 'Address' }).fill('/shop');
  await page.getByRole('dialog').getByRole('button', { name: 'Set link' }).click();
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await item(page).getByRole('button', { name: 'Image', exact: true }).click();
  await page.getByRole('dialog').locator('input[type="file"]').setInputFiles({ name: 'inline.png', mimeType: 'image/png', buffer: png });
  await page.getByRole('dialog').getByRole('textbox', { name: 'Alt text' }).fill('A blue square');
  await page.getByRole('dialog').getByRole('button', { name: 'Insert image' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The article's own picture.
  await item(page).locator('input[type="file"][id$="background_image-file"]').setInputFiles({
    name: 'Cover photo.png',
    mimeType: 'image/png',
    buffer: png,
  });
  await expect(item(page).getByRole('button', { name: 'Replace image' })).toBeVisible({ timeout: 30_000 });
  await item(page).getByRole('textbox', { name: 'Alt text' }).last().fill('A calm blue cover');
  await expect(preview(page).getByRole('heading', { level: 2, name: 'What to know' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('No problems')).toBeVisible({ timeout: 30_000 });

  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  const saved = JSON.parse(read('content/articles.json')).items.at(-1);
  expect(saved).toMatchObject({ id: expect.any(Number), title: 'Written in the editor' });
  expect(saved.description).toContain('<h2>What to know</h2>');
  expect(saved.description).toMatch(/<ul><li><p>Drink water<\/p><\/li>|<ul><li>Drink water/);
  expect(saved.description).toContain('<a href="/shop">the shop</a>');
  expect(saved.description).not.toMatch(/<script/i);
  expect(saved.description).toContain('&lt;script&gt;');
  expect(saved.background_image.main).toMatch(/^\/?.*media\//);

  await expect(topBar(page).getByText(/To publish: .*Articles: 1 added/)).toBeVisible({ timeout: 30_000 });
  await topBar(page).getByRole('button', { name: 'Publish…' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish' }).click();
  await expect(topBar(page).getByText(/Published as [0-9a-f]{7}/)).toBeVisible({ timeout: 30_000 });
  const files = git('show', '--name-only', '--format=', 'HEAD').split('\n').filter(Boolean);
  expect(files).toContain('content/articles.json');
  expect(files.filter((file) => file.startsWith('content/media/')).length).toBeGreaterThanOrEqual(1);
  expect(git('status', '--porcelain', '--', 'content')).toBe('');

  // The site the same server serves shows it: in the archive, and on its own page.
  const site = await page.context().newPage();
  await site.goto(`${BASE}/media`);
  await expect(site.getByText('Written in the editor').first()).toBeVisible({ timeout: 60_000 });
  await site.goto(`${BASE}/media/article/${saved.id}/written-in-the-editor`);
  await expect(site.getByRole('heading', { level: 1, name: 'Written in the editor' })).toBeVisible({ timeout: 60_000 });
  await expect(site.getByRole('heading', { level: 2, name: 'What to know' })).toBeVisible();
  await expect(site.getByRole('listitem').filter({ hasText: 'Drink water' })).toBeVisible();
  await expect(site.getByRole('link', { name: 'the shop' })).toHaveAttribute('href', '/shop');
  // The cover is a <picture> of the upload's AVIF and WebP variants at a few widths (the IMAGES part).
  const cover = site.locator('picture', { has: site.locator('img[alt="A calm blue cover"]') });
  await expect(cover.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\s\d+w,/);
  const variant = (await cover.locator('source[type="image/webp"]').getAttribute('srcset'))!.split(/\s/)[0];
  const fetched = await site.request.get(`${BASE}${variant}`);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-type']).toBe('image/webp');
  expect(await site.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
});
