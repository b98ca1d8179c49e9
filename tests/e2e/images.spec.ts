import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';

/** Content images: the home banner (a JPEG of content/media) reaches a phone as the AVIF variant its screen needs. */

const sliders = JSON.parse(readFileSync('content/home-sliders.json', 'utf8')) as { items: Array<{ background_image: { main: string } }> };
const BANNER = sliders.items[0].background_image.main;

test('the server-rendered head preloads the home banner’s AVIF variants', async ({ request }) => {
  expect(BANNER).toMatch(/^\/content-media\/.+\.jpg$/);
  const html = await (await request.get('/', { headers: { accept: 'text/html' } })).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preload =
    /<link rel="preload" as="image" imagesrcset="([^"]+)" imagesizes="100vw" type="image\/avif" fetchpriority="high" \/>/.exec(head);
  expect(preload?.[1]).toContain(`${BANNER}/1280.avif 1280w`);
  expect(html).toContain(`<source type="image/avif" srcSet="${BANNER}/320.avif 320w`);
});

test.describe('a 390 px phone at DPR 3', () => {
  test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true });

  test('downloads the 1280 px AVIF of the banner, not the original', async ({ page }) => {
    const images: Array<{ url: string; type: string; bytes: number }> = [];
    page.on('requestfinished', async (req) => {
      if (!req.url().includes('/content-media/')) return;
      const response = await req.response();
      images.push({
        url: new URL(req.url()).pathname,
        type: response?.headers()['content-type'] ?? '',
        bytes: (await req.sizes()).responseBodySize,
      });
    });
    await page.goto('/');
    const banner = page.locator('section.banner img').first();
    await expect(banner).toHaveAttribute('alt', '');
    await expect(banner).toHaveAttribute('width', '1600');
    // With `w` descriptors the natural width is in CSS pixels: 1280 px at a density of 1280/390.
    await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(390);
    expect(await banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toContain(`${BANNER}/1280.avif`);
    await page.waitForLoadState('networkidle');
    expect(images.map((image) => image.url)).toEqual([`${BANNER}/1280.avif`]);
    expect(images[0].type).toBe('image/avif');
    expect(images[0].bytes).toBeLessThan(100 * 1024);
    console.log(`banner on a 390 px DPR 3 phone: ${images[0].url} ${images[0].bytes} bytes`);
  });
});
