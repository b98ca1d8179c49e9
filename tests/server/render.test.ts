import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, tempDir } from './helpers';
import {
  BOOT_SCRIPT,
  BOOT_SCRIPT_HASH,
  INPUT_SCRIPT,
  INPUT_SCRIPT_HASH,
  SPECULATION_RULES,
  SPECULATION_RULES_HASH,
} from '../../server/boot-script';
import { QUEUE_PER_SLOT } from '../../server/render-budget';
import type { PageRenderer } from '../../server/render';

/**
 * server/render.ts with a stand-in server bundle (the real one is built by `vite build --ssr` and
 * driven by tests/e2e/ssr.spec.ts): the template, the handed-over data, streaming, and the HTML cache.
 */

const INDEX =
  '<!doctype html>\n<html lang="en">\n<head><title>Site</title><meta name="description" content="old" />\n' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script>\n<link rel="modulepreload" crossorigin href="/assets/react-1.js">\n' +
  '</head>\n<body><div id="root"></div></body></html>';

/**
 * A server bundle that renders a page per path; '/failing' has a failed data request, '/gone' redirects.
 * Its pages read the query parameter 'x' only; paths under '/nowhere' match no route, and under
 * '/shop/' name an unknown slug (known after the data is loaded). '/popular' takes 200 ms to render.
 */
const ENTRY = `
let renders = 0;
let notFoundRenders = 0;
export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) {
  const url = new URL(href, 'http://localhost');
  if (url.pathname.startsWith('/nowhere')) return { notFound: true };
  return { key: pageHref(url) };
}
function pageHref(url) {
  const x = url.searchParams.get('x');
  return url.pathname + (x === null ? '' : '?x=' + x);
}
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
function page(status, title, text, failed) {
  return {
    kind: 'page',
    status,
    head: { lang: 'en', title, description: '' },
    styles: '<style data-make-styles-bucket="d">.a{}</style>',
    blocks: [],
    // A page whose blocks never run (the /still-* pages) gets no script.
    scriptBlocks: title.startsWith('Page /still') ? [] : ['cart'],
    pageKey: 'p0',
    data: { fallback: { evil: '</script><script>alert(1)</script>' }, notFound: false },
    failed,
    pipe: (destination) => { destination.write('<p>' + text + '</p>'); destination.end(); },
  };
}
export async function render(href, options) {
  const url = new URL(href, options.publicUrl);
  if (url.pathname === '/gone') return { kind: 'redirect', status: 301, location: '/here' };
  if (url.pathname.startsWith('/shop/')) return { kind: 'not-found' };
  // A page that takes a while to render (its data is slow).
  if (url.pathname === '/popular') await new Promise((resolve) => setTimeout(resolve, 200));
  renders++;
  const apiStatus = (await options.fetch(options.apiBaseUrl + '/api/v1/health')).status;
  return page(url.pathname === '/missing' ? 404 : 200, 'Page ' + url.pathname, 'render ' + renders + ' api ' + apiStatus + ' of ' + pageHref(url), url.pathname === '/failing' ? 1 : 0);
}
export async function renderNotFound() {
  notFoundRenders++;
  return page(404, 'Not found', 'not-found page, rendering ' + notFoundRenders, 0);
}
`;

const NAVIGATION = { accept: 'text/html' };
const ROOT = resolve(__dirname, '../..');
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let staticDir: string;

beforeAll(async () => {
  staticDir = tempDir('telmed-ssr-');
  mkdirSync(join(staticDir, '.ssr'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, '.ssr', 'entry-server.js'), ENTRY);
  ({ app, cleanup } = await startServer({ staticDir, htmlCacheSeconds: 60 }));
});
afterAll(async () => {
  await cleanup();
  rmSync(staticDir, { recursive: true, force: true });
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: NAVIGATION });

