import type { FastifyInstance } from 'fastify';
import { request } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../domain/loopback-host';
import { loopbackHostsOnly } from '../../scripts/lib/vite-loopback-hosts';
import { startServer } from './helpers';

/**
 * DNS rebinding: a page of another site whose name resolves to 127.0.0.1 sends its own name as Host.
 * The demo surface (/api/dev, /dev) and the dev server answer only to 127.0.0.1, localhost and [::1];
 * the rest of the demo server, and the production server, are not bound to a name.
 */

/** A port of this test's range: the Vite dev server listens on it. */
const VITE_PORT = 8391;

const REBOUND = ['evil.example', 'evil.example:8081', 'localhost.evil.example', '127.0.0.1.nip.io:5173', 'localhost.', '127.0.0.2'];
const LOOPBACK = ['127.0.0.1', '127.0.0.1:5173', 'localhost', 'LocalHost:8081', '[::1]', '[::1]:5180'];

describe('isLoopbackHost', () => {
  it('takes 127.0.0.1, localhost and [::1] with any port, nothing else', () => {
    for (const host of LOOPBACK) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [...REBOUND, undefined, '', '::1', '[::1]:', 'localhost:80a', 'localhost:123456', 'app.localhost'])
      expect(isLoopbackHost(host), String(host)).toBe(false);
  });
});

describe('the demo server', () => {
  let app: FastifyInstance;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ app, cleanup } = await startServer());
  });
  afterAll(async () => cleanup());

  const DEMO_SURFACE = ['/api/dev/outbox', '/api/dev/form-submissions', '/dev/outbox'];

  it('refuses a rebound Host on /api/dev and /dev with 403 and a short plain text', async () => {
    for (const url of [...DEMO_SURFACE, '/api/dev/outbox?limit=5', '/api/%64ev/outbox']) {
      for (const host of REBOUND) {
        for (const method of ['GET', 'HEAD'] as const) {
          const response = await app.inject({ method, url, headers: { host } });
          expect(response.statusCode, `${method} ${url} ${host}`).toBe(403);
          if (method === 'GET') expect(response.body).toBe(FOREIGN_HOST_MESSAGE);
          expect(response.headers['content-type']).toMatch(/^text\/plain/);
        }
      }
    }
  });

  it('serves them at 127.0.0.1, localhost and [::1], any port', async () => {
    for (const url of DEMO_SURFACE) {
      for (const host of LOOPBACK) {
        const response = await app.inject({ url, headers: { host } });
        expect(response.statusCode, `${url} ${host}`).toBe(200);
      }
    }
  });

  it('serves the rest of the demo site under any name, as production serves its real one', async () => {
    for (const url of ['/api/v1/health', '/api/v1/shop-plans']) {
      const response = await app.inject({ url, headers: { host: 'evil.example' } });
      expect(response.statusCode, url).toBe(200);
    }
  });
});

/** A GET with the given Host header (fetch would not send it). */
function get(port: number, path: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the dev server (Vite, as `npm run dev` and `npm run edit` start it)', () => {
  let api: Awaited<ReturnType<typeof startServer>>;
  let vite: ViteDevServer;
  const root = mkdtempSync(join(tmpdir(), 'dev-hosts-'));
  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>dev</title>');
    api = await startServer();
    const address = await api.app.listen({ port: 0, host: '127.0.0.1' });
    vite = await createServer({
      configFile: false,
      root,
      logLevel: 'silent',
      plugins: [loopbackHostsOnly()],
      // As vite.config.ts: the demo API's routes through the dev server's proxy.
      server: { host: '127.0.0.1', port: VITE_PORT, strictPort: true, proxy: { '/api': address } },
      optimizeDeps: { noDiscovery: true },
    });
    await vite.listen();
  });
  afterAll(async () => {
    await vite?.close();
    await api?.cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  it('refuses a rebound Host on its pages and on the demo API it proxies', async () => {
    for (const path of ['/', '/api/dev/outbox', '/api/v1/health']) {
      for (const host of REBOUND) {
        const response = await get(VITE_PORT, path, host);
        expect(response.status, `${path} ${host}`).toBe(403);
      }
      // Names Vite itself lets through (any IP address, *.localhost): refused by loopbackHostsOnly.
      for (const host of ['127.0.0.2:8391', '192.168.1.5:8391', 'app.localhost:8391']) {
        expect(await get(VITE_PORT, path, host), `${path} ${host}`).toEqual({ status: 403, body: FOREIGN_HOST_MESSAGE });
      }
    }
  });

  it('serves 127.0.0.1, localhost and [::1]', async () => {
    for (const host of [`127.0.0.1:${VITE_PORT}`, `localhost:${VITE_PORT}`, `[::1]:${VITE_PORT}`]) {
      for (const path of ['/', '/api/dev/outbox']) expect((await get(VITE_PORT, path, host)).status, `${path} ${host}`).toBe(200);
    }
  });
});
