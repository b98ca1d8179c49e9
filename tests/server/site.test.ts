import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../../server/security';
import { startServer, tempDir } from './helpers';

const INDEX = '<!doctype html><html><head><title>Site</title></head><body><div id="root"></div></body></html>';

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let staticDir: string;

beforeAll(async () => {
  staticDir = tempDir('telmed-dist-');
  mkdirSync(join(staticDir, 'assets'));
  writeFileSync(join(staticDir, 'index.html'), INDEX);
  writeFileSync(join(staticDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(join(staticDir, 'robots.txt'), 'User-agent: *');
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
    expect(CONTENT_SECURITY_POLICY).toMatch(/script-src 'self'(;|$)/);
    expect(CONTENT_SECURITY_POLICY).toContain("style-src 'self' 'unsafe-inline'");
    expect(CONTENT_SECURITY_POLICY).toContain('frame-src https://www.youtube-nocookie.com https://www.youtube.com');
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'");
  });

  it.each(['/', '/shop/checkout', '/api/v1/home-sliders', '/api/v1/nope', '/assets/index-abc123.js', '/content-images/banner-home.svg'])(
    '%s carries the CSP, nosniff and a referrer policy',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBeTruthy();
    },
  );
});

describe('static site', () => {
  it('serves index.html at / without long caching', async () => {
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it.each(['/shop/checkout', '/media/article/3/some-title', '/bantaydoc-app', '/404', '/no/such/page'])(
    'falls back to index.html for the client route %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
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

  it('serves other files of the build', async () => {
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.statusCode).toBe(200);
    expect(robots.body).toBe('User-agent: *');
  });

  it('never answers an API path with the HTML page', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/api/v1/articles/123456']) {
      const response = await app.inject({ method: 'GET', url });
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
    const response = await bare.app.inject({ method: 'GET', url: '/shop' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Not found' });
    await bare.cleanup();
  });
});