describe('server-rendered pages', () => {
  it('fills the template: lang, head tags, styles, the app in #root, the data as JSON that cannot close its script', async () => {
    const response = await get('/about');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = response.body;
    expect(html).toContain('<title>Page /about</title>');
    expect(html).not.toContain('content="old"');
    expect(html).toContain('<style data-make-styles-bucket="d">.a{}</style></head>');
    // The data loader's in-process fetch reached the API.
    expect(html).toMatch(/<div id="root"><p>render \d+ api 200 of \/about<\/p><\/div>/);
    expect(html).toContain(
      '<script type="application/json" id="page-data">{"fallback":{"evil":"\\u003c/script>\\u003cscript>alert(1)\\u003c/script>"}',
    );
    expect(html).not.toContain('<script>alert(1)');
    // Every script (the entry first, then its chunks, then the page's own) is fetched by the input
    // script after the first contentful paint (listed as data): none is requested before the page
    // has painted. The boot script (an inline script, allowed by its hash) runs the entry at the end
    // of the body. No module script or preload is in the head. The input script keeps input from the
    // first paint on.
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toMatch(/type="module"|<link rel="modulepreload"/);
    expect(head).toContain(
      '<script type="application/json" id="boot">{"entry":"/assets/index-1.js","preload":["/assets/index-1.js","/assets/react-1.js"]}</script>' +
        `<script>${INPUT_SCRIPT}</script><style`,
    );
    expect(html).toContain(`<script>${BOOT_SCRIPT}</script><script type="speculationrules">${SPECULATION_RULES}</script>`);
    expect(response.headers['content-security-policy']).toContain(
      `script-src 'self' ${INPUT_SCRIPT_HASH} ${BOOT_SCRIPT_HASH} ${SPECULATION_RULES_HASH};`,
    );
  });

  it('gives a page where nothing runs no script but its speculation rules', async () => {
    const html = (await get('/still-life')).body;
    expect(html).not.toContain('id="boot"');
    expect(html).not.toContain(BOOT_SCRIPT);
    expect(html).not.toContain(INPUT_SCRIPT);
    expect(html).not.toMatch(/modulepreload|type="module"/);
    expect(html).toContain(`<script type="speculationrules">${SPECULATION_RULES}</script>`);
  });

  it('serves a page again from the cache within its time, per path and the query parameters the page reads', async () => {
    const first = await get('/cached?x=1');
    expect(first.headers['x-render-cache']).toBe('miss');
    const again = await get('/cached?x=1');
    expect(again.headers['x-render-cache']).toBe('hit');
    expect(again.body).toBe(first.body);
    expect((await get('/cached?x=2')).headers['x-render-cache']).toBe('miss');
  });

  it('renders and caches a page without the query parameters it does not read (utm_*, click ids, cache-busters)', async () => {
    const first = await get('/campaign?utm_source=fb&fbclid=abc123&x=7');
    expect(first.headers['x-render-cache']).toBe('miss');
    // Rendered from the URL the page depends on: nothing else of the query reaches the page.
    expect(first.body).toMatch(/ of \/campaign\?x=7<\/p>/);
    expect(first.body).not.toContain('fbclid');
    for (const url of ['/campaign?x=7', '/campaign?fbclid=other&x=7', `/campaign?x=7&bust=${Date.now()}`]) {
      const response = await get(url);
      expect(response.headers['x-render-cache'], url).toBe('hit');
      expect(response.body, url).toBe(first.body);
    }
  });

  it('answers every unknown path, slug and id with one not-found page, rendered once', async () => {
    const first = await get('/nowhere/1');
    expect(first.statusCode).toBe(404);
    expect(first.body).toContain('<p>not-found page, rendering 1</p>');
    for (const url of ['/nowhere/2?q=x', '/shop/no-such-slug', '/shop/another-one?x=1']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['x-render-cache'], url).toBe('hit');
      expect(response.body, url).toBe(first.body);
    }
  });

  it('does not cache a page whose data failed to load, and keeps the status of a not-found page', async () => {
    await get('/failing');
    expect((await get('/failing')).headers['x-render-cache']).toBe('miss');
    const missing = await get('/missing');
    expect(missing.statusCode).toBe(404);
    expect((await get('/missing')).statusCode).toBe(404);
  });

  it('answers a redirect with its status and location', async () => {
    const response = await get('/gone');
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/here');
  });

  it('never serves the server bundle, the manifest folder or the template itself', async () => {
    for (const url of ['/.ssr/entry-server.js', '/.vite/manifest.json', '/index.html']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('BUILT_API_ORIGIN');
    }
  });
});

