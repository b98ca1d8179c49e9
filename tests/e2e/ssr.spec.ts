import { statSync } from 'node:fs';
import { expect, test } from './fixtures';
import { type Browser, type Page } from '@playwright/test';
import config from '../../pages.config.json' with { type: 'json' };
import { sampleRoutes } from '../../scripts/lib/sample-routes';
import { collectErrors } from './helpers';

/** Server rendering: pages arrive with their content, hydrate without complaint, and work without JavaScript. */

const short = config.site.product.short;
// Without a status the payment page sends the browser on to the shop: it is visited with one.
const OVERRIDES: Record<string, string> = { ShopPayment: '/shop/payment?status=cancelled' };
const routes = sampleRoutes(config, OVERRIDES);

/** Pages the browser leaves at once in a fresh session: the reseller checkout with an empty cart goes back to the shop. */
const LEFT_IN_THE_BROWSER = new Set(['/shop/reseller/checkout/demo-reseller']);

async function textWithoutScript(browser: Browser, path: string): Promise<string> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(path);
  const text = await page.locator('#root').innerText();
  await context.close();
  return text;
}

/** The visible text of the page, once hydrated and its content requests (if any) are done. */
async function hydratedText(page: Page): Promise<string> {
  await page.waitForLoadState('networkidle');
  return page.locator('#root').innerText();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its banner, steps, plans and testimonials', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('section.banner h1, section.banner h2').first()).not.toBeEmpty();
    await expect(page.locator('.steps, [class*="steps"]').first()).toBeVisible();
    await expect(page.locator('article').filter({ hasText: '₱' }).first()).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('table')).toBeVisible();
  });

  test('About, Media and an article are readable, and their links lead to server-rendered pages', async ({ page }) => {
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.locator('main')).toContainText(/\w{4,}/);

    await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1, name: 'Media' })).toBeVisible();
    const read = page.getByRole('link', { name: /Read More/i }).first();
    const hasCards = (await read.count()) > 0;
    const articleLink = hasCards ? read : page.locator('a[href^="/media/article/"]').first();
    if ((await articleLink.count()) > 0) {
      await articleLink.click();
      await expect(page).toHaveURL(/\/media\/article\//);
    } else {
      await page.goto('/media/article/1/rainy-season-illnesses-leptospirosis-flu-and-colds');
    }
    await expect(page.locator('article.media-article h1, article.media-article h2').first()).not.toBeEmpty();
    await expect(page.locator('.media-article .rich-text')).toContainText(/\w{4,}/);

    // The header's links are plain links that work without the router.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  });

  test('a form says it needs JavaScript, and its fields cannot be sent as a plain form', async ({ page, request }) => {
    // Chromium run by Playwright without JavaScript still parses <noscript> as if scripts ran, so the
    // note is checked in the HTML a browser without JavaScript shows.
    const html = await (await request.get('/contact', { headers: { accept: 'text/html' } })).text();
    expect(html).toContain(`<noscript><p class="noscript-note">${config.site.noscript}</p></noscript>`);
    await page.goto('/contact');
    await expect(page.locator('main form button[type="submit"]').first()).toBeDisabled();
    await expect(page.locator('main form input').first()).toBeDisabled();
  });
});

