import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY } from '../../server/security';
import { startServer, tempDir } from './helpers';
import { BOOT_SCRIPT_HASH, INPUT_SCRIPT_HASH, SPECULATION_RULES_HASH } from '../../server/boot-script';

const SCRIPT = `export const text = ${JSON.stringify('a script of the build '.repeat(200))};\n`;
// Not the levels the server would compress at itself: what is sent must be these very bytes.
const BROTLI = brotliCompressSync(SCRIPT, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
const GZIP = gzipSync(SCRIPT, { level: 1 });
const INDEX = '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';
/** What a browser sends on a page navigation. */
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let staticDir: string;

beforeAll(async () => {
  staticDir = tempDir('telmed-dist-');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'site.webmanifest'), '{"name":"Site"}');
  // A script the build wrote compressed too (scripts/lib/vite-precompress.ts).
  writeFileSync(join(staticDir, 'assets', 'app-def456.js'), SCRIPT);
  writeFileSync(join(staticDir, 'assets', 'app-def456.js.br'), BROTLI);
  writeFileSync(join(staticDir, 'assets', 'app-def456.js.gz'), GZIP);
  ({ app, cleanup } = await startServer({ staticDir }));
});
afterAll(async () => {
  await cleanup();
  rmSync(staticDir, { recursive: true, force: true });
});

describe('security headers', () => {
  it('defines a CSP without unsafe-eval that allows only what the site needs', () => {
    expect(CONTENT_SECURITY_POLICY).not.toContain('unsafe-eval');
    expect(CONTENT_SECURITY_POLICY).toContain("default-src 'self'");
    // The site's own scripts, and a rendered page's boot script by its hash: no other inline script.
    expect(CONTENT_SECURITY_POLICY.split('; ').find((directive) => directive.startsWith('script-src'))).toBe(
      `script-src 'self' ${INPUT_SCRIPT_HASH} ${BOOT_SCRIPT_HASH} ${SPECULATION_RULES_HASH}`,
    );
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it.each([
    '/',
    '/shop/checkout',
    '/api/v1/home-sliders',
    '/api/v1/nope',
    '/assets/index-abc123.js',
    '/content-images/banner-home.svg',
    '/favicon.ico',
  ])('%s carries the CSP, nosniff, a referrer policy, the permissions policy and COOP', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBeTruthy();
    expect(response.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  });
});

describe('static site', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: NAVIGATION });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it.each(['/shop/checkout', '/media/article/3/some-title', '/bantaydoc-app', '/404', '/no/such/page'])(
    'falls back to index.html for a navigation to the client route %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: NAVIGATION });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(INDEX);
    },
  );

  it('caches hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('max-age=31536000');
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await app.inject({ method: 'GET', url: '/assets/index-missing.js' })).statusCode).toBe(404);
  });

  it("sends a script compressed ahead by the build, as the browser's Accept-Encoding allows", async () => {
    const asked = (encoding?: string) =>
      app.inject({ method: 'GET', url: '/assets/app-def456.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await asked('gzip, deflate, br, zstd');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotli.rawPayload.equals(BROTLI)).toBe(true);

    const gzipped = await asked('gzip, deflate');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.equals(GZIP)).toBe(true);

    const plain = await asked();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('serves other files of the build', async () => {
    const manifest = await app.inject({ method: 'GET', url: '/site.webmanifest', headers: NAVIGATION });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.body).toBe('{"name":"Site"}');
  });

  it.each([
    '/favicon.ico',
    '/foo.png',
    '/assets/x.js',
    '/media/old-logo.svg',
    '/no/such/file.txt',
    '/humans.txt?x=1',
    '/content-images/nope.svg',
  ])('answers a plain 404, never the page, for the missing file %s (even when asked for HTML)', async (url) => {
    for (const headers of [NAVIGATION, { accept: '*/*' }, {}]) {
      const response = await app.inject({ method: 'GET', url, headers });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).not.toContain('<div id="root">');
    }
  });

  it.each(['image/*', 'image/avif,image/webp,*/*;q=0.8', 'text/css,*/*;q=0.1'])(
    'answers a plain 404 to a page path requested with Accept %s (HTML ruled out)',
    async (accept) => {
      const response = await app.inject({ method: 'GET', url: '/shop', headers: { accept } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/plain');
      expect(response.body).toBe('Not found');
    },
  );

  it('answers a JSON 404 to a page path fetched as JSON', async () => {
    const response = await app.inject({ method: 'GET', url: '/shop', headers: { accept: 'application/json, text/plain, */*' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
  });

  it('treats a request without Accept or with only */* (any type acceptable) and a HEAD navigation as page navigations', async () => {
    for (const headers of [{}, { accept: '*/*' }]) {
      const bare = await app.inject({ method: 'GET', url: '/shop', headers });
      expect(bare.statusCode).toBe(200);
      expect(bare.body).toBe(INDEX);
    }
    const head = await app.inject({ method: 'HEAD', url: '/media', headers: NAVIGATION });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toContain('text/html');
    const post = await app.inject({ method: 'POST', url: '/shop', headers: NAVIGATION, payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('never answers an API path with the HTML page', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api/v1/articles/123456', '/api', '/api/x']) {
      const response = await app.inject({ method: 'GET', url, headers: NAVIGATION });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json()).toEqual({ message: expect.any(String) });
    }
    const post = await app.inject({ method: 'POST', url: '/api/v1/nope', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toEqual({ message: 'Not found' });
  });

  it('answers a JSON 404 for unknown pages when no site is built', async () => {
    const bare = await startServer();
    const response = await bare.app.inject({ method: 'GET', url: '/shop', headers: NAVIGATION });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
    await bare.cleanup();
  });
});
