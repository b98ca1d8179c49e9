import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { startEditor, type EditedProject } from './editor-project';

/**
 * What a new editor met in the Content tab: a new article's preview shows the draft as far as it
 * goes (never a not-found note) and never takes the keyboard focus, so a title and an alt text typed
 * key by key are kept whole; fields carry editors' words (no developer notes, "Article text", a
 * date-and-time input for "Created at" that stores the same ISO text); a list fills in the product's
 * name; a refused save names the item and the field, not a file and a line.
 */
const PORT = Number(process.env.EDITOR_E2E_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;

let dir: string;
let project: EditedProject;

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await startEditor('editor-draft-e2e-', PORT);
  dir = project.dir;
});

test.afterAll(() => project?.stop());

const topBar = (page: Page) => page.getByRole('banner');
const item = (page: Page) => page.getByRole('region', { name: 'Item' });
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');
const items = (page: Page) => page.locator('ul[aria-labelledby="content-items-heading"]');

async function openContent(page: Page, resource: RegExp): Promise<void> {
  await page.goto(`${BASE}/__editor/`);
  await expect(topBar(page).getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('No unsaved changes')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('button', { name: resource }).click();
}

/** The id of the element that has the keyboard focus in the editor's document (the frame's element when the frame has it). */
const focused = (page: Page) => page.evaluate(() => `${document.activeElement?.tagName ?? ''}#${document.activeElement?.id ?? ''}`);

test('a new article previews as it is written, and typing in it keeps the focus and every letter', async ({ page }) => {
  test.setTimeout(180_000);
  await openContent(page, /^Articles/);
  await page
    .getByRole('toolbar', { name: /^Items of/ })
    .getByRole('button', { name: 'Add' })
    .click();
  // The incomplete article shows on its page: its empty heading, and never the not-found note.
  await expect(preview(page).locator('article.media-article')).toBeVisible({ timeout: 30_000 });
  await expect(preview(page).getByText(/The page went to/)).toHaveCount(0);

  const title = item(page).getByRole('textbox', { name: 'Title' });
  await title.click();
  const input = await focused(page);
  await title.pressSequentially('Rainy season tips', { delay: 60 });
  await expect(title).toBeFocused();
  expect(await focused(page)).toBe(input);
  await expect(title).toHaveValue('Rainy season tips');
  await expect(items(page).getByRole('button', { name: /Rainy season tips/ })).toBeVisible();
  await expect(preview(page).getByRole('heading', { level: 1, name: 'Rainy season tips' })).toBeVisible({ timeout: 30_000 });
  // Typing on after the preview took the title: still here.
  await page.keyboard.type(' for families', { delay: 60 });
  await expect(title).toHaveValue('Rainy season tips for families');
  await expect(title).toBeFocused();
  await expect(preview(page).getByText(/The page went to/)).toHaveCount(0);

  const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 40, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  await item(page)
    .locator('input[type="file"][id$="background_image-file"]')
    .setInputFiles({ name: 'Rain.png', mimeType: 'image/png', buffer: png });
  await expect(item(page).getByRole('button', { name: 'Replace image' })).toBeVisible({ timeout: 30_000 });
  const alt = item(page).getByRole('textbox', { name: 'Alt text' }).last();
  await alt.click();
  await alt.pressSequentially('A street in the rain with umbrellas', { delay: 60 });
  await expect(alt).toBeFocused();
  await expect(alt).toHaveValue('A street in the rain with umbrellas');
  await expect(preview(page).locator('article.media-article img[alt="A street in the rain with umbrellas"]')).toBeVisible({
    timeout: 30_000,
  });
  await expect(alt).toBeFocused();
});

test('an article’s fields speak to editors: no developer notes, “Article text”, a date and time for “Created at”', async ({ page }) => {
  await openContent(page, /^Articles/);
  const first = JSON.parse(read('content/articles.json')).items[0];
  await items(page).getByRole('button', { name: first.title }).click();
  const form = item(page);
  await expect(form.getByRole('textbox', { name: 'Title' })).toBeVisible();
  const text = await form.innerText();
  for (const note of ['Record id.', 'sanitize', 'ISO 8601', 'Image URL', 'Asia/Manila']) expect(text).not.toContain(note);
  await expect(form.getByRole('textbox', { name: 'Article text' })).toBeVisible();
  await expect(form.getByRole('textbox', { name: 'Description' })).toHaveCount(0);

  const created = form.getByLabel('Created at');
  await expect(created).toHaveAttribute('type', 'datetime-local');
  // 01:30 UTC is 09:30 in Manila; a new time in Manila is stored as the same ISO text, in UTC.
  expect(first.created_at).toMatch(/T01:30:00\.000Z$/);
  // (The browser leaves out seconds that are zero.)
  await expect(created).toHaveValue(new RegExp(`^${first.created_at.slice(0, 10)}T09:30(:00)?$`));
  await created.fill('2024-06-01T14:05:00');
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible({ timeout: 30_000 });
  expect(JSON.parse(read('content/articles.json')).items[0].created_at).toBe('2024-06-01T06:05:00.000Z');
});

test('a list fills in the product’s name, and a refused save names the item and the field in words', async ({ page }) => {
  const product = JSON.parse(read('pages.config.json')).site.product.name as string;
  await openContent(page, /^About us, sections/);
  await expect(items(page).getByRole('button', { name: `This is ${product}` })).toBeVisible();
  await expect(items(page)).not.toContainText('{product}');
  // The resource buttons carry no file path, not even as a tooltip.
  expect(await page.locator('nav[aria-label="Content and items"] button[title]').count()).toBe(0);

  await page.getByRole('button', { name: /^Promo codes \(demo\)/ }).click();
  await items(page).getByRole('button', { name: 'Welcome offer' }).click();
  await item(page).getByLabel('Valid end').fill('2020-01-01');
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  const refused = page.getByText(/^Not saved: /).locator('..');
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused.getByRole('button', { name: 'Promo codes (demo) › Welcome offer › Valid end' })).toBeVisible();
  await expect(refused).not.toContainText('content/');
  await expect(refused).not.toContainText('line');
});