test.describe('server-rendered HTML', () => {
  test('a page comes with its content, head tags and data; the browser fetches no content again', async ({ page, request }) => {
    const response = await request.get('/about', { headers: { accept: 'text/html' } });
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<title>About us \| Bantay Doc<\/title>/);
    expect(html).toContain('<meta name="description" content="Who we are: Bantay Doc brings licensed doctors');
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/127\.0\.0\.1:\d+\/about" \/>/);
    expect(html).toContain('<meta property="og:title" content="About us | Bantay Doc" />');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<script type="application/json" id="page-data">');
    // A page without a Fluent component has none of Fluent's styles (nor its code, see the bench)...
    expect(html).not.toContain('data-make-styles-bucket');
    // ...and a form page has Fluent's (Griffel's) styles in the head: nothing flashes unstyled.
    const form = await (await request.get('/contact', { headers: { accept: 'text/html' } })).text();
    expect(form).toMatch(/<style data-make-styles-bucket="d"[^>]*>/);

    const apiCalls: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(req.url());
    });
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    expect(apiCalls).toEqual([]);
  });

  test('the stylesheets inlined in the page are never fetched, also when its sections come alive', async ({ page }) => {
    const stylesheets: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'stylesheet' || new URL(req.url()).pathname.endsWith('.css')) stylesheets.push(req.url());
    });
    await page.goto('/shop');
    await page.getByRole('button', { name: /^Cart/ }).click();
    await expect(page.getByRole('dialog', { name: 'Cart' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('style[data-file]').count()).toBeGreaterThan(1);
    expect(stylesheets).toEqual([]);
  });

  test('scripts arrive as the Brotli files the build compressed ahead, at its highest level', async ({ page }) => {
    const scripts: Promise<{ path: string; bytes: number; encoding?: string }>[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        Promise.all([request.sizes(), request.response()]).then(([sizes, response]) => ({
          path: new URL(request.url()).pathname,
          bytes: sizes.responseBodySize,
          encoding: response?.headers()['content-encoding'],
        })),
      );
    });
    await page.goto('/shop');
    await page.waitForLoadState('networkidle');
    const sent = await Promise.all(scripts);
    expect(sent.length).toBeGreaterThan(2);
    const staticDir = process.env.E2E_STATIC_DIR ?? 'dist';
    for (const script of sent.filter(({ path }) => statSync(`${staticDir}${path}`).size >= 1024)) {
      expect(script.encoding, script.path).toBe('br');
      expect(script.bytes, script.path).toBe(statSync(`${staticDir}${script.path}.br`).size);
    }
  });

  test('unknown paths and unknown slugs answer 404 with the not-found page; redirects are HTTP redirects', async ({ page, request }) => {
    for (const path of ['/no/such/page', '/shop/reseller/nobody-here/', '/media/article/99999/none']) {
      const response = await request.get(path, { headers: { accept: 'text/html' } });
      expect(response.status(), path).toBe(404);
      expect(await response.text()).toContain('Page not found');
    }
    // The not-found page names no canonical URL, asked for by its own address too.
    const notFound = await request.get('/404', { headers: { accept: 'text/html' } });
    expect(notFound.status()).toBe(404);
    expect(await notFound.text()).not.toContain('rel="canonical"');
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/404$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const redirect = await request.get('/shop/reseller/demo-reseller', { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect(redirect.status()).toBe(301);
    expect(redirect.headers().location).toBe('/shop/reseller/demo-reseller/');

    // An article under another title than its own goes on to its address (one URL per article).
    const article = '/media/article/1/rainy-season-illnesses-leptospirosis-flu-and-colds';
    const misspelt = await request.get('/media/article/1/rainy-season?utm_source=x', { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect(misspelt.status()).toBe(301);
    expect(misspelt.headers().location).toBe(`${article}?utm_source=x`);
    const right = await request.get(article, { headers: { accept: 'text/html' }, maxRedirects: 0 });
    expect(right.status()).toBe(200);
    expect(await right.text()).toContain(`<link rel="canonical" href="${new URL(article, right.url()).href}"`);
  });

  test('a second request for a page within the cache time is served from the cache', async ({ request }) => {
    await request.get('/media', { headers: { accept: 'text/html' } });
    const again = await request.get('/media', { headers: { accept: 'text/html' } });
    expect(again.headers()['x-render-cache']).toBe('hit');
  });

  test("the cache keys a page on its path and the query parameters its blocks read, not a link's tracking parameters", async ({
    request,
  }) => {
    const get = (url: string) => request.get(url, { headers: { accept: 'text/html' } });
    const shared = await get('/about?utm_source=newsletter&fbclid=first-click');
    expect(await shared.text()).not.toContain('first-click');
    const other = await get('/about?fbclid=second-click');
    expect(other.headers()['x-render-cache']).toBe('hit');
    expect(await other.text()).toBe(await shared.text());

    // The payment result reads its status (the block's searchParams): one page per status.
    const paid = await get('/shop/payment?status=paid&utm_campaign=x');
    const paidAgain = await get('/shop/payment?utm_campaign=y&status=paid');
    expect(paidAgain.headers()['x-render-cache']).toBe('hit');
    expect(await paidAgain.text()).toBe(await paid.text());
    const cancelled = await get('/shop/payment?status=cancelled&utm_campaign=x');
    expect(await cancelled.text()).not.toBe(await paid.text());

    // Unknown paths, slugs and article ids: one not-found page, rendered once.
    const first = await get('/no/such/thing-1');
    for (const url of [`/nothing/here-${Date.now()}?q=1`, `/shop/reseller/nobody-${Date.now()}/`, `/media/article/${Date.now()}/none`]) {
      const unknown = await get(url);
      expect(unknown.status(), url).toBe(404);
      expect(unknown.headers()['x-render-cache'], url).toBe('hit');
      expect(await unknown.text(), url).toBe(await first.text());
    }
  });
});

test.describe('hydration', () => {
  for (const path of routes) {
    test(`${path}: no console error, and the hydrated page says what the server's HTML says`, async ({ page, browser }) => {
      test.setTimeout(45_000);
      const errors = collectErrors(page);
      const response = await page.goto(path);
      const status = response?.status();
      const hydrated = await hydratedText(page);
      if (path === '/404') {
        expect(status).toBe(404);
        expect(errors.filter((e) => !e.includes('status of 404'))).toEqual([]);
      } else {
        expect(status).toBe(200);
        expect(errors).toEqual([]);
      }
      // Without JavaScript the same words are on the page, and where a form or the shop is, the note that it needs JavaScript.
      if (LEFT_IN_THE_BROWSER.has(path)) return;
      const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '' && line !== config.site.noscript);
      expect(lines(await textWithoutScript(browser, path))).toEqual(lines(hydrated));
    });
  }
});

test.describe('link previews', () => {
  test("Facebook's crawler (Accept */*, a Range) gets the whole page with Open Graph and Twitter card tags, and the PNG they name", async ({
    request,
  }) => {
    const response = await request.get('/about', {
      headers: { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*', range: 'bytes=0-524288' },
    });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('text/html; charset=utf-8');
    const html = await response.text();
    expect(html).toContain('</html>');
    const tags = new Map(
      [...html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].map(([, key, value]) => [key, value]),
    );
    const origin = new URL(response.url()).origin;
    expect(Object.fromEntries(tags)).toMatchObject({
      'og:title': 'About us | Bantay Doc',
      'og:description': expect.stringContaining('Bantay Doc'),
      'og:url': `${origin}/about`,
      'og:image': `${origin}/og-image.png`,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': expect.stringContaining('Bantay Doc'),
      'twitter:card': 'summary_large_image',
      'twitter:title': 'About us | Bantay Doc',
      'twitter:description': tags.get('og:description'),
      'twitter:image': `${origin}/og-image.png`,
    });
    const image = await request.get(tags.get('og:image')!, { headers: { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*' } });
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
  });
});

test.describe("the HTML cache's keys", () => {
  const html = { accept: 'text/html' };

  test('an unknown terms slug is the not-found page every unknown address shares: 404, no canonical, /404 in the browser', async ({
    page,
    request,
  }) => {
    const unknownPath = await request.get('/no/such/terms-page', { headers: html });
    const unknownSlug = await request.get(`/terms-and-conditions/no-such-terms-${Date.now()}`, { headers: html });
    expect(unknownSlug.status()).toBe(404);
    expect(unknownSlug.headers()['x-render-cache']).toBe('hit');
    const body = await unknownSlug.text();
    expect(body).toBe(await unknownPath.text());
    expect(body).not.toContain('rel="canonical"');
    await page.goto('/terms-and-conditions/no-such-terms');
    await expect(page).toHaveURL(/\/404$/);
    // The known terms are a page of their own.
    expect((await request.get(`/terms-and-conditions/${short}`, { headers: html })).status()).toBe(200);
  });

  test('the payment result without a status the provider gives is a 302 to the shop', async ({ request }) => {
    for (const query of ['', '?status=refunded', `?status=x${Date.now()}`]) {
      const response = await request.get(`/shop/payment${query}`, { headers: html, maxRedirects: 0 });
      expect(response.status(), query).toBe(302);
      expect(response.headers().location, query).toBe('/shop');
    }
  });

  test("the media archive's month is a key of its own only for a month the archive can list", async ({ request }) => {
    const plain = await request.get('/media', { headers: html });
    // Any other value renders as no month: served from the plain page's cache entry, never a new render.
    for (const query of ['?month=1999-01', `?month=x${Date.now()}`, '?month=2025-13', `?month=${'9'.repeat(500)}`]) {
      const response = await request.get(`/media${query}`, { headers: html });
      expect(response.headers()['x-render-cache'], query).toBe('hit');
      expect(await response.text(), query).toBe(await plain.text());
    }
  });

  test("another spelling of a page's path is a 301 to the site's own, the query kept", async ({ request }) => {
    for (const [from, to] of [
      ['/ABOUT?utm_source=x', '/about?utm_source=x'],
      ['/abou%74', '/about'],
      ['/about/', '/about'],
      [`/Terms-And-Conditions/${short}`, `/terms-and-conditions/${short}`],
    ]) {
      const response = await request.get(from, { headers: { ...html, 'x-forwarded-host': 'evil.example' }, maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
    }
  });

  test('a 404 whose body depends on Accept says so and is kept out of shared caches', async ({ request }) => {
    for (const [path, accept] of [
      ['/about', 'application/json'],
      ['/no/such/page', 'application/json'],
      ['/no/such/page', 'text/html'],
      ['/favicon-old.ico', '*/*'],
    ]) {
      const response = await request.get(path, { headers: { accept } });
      expect(response.status(), `${path} ${accept}`).toBe(404);
      expect(response.headers().vary, `${path} ${accept}`).toMatch(/\baccept\b/i);
      expect(response.headers()['cache-control'], `${path} ${accept}`).toBe('no-store');
    }
  });
});
