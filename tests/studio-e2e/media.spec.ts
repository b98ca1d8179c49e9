import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { noSeriousViolations, signInAs } from './helpers';

/**
 * The media library in the studio: the demo editor uploads a PNG on `/content/media` and sees it
 * listed, is refused a file that is no image in the server's words, picks the upload from the
 * library into an article's image on the Content screen (with its alt text) and publishes it; the
 * library then names the article as its use, and its Delete is disabled with the reason.
 */

const NOT_AN_IMAGE = 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.';

const card = (page: Page, name: RegExp) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });

test('editor: upload an image, refuse a non-image, use the upload in an article, and its Delete is disabled', async ({ page }) => {
  test.setTimeout(120_000);
  const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a7f62' } })
    .png()
    .toBuffer();
  await signInAs(page, 'editor');
  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Media' }).click();
  await expect(page).toHaveURL(/\/content\/media$/);

  const upload = page.getByLabel('Upload an image');
  await upload.setInputFiles({ name: 'Clinic door.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByRole('status')).toContainText(/clinic-door-[0-9a-f]{8}\.png is in the library/);
  const mine = card(page, /^clinic-door-[0-9a-f]{8}\.png$/);
  await expect(mine).toContainText('Not used on the live site.');
  await expect(mine).toContainText('Uploaded by editor@');
  await expect(mine.locator('img')).toHaveJSProperty('naturalWidth', 40);
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeEnabled();

  await upload.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByRole('alert')).toHaveText(NOT_AN_IMAGE);
  await noSeriousViolations(page);

  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Content', exact: true }).click();
  await page.getByRole('button', { name: /^Articles/ }).click();
  await page
    .locator('ul[aria-labelledby="content-items-heading"]')
    .getByRole('button', { name: /^How e-prescriptions work/ })
    .click();
  const item = page.getByRole('region', { name: 'Item' });
  await item.getByRole('button', { name: 'Choose from the library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose an image from the library' });
  await noSeriousViolations(page);
  await dialog.getByRole('button', { name: /^Use clinic-door-/ }).click();
  await expect(dialog).toBeHidden();
  await expect(item.locator('img[src^="/api/studio/media/clinic-door-"]')).toHaveJSProperty('naturalWidth', 40);
  await item.getByRole('textbox', { name: /^Alt text/ }).fill('The green door of the clinic');
  const draft = page.getByRole('region', { name: 'Your draft' });
  await expect(draft.getByRole('status')).toContainText('Your draft is saved');
  await draft.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/^Release \d+ is live\.$/)).toBeVisible();

  await page.getByRole('navigation', { name: 'Studio sections' }).getByRole('link', { name: 'Media' }).click();
  await expect(mine).toContainText('Articles › How e-prescriptions work');
  await expect(mine.getByRole('button', { name: 'Delete' })).toBeDisabled();
  await expect(mine).toContainText('In use, so it cannot be deleted');
});