describe('the per-client limit of page renders', () => {
  it('answers 429 with Retry-After over the budget, still serves cached pages, and counts each client apart', async () => {
    const limited = await startServer({ staticDir, htmlCacheSeconds: 60, pageRenderLimit: 3 });
    try {
      const from = (url: string, remoteAddress = '203.0.113.5') =>
        limited.app.inject({ method: 'GET', url, headers: NAVIGATION, remoteAddress });
      for (const url of ['/p1', '/p2', '/p3']) expect((await from(url)).statusCode, url).toBe(200);
      const refused = await from('/p4');
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body).not.toContain('<div id="root">');
      // Pages in the cache cost nothing: still served.
      const cached = await from('/p1');
      expect(cached.statusCode).toBe(200);
      expect(cached.headers['x-render-cache']).toBe('hit');
      // Another client renders.
      expect((await from('/p4', '198.51.100.20')).statusCode).toBe(200);
    } finally {
      await limited.cleanup();
    }
  });
});

describe('the HTML cache', () => {
  it('ages out, and a cache time of 0 keeps nothing', async () => {
    const short = await startServer({ staticDir, htmlCacheSeconds: 1, htmlStaleSeconds: 0 });
    try {
      const getShort = (url: string) => short.app.inject({ method: 'GET', url, headers: NAVIGATION });
      await getShort('/a');
      expect((await getShort('/a')).headers['x-render-cache']).toBe('hit');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect((await getShort('/a')).headers['x-render-cache']).toBe('miss');
    } finally {
      await short.cleanup();
    }
    const none = await startServer({ staticDir, htmlCacheSeconds: 0 });
    try {
      await none.app.inject({ method: 'GET', url: '/b', headers: NAVIGATION });
      expect((await none.app.inject({ method: 'GET', url: '/b', headers: NAVIGATION })).headers['x-render-cache']).toBe('miss');
    } finally {
      await none.cleanup();
    }
  });

  it('past its time serves the stale copy at once and renders the page again once, in the background', async () => {
    const server = await startServer({ staticDir, htmlCacheSeconds: 1, htmlStaleSeconds: 30 });
    const renderOf = (body: string) => Number(/render (\d+) api/.exec(body)?.[1]);
    try {
      const getIt = () => server.app.inject({ method: 'GET', url: '/popular', headers: NAVIGATION });
      const first = await getIt();
      expect(first.headers['x-render-cache']).toBe('miss');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      // Five visitors at once after it expired: all get the stale copy, none waits for a render.
      const stale = await Promise.all([getIt(), getIt(), getIt(), getIt(), getIt()]);
      for (const response of stale) {
        expect(response.headers['x-render-cache']).toBe('stale');
        expect(response.body).toBe(first.body);
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
      const fresh = await getIt();
      expect(fresh.headers['x-render-cache']).toBe('hit');
      // Rendered once more, not once per visitor.
      expect(renderOf(fresh.body)).toBe(renderOf(first.body) + 1);
    } finally {
      await server.cleanup();
    }
  });
});

/** A server bundle given as its source, in a folder of its own with the template; removed by `cleanup`. */
async function siteWith(entry: string, options: Parameters<typeof startServer>[0]) {
  const dir = tempDir('telmed-ssr-');
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.ssr', 'entry-server.js'), entry);
  const server = await startServer({ ...options, staticDir: dir });
  return {
    app: server.app,
    get: (url: string) => server.app.inject({ method: 'GET', url, headers: NAVIGATION }),
    cached: () => (server.app as unknown as { pages: PageRenderer }).pages.cached(),
    async cleanup() {
      await server.cleanup();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A server bundle whose every page takes RENDER_MS to render (its data is slow) and says how many
 * renders ran at once at most so far, background renders included ('most N').
 */
const RENDER_MS = 150;
const SLOW_ENTRY = `
let running = 0;
let most = 0;
let renders = 0;
export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) { return { key: new URL(href, 'http://localhost').pathname }; }
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
function page(text) {
  return {
    kind: 'page', status: 200, head: { lang: 'en', title: 'Slow', description: '' }, styles: '', blocks: [], scriptBlocks: [], pageKey: 'p0',
    data: { fallback: {}, notFound: false }, failed: 0,
    pipe: (destination) => { destination.write('<p>' + text + '</p>'); destination.end(); },
  };
}
export async function render(href) {
  running++;
  most = Math.max(most, running);
  await new Promise((resolve) => setTimeout(resolve, ${RENDER_MS}));
  running--;
  renders++;
  return page('render ' + renders + ' of ' + new URL(href, 'http://localhost').pathname + ', most ' + most);
}
export async function renderNotFound() { return page('not found'); }
`;

/** The most renders at once a page of SLOW_ENTRY reports. */
const mostAtOnce = (body: string) => Number(/most (\d+)/.exec(body)?.[1]);

describe('the server-wide cap on renders at once', () => {
  it('renders at most RENDER_CONCURRENCY pages at once, queues a few, answers 503 beyond, and serves cached pages meanwhile', async () => {
    // 2 at once, and a queue of QUEUE_PER_SLOT times that.
    const queue = 2 * QUEUE_PER_SLOT;
    const site = await siteWith(SLOW_ENTRY, { htmlCacheSeconds: 1, htmlStaleSeconds: 60, renderConcurrency: 2 });
    try {
      await site.get('/stale');
      await new Promise((resolve) => setTimeout(resolve, 1100));
      const fresh = await site.get('/fresh');
      expect(fresh.headers['x-render-cache']).toBe('miss');

      // Pages at once, none cached: 2 render, `queue` wait for a slot, 3 find no place.
      let rendered = 0;
      const burst = Array.from({ length: 2 + queue + 3 }, (_, i) =>
        site.get(`/uncached-${i}`).then((response) => {
          if (response.statusCode === 200) rendered++;
          return response;
        }),
      );
      // Meanwhile pages in the cache, fresh or stale, are answered at once, before any render is done.
      const [hit, stale] = await Promise.all([site.get('/fresh'), site.get('/stale')]);
      expect(rendered).toBe(0);
      expect(hit.headers['x-render-cache']).toBe('hit');
      expect(hit.body).toBe(fresh.body);
      expect(stale.headers['x-render-cache']).toBe('stale');

      const responses = await Promise.all(burst);
      const served = responses.filter((response) => response.statusCode === 200);
      const refused = responses.filter((response) => response.statusCode === 503);
      expect(served).toHaveLength(2 + queue);
      expect(refused).toHaveLength(3);
      for (const response of refused) {
        expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
        expect(response.headers['cache-control']).toBe('no-store');
        expect(response.body).not.toContain('<div id="root">');
      }
      expect(Math.max(...served.map((response) => mostAtOnce(response.body)))).toBe(2);

      // With every slot taken its re-render did not start (that would have made 3 at once); with a slot
      // free again, the stale page renders in the background.
      expect((await site.get('/stale')).headers['x-render-cache']).toBe('stale');
      await new Promise((resolve) => setTimeout(resolve, RENDER_MS + 100));
      const refreshed = await site.get('/stale');
      expect(refreshed.headers['x-render-cache']).toBe('hit');
      expect(refreshed.body).not.toBe(stale.body);
      expect(mostAtOnce(refreshed.body)).toBeLessThanOrEqual(2);
    } finally {
      await site.cleanup();
    }
  });

  it('holds with a cap of 1 too, and there is no cap with RENDER_CONCURRENCY 0', async () => {
    const capped = await siteWith(SLOW_ENTRY, { htmlCacheSeconds: 0, renderConcurrency: 1 });
    try {
      // 1 at once and a queue of QUEUE_PER_SLOT: the last waits that many renders, well within the wait allowed.
      const responses = await Promise.all(Array.from({ length: 2 + QUEUE_PER_SLOT }, (_, i) => capped.get(`/page-${i}`)));
      const statuses = responses.map((response) => response.statusCode);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1 + QUEUE_PER_SLOT);
      expect(statuses.filter((status) => status === 503)).toHaveLength(1);
      const served = responses.filter((response) => response.statusCode === 200);
      expect(Math.max(...served.map((response) => mostAtOnce(response.body)))).toBe(1);
    } finally {
      await capped.cleanup();
    }
    const uncapped = await siteWith(SLOW_ENTRY, { htmlCacheSeconds: 0, renderConcurrency: 0 });
    try {
      const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => uncapped.get(`/page-${i}`)));
      expect(responses.every((response) => response.statusCode === 200)).toBe(true);
      expect(Math.max(...responses.map((response) => mostAtOnce(response.body)))).toBe(12);
    } finally {
      await uncapped.cleanup();
    }
  });
});

describe("the HTML cache's keys, with the site's own server entry", () => {
  let site: Awaited<ReturnType<typeof siteWith>>;
  beforeAll(async () => {
    // The server bundle is the site's server entry itself, compiled by Vitest as it is imported.
    const entry = `export * from ${JSON.stringify(join(ROOT, 'src/app/entry-server.tsx'))};\n`;
    site = await siteWith(entry, { publicUrl: 'https://www.bantaydoc.example', htmlCacheSeconds: 60 });
  }, 60_000);
  afterAll(async () => {
    await site.cleanup();
  });

  it('answers an unknown terms slug with the not-found page every unknown address shares: 404, no canonical, no entry of its own', async () => {
    const terms = await site.get('/terms-and-conditions/bantaydoc-shop');
    expect(terms.statusCode).toBe(200);
    expect(terms.body).toContain('<link rel="canonical" href="https://www.bantaydoc.example/terms-and-conditions/bantaydoc-shop"');
    const unknownPath = await site.get('/no/such/page');
    expect(unknownPath.statusCode).toBe(404);
    const entries = site.cached();
    for (const slug of ['no-such-terms', 'another-unknown-one', 'BANTAYDOC-SHOP']) {
      const response = await site.get(`/terms-and-conditions/${slug}`);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['x-render-cache'], slug).toBe('hit');
      expect(response.body, slug).toBe(unknownPath.body);
      expect(response.body, slug).not.toContain('rel="canonical"');
    }
    expect(site.cached()).toBe(entries);
  });

  it('keys the payment result on its status as paid or cancelled, and sends any other status on to the shop uncached', async () => {
    const paid = await site.get('/shop/payment?status=paid');
    const cancelled = await site.get('/shop/payment?status=cancelled');
    expect(paid.body).toContain('Thank you for your payment!');
    expect(cancelled.body).toContain('Payment cancelled');
    const entries = site.cached();
    // Without a status the provider gives, nothing happened here: a 302 to the shop, never a page
    // the browser loads only to leave it.
    for (const url of [
      '/shop/payment',
      '/shop/payment?status=refunded',
      `/shop/payment?status=${Date.now()}`,
      '/shop/payment?status=PAID',
      '/shop/payment?status=&x=1',
      '/shop/payment?status=anything&status=paid',
    ]) {
      const response = await site.get(url);
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe('/shop');
    }
    // The page reads the first status given (URLSearchParams.get), and so does its key.
    for (const url of ['/shop/payment?status=paid&status=anything', '/shop/payment?utm_source=x&status=p%61id']) {
      const response = await site.get(url);
      expect(response.headers['x-render-cache'], url).toBe('hit');
      expect(response.body, url).toBe(paid.body);
    }
    expect(site.cached()).toBe(entries);
  });

  it("sends another spelling of a page's path to the site's own (query kept, relative), rendering and caching nothing for it", async () => {
    const entries = site.cached();
    const spellings = [
      ['/ABOUT', '/about'],
      ['/abou%74?utm_source=x&b=%20', '/about?utm_source=x&b=%20'],
      ['/%61bout', '/about'],
      ['/about/', '/about'],
      ['/About/?x=1', '/about?x=1'],
      ['/Shop/Reseller/demo-reseller', '/shop/reseller/demo-reseller/'],
      ['/terms-and-conditions/', '/terms-and-conditions'],
      ['/Terms-and-Conditions/%62antaydoc', '/terms-and-conditions/bantaydoc'],
      ['/media/article/1/rainy%2dseason', '/media/article/1/rainy-season'],
    ] as const;
    for (const [from, to] of spellings) {
      // Whatever Host or X-Forwarded-Host the request names, the Location is a path of this site.
      const response = await site.app.inject({
        method: 'GET',
        url: from,
        headers: { ...NAVIGATION, host: 'evil.example', 'x-forwarded-host': 'evil.example' },
      });
      expect(response.statusCode, from).toBe(301);
      expect(response.headers.location, from).toBe(to);
      expect(response.headers['x-render-cache'], from).toBeUndefined();
    }
    expect(site.cached()).toBe(entries);
    // The site's own spellings are pages, not redirects again.
    for (const path of ['/about', '/shop/reseller/demo-reseller/', '/terms-and-conditions', '/terms-and-conditions/bantaydoc']) {
      expect((await site.get(path)).statusCode, path).toBe(200);
    }
    // A param is data, taken as spelt: a slug in other letters is another (here unknown) slug.
    expect((await site.get('/shop/reseller/DEMO-RESELLER/')).statusCode).toBe(404);
  });
});
