import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { acceptsHtml, acceptsJson } from '../../server/static';
import { site } from '../../src/lib/site';
import { startServer, tempDir } from './helpers';

/**
 * Link previews and plain clients: a page path is answered with the server-rendered page unless the
 * request's Accept rules HTML out (server/static.ts), so curl, uptime monitors and link-preview
 * crawlers (Facebook's sends `Accept: *\/*` and a Range) get the page and its Open Graph and Twitter
 * card tags (src/app/head.ts). The server renders with the site's own server entry (the source of the
 * `vite build --ssr` bundle, which tests/e2e/ssr.spec.ts drives built).
 */

const ROOT = resolve(__dirname, '../..');
const PUBLIC_URL = 'https://www.bantaydoc.example';

const INDEX =
  '<!doctype html>\n<html lang="en">\n<head><title>Site</title><meta name="description" content="old" />\n' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>\n<body><div id="root"></div></body></html>';

/** Facebook's link-preview crawler, as it asks for a shared page. */
const FACEBOOK = {
  'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  accept: '*/*',
  range: 'bytes=0-524288',
};
/** What curl sends unless told otherwise. */
const CURL = { 'user-agent': 'curl/8.5.0', accept: '*/*' };

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let staticDir: string;

beforeAll(async () => {
  await generate(ROOT);
  staticDir = tempDir('telmed-previews-');
  mkdirSync(join(staticDir, '.ssr'));
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'index-1.js'), 'console.log(1)');
  copyFileSync(join(ROOT, 'public', 'og-image.png'), join(staticDir, 'og-image.png'));
  // The server bundle is the site's server entry itself, compiled by Vitest as it is imported.
  writeFileSync(join(staticDir, '.ssr', 'entry-server.js'), `export * from ${JSON.stringify(join(ROOT, 'src/app/entry-server.tsx'))};\n`);
  ({ app, cleanup } = await startServer({ staticDir, publicUrl: PUBLIC_URL, htmlCacheSeconds: 0 }));
}, 60_000);
afterAll(async () => {
  await cleanup();
  rmSync(staticDir, { recursive: true, force: true });
});

/** The page's <meta> tags, by name or property. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)) tags.set(key, content);
  return tags;
}

/** Width and height of a PNG (its IHDR chunk). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** A raw HTTP/1.1 exchange: everything the server writes until it closes the connection. */
function rawExchange(port: number, request: string): Promise<string> {
  return new Promise((done, fail) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => done(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', fail);
  });
}

/** Status line and headers of a raw response (lower-case names; date and timing headers left out). */
function headersOf(raw: string): { status: string; headers: Record<string, string>; body: string } {
  const end = raw.indexOf('\r\n\r\n');
  const [status, ...lines] = raw.slice(0, end).split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  delete headers.date;
  return { status, headers, body: raw.slice(end + 4) };
}

describe('the Accept rule: does the client take an HTML page?', () => {
  it.each([
    ['absent', undefined],
    ['empty', ''],
    ['blank', '   '],
    ['no media type in it', 'nonsense'],
    ["a browser's navigation", 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8'],
    ['text/html alone', 'text/html'],
    ['upper case', 'TEXT/HTML'],
    ['application/xhtml+xml', 'application/xhtml+xml'],
    ['text/*', 'text/*'],
    ['text/html with a low weight among others', 'application/json, text/html;q=0.1'],
    ['text/html with parameters', 'text/html; charset=utf-8; level=1; q=0.5'],
    ['curl, wget, uptime monitors, link-preview crawlers', '*/*'],
    ['*/* with a weight', '*/*;q=0.5'],
    ['*/* twice', '*/*, */*;q=0.1'],
    ['an unreadable weight (taken as 1)', 'text/html;q=high'],
    ['spaces around everything', '  text/html ; q = 0.9 ,  application/json '],
    ['ranges without a media type skipped', ',,;, text/html'],
  ])('takes HTML: %s', (_name, accept) => {
    expect(acceptsHtml(accept)).toBe(true);
  });

  it.each([
    ['JSON', 'application/json'],
    ['a JSON variant', 'application/problem+json'],
    ['images', 'image/*'],
    ["an image request's", 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8'],
    ["axios's", 'application/json, text/plain, */*'],
    ['text/plain', 'text/plain'],
    ['text/html refused by weight', 'text/html;q=0'],
    ['text/html refused, anything else welcome', 'text/html;q=0, */*'],
    ['text/* refused', 'text/*;q=0, */*'],
    ['*/* refused', '*/*;q=0'],
    ['a script', 'application/javascript'],
    ['CSS', 'text/css,*/*;q=0.1'],
  ])('refuses HTML: %s', (_name, accept) => {
    expect(acceptsHtml(accept)).toBe(false);
  });

  it('names JSON when a JSON type has a weight above 0', () => {
    expect(acceptsJson('application/json')).toBe(true);
    expect(acceptsJson('application/json, text/plain, */*')).toBe(true);
    expect(acceptsJson('application/problem+json')).toBe(true);
    expect(acceptsJson('application/json;q=0, text/plain')).toBe(false);
    expect(acceptsJson('*/*')).toBe(false);
    expect(acceptsJson('image/*')).toBe(false);
    expect(acceptsJson(undefined)).toBe(false);
  });

  it.each([
    ['one long token', 'a'.repeat(10_000)],
    ['commas', ','.repeat(10_000)],
    ['semicolons', `text/html${';'.repeat(10_000)}`],
    ['parameters', `image/png${';q=0.5'.repeat(2_000)}`],
    ['ranges', 'image/png;q=0.9,'.repeat(700)],
    ['slashes and stars', '*/'.repeat(5_000)],
    ['quotes and equals', `text/plain;a="${'="'.repeat(5_000)}`],
    ['HTML far past the limit', `${'image/png,'.repeat(1_000)}text/html`],
  ])('answers at once and does not throw on a hostile 10,000-character header: %s', (_name, accept) => {
    expect(accept.length).toBeGreaterThanOrEqual(10_000);
    const started = performance.now();
    for (let i = 0; i < 100; i++) {
      acceptsHtml(accept);
      acceptsJson(accept);
    }
    // 100 readings of a bounded prefix: well under a millisecond each.
    expect(performance.now() - started).toBeLessThan(250);
  });

  it('reads only the first ranges of a long header', () => {
    // The 65th range is never read: a header of 64 images and then HTML refuses HTML.
    expect(acceptsHtml(`${'image/png,'.repeat(64)}text/html`)).toBe(false);
    expect(acceptsHtml(`${'image/png,'.repeat(63)}text/html`)).toBe(true);
  });
});

describe('link previews', () => {
  it("gives Facebook's crawler (Accept */*, a Range) the whole page with its Open Graph and Twitter card tags", async () => {
    const response = await app.inject({ method: 'GET', url: '/about', headers: FACEBOOK });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-range']).toBeUndefined();
    expect(response.body).toMatch(/^<!doctype html>[\s\S]*<\/html>$/);
    expect(response.body).toContain('<title>About us | Bantay Doc</title>');

    const tags = metaTags(response.body);
    const image = `${PUBLIC_URL}/og-image.png`;
    expect(Object.fromEntries(tags)).toMatchObject({
      'og:title': 'About us | Bantay Doc',
      'og:description': expect.stringContaining('Bantay Doc'),
      'og:url': `${PUBLIC_URL}/about`,
      'og:image': image,
      'og:image:width': '1200',
      'og:image:height': '630',
      'og:image:alt': expect.stringContaining('Bantay Doc'),
      'twitter:card': 'summary_large_image',
      'twitter:title': 'About us | Bantay Doc',
      'twitter:description': tags.get('og:description'),
      'twitter:image': image,
    });
    expect(new URL(tags.get('og:image')!).origin).toBe(PUBLIC_URL);
  });

  it('shares a PNG (Facebook and WhatsApp show no SVG) of the size the tags say, served by the site', async () => {
    expect(site.seo?.image).toMatch(/\.png$/);
    const png = readFileSync(join(ROOT, 'public', site.seo!.image!));
    expect(pngSize(png)).toEqual({ width: site.seo?.imageWidth, height: site.seo?.imageHeight });
    expect(png.length).toBeLessThan(60_000);
    const response = await app.inject({ method: 'GET', url: site.seo!.image!, headers: FACEBOOK });
    expect(response.headers['content-type']).toBe('image/png');
    // The crawler's Range covers the whole image.
    expect([200, 206]).toContain(response.statusCode);
    expect(response.rawPayload.equals(png)).toBe(true);
  });

  it('has a 128 x 128 PNG of the logo (for e-mails)', () => {
    expect(pngSize(readFileSync(join(ROOT, 'public', 'logo.png')))).toEqual({ width: 128, height: 128 });
  });
});

describe('plain clients', () => {
  it("gives curl's defaults the page with its status: 200 for a page, 404 and the not-found page for an unknown path", async () => {
    const about = await app.inject({ method: 'GET', url: '/about', headers: CURL });
    expect(about.statusCode).toBe(200);
    expect(about.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(about.body).toContain('<title>About us | Bantay Doc</title>');
    expect(about.headers.vary).toMatch(/\baccept\b/i);

    const unknown = await app.inject({ method: 'GET', url: '/no/such/page', headers: CURL });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(unknown.body).toContain('Page not found');
  });

  it('answers HEAD as GET: the same status and headers, and no body', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const exchange = (method: string, path: string) =>
      rawExchange(
        port,
        `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: curl/8.5.0\r\nAccept: */*\r\nConnection: close\r\n\r\n`,
      ).then(headersOf);
    for (const path of ['/about', '/no/such/page']) {
      const get = await exchange('GET', path);
      const head = await exchange('HEAD', path);
      expect(head.status, path).toBe(get.status);
      expect(head.headers['content-type'], path).toBe('text/html; charset=utf-8');
      // Each request has its own id.
      const { 'transfer-encoding': _a, 'content-length': _b, 'x-render-cache': _c, 'x-request-id': _g, ...getHeaders } = get.headers;
      const { 'transfer-encoding': _d, 'content-length': _e, 'x-render-cache': _f, 'x-request-id': _h, ...headHeaders } = head.headers;
      expect(headHeaders, path).toEqual(getHeaders);
      expect(get.body, path).toContain('</html>');
      expect(head.body, path).toBe('');
    }
    expect((await exchange('HEAD', '/about')).status).toBe('HTTP/1.1 200 OK');
  });

  it("answers a script's JSON fetch of an unknown path with a JSON 404", async () => {
    for (const accept of ['application/json', 'application/json, text/plain, */*']) {
      const response = await app.inject({ method: 'GET', url: '/no/such/page', headers: { accept } });
      expect(response.statusCode, accept).toBe(404);
      expect(response.headers['content-type'], accept).toContain('application/json');
      expect(response.json(), accept).toEqual({ message: 'Not found' });
    }
  });

  it('answers a page path asked for as an image with a 404 and no HTML', async () => {
    const response = await app.inject({ method: 'GET', url: '/about', headers: { accept: 'image/*' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('text/plain');
    expect(response.body).toBe('Not found');
    expect(response.headers.vary).toMatch(/\baccept\b/i);
  });

  it('says that a 404 depends on Accept (Vary) and keeps it out of every cache, a shared one above all (no-store)', async () => {
    const cases = [
      { url: '/about', accept: 'application/json', type: 'application/json' },
      { url: '/about', accept: 'image/*', type: 'text/plain' },
      { url: '/no/such/page', accept: 'application/json', type: 'application/json' },
      { url: '/no/such/page', accept: 'text/html', type: 'text/html' },
      { url: '/no/such/page', accept: '*/*', type: 'text/html' },
      { url: '/favicon.ico', accept: 'application/json', type: 'application/json' },
      { url: '/favicon.ico', accept: '*/*', type: 'text/plain' },
    ];
    for (const { url, accept, type } of cases) {
      const response = await app.inject({ method: 'GET', url, headers: { accept } });
      const label = `${url} ${accept}`;
      expect(response.statusCode, label).toBe(404);
      expect(response.headers['content-type'], label).toContain(type);
      expect(response.headers.vary, label).toMatch(/\baccept\b/i);
      expect(response.headers['cache-control'], label).toBe('no-store');
    }
    // A page of a server that keeps no copies (HTML_CACHE_SECONDS=0 here) is kept by no shared cache either.
    expect((await app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } })).headers['cache-control']).toBe(
      'private, no-cache',
    );
  });

  it('still answers a missing file with the plain 404, whoever asks', async () => {
    for (const url of ['/assets/index-missing.js', '/favicon.ico', '/logo-old.png']) {
      for (const headers of [CURL, FACEBOOK, { accept: 'text/html' }]) {
        const response = await app.inject({ method: 'GET', url, headers });
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toContain('text/plain');
        expect(response.body, url).toBe('Not found');
      }
    }
  });
});
