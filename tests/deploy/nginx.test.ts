import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answers, NGINX, nginxConfig } from '../../scripts/lib/cluster';
import { mediaName } from '../../server/images/check';
import { REPO } from '../validate/helpers';
import { startServer } from '../server/helpers';

/**
 * deploy/nginx.conf's location of content images, run: nginx (started from the file, its marked
 * lines given local ports and paths, as tests/scale does) in front of one server. One URL per image
 * variant: a query is refused, a width written otherwise is the server's 404 and kept by nobody, and
 * the cache's key is the path alone. Needs nginx (`apt-get install nginx`); skipped without it.
 */

const LISTEN_PORT = 8491;
if (!NGINX) console.warn('nginx.test.ts: nginx is not installed (apt-get install nginx); its tests are skipped');

const text = readFileSync(path.join(REPO, 'deploy/nginx.conf'), 'utf8');
/** The body of the `location <prefix> { … }` block (blocks nested one deep, as `if`). */
function locationBlock(prefix: string): string | undefined {
  const at = text.indexOf(`location ${prefix} {`);
  if (at < 0) return undefined;
  let depth = 0;
  for (let i = text.indexOf('{', at); i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(at, i + 1);
  }
  return undefined;
}

describe('deploy/nginx.conf: content images', () => {
  it('keys /content-media/ on the path alone and refuses a query there', () => {
    const block = locationBlock('/content-media/') ?? '';
    // $uri is the path without the query ($request_uri and $args would key each query apart).
    expect(/proxy_cache_key ([^;]+);/.exec(block)?.[1]).toBe('$scheme$host$uri');
    expect(block).toMatch(/if \(\$args\) \{\s*return 404;\s*\}/);
  });
});

describe('deploy/nginx.conf: pages', () => {
  it('serves a stale page only when no instance answers well, never while it fetches it again', () => {
    const block = locationBlock('/') ?? '';
    const stale = /proxy_cache_use_stale ([^;]+);/.exec(block)?.[1].split(/\s+/) ?? [];
    expect(stale).toEqual(['error', 'timeout', 'http_500', 'http_502', 'http_503', 'http_504']);
    expect(block).not.toMatch(/^\s*proxy_cache_background_update on/m);
    // How long a page is kept is the instances' to say (Cache-Control s-maxage), not nginx's.
    expect(block).not.toMatch(/^\s*proxy_cache_valid/m);
  });
});

/** The body of the `server { … }` block whose server_name is `name`. */
function serverBlock(name: string): string | undefined {
  const named = text.indexOf(`server_name ${name};`);
  const at = text.lastIndexOf('server {', named);
  if (named < 0 || at < 0) return undefined;
  let depth = 0;
  for (let i = text.indexOf('{', at); i < text.length; i++) {
    if (text[i] === '{') depth++;
    if (text[i] === '}' && --depth === 0) return text.slice(at, i + 1);
  }
  return undefined;
}

describe('deploy/nginx.conf: the studio', () => {
  it('proxies the studio host name to the studio port, never caches it, and is ready for an office network', () => {
    const block = serverBlock('studio.example.ph') ?? '';
    expect(block).toMatch(/proxy_cache off;/);
    expect(block).not.toMatch(/proxy_cache pages|proxy_cache_valid|proxy_cache_key/);
    expect(block).toMatch(/proxy_hide_header Cache-Control;\s*add_header Cache-Control "no-store" always;/);
    expect(block).toMatch(/#\s*allow [^;]+;\s*#\s*deny all;/);
    const upstream = /proxy_pass http:\/\/(\w+);/.exec(block)?.[1];
    expect(upstream).toBe('telmed_studio');
    const servers = new RegExp(`upstream ${upstream} \\{([^}]*)\\}`).exec(text)?.[1] ?? '';
    // The studio's port as docs/studio.md and `npm start` give it (STUDIO_PORT), never the site's instances'.
    expect([...servers.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))).toEqual([8088]);
    expect(servers).toMatch(/# STUDIO_PORT/);
  });
});

describe.skipIf(!NGINX)('nginx in front of a server, on content images', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-media-'));
  const mediaDir = path.join(dir, 'media');
  let server: Awaited<ReturnType<typeof startServer>>;
  let nginx: ChildProcess | undefined;
  let name = '';

  const get = (pathname: string) =>
    new Promise<{ status: number; cache: string }>((resolve, reject) => {
      // The path as written (a URL object would drop an empty query).
      request({ host: '127.0.0.1', port: LISTEN_PORT, path: pathname }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, cache: String(res.headers['x-proxy-cache'] ?? '') }));
      })
        .on('error', reject)
        .end();
    });
  /** The files of nginx's cache: one per key kept. */
  const cached = (): string[] => {
    const files: string[] = [];
    const walk = (folder: string) => {
      for (const entry of readdirSync(folder)) {
        const file = path.join(folder, entry);
        if (statSync(file).isDirectory()) walk(file);
        else files.push(file);
      }
    };
    walk(path.join(dir, 'cache'));
    return files;
  };

  beforeAll(async () => {
    mkdirSync(mediaDir);
    const bytes = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a7' } })
      .jpeg()
      .toBuffer();
    name = mediaName('photo', 'jpeg', bytes);
    writeFileSync(path.join(mediaDir, name), bytes);
    server = await startServer({ mediaDir });
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    // nginx's workers run as an unprivileged user: they write the cache and temp folders.
    chmodSync(dir, 0o755);
    for (const sub of ['cache', 'tmp']) {
      mkdirSync(path.join(dir, sub));
      chmodSync(path.join(dir, sub), 0o777);
    }
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(REPO, dir, LISTEN_PORT, [Number(new URL(address).port)]));
    const check = spawnSync(NGINX!, ['-t', '-c', conf, '-p', dir], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx -t refused deploy/nginx.conf:\n${check.stderr}`);
    nginx = spawn(NGINX!, ['-c', conf, '-p', dir, '-g', 'daemon off;'], { stdio: 'ignore' });
    await answers(`http://127.0.0.1:${LISTEN_PORT}/api/v1/health`, 10_000);
  });
  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx?.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await exited;
    }
    await server?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps one copy of a variant, refuses a query and a width written otherwise', async () => {
    const variant = `/content-media/${name}/640.webp`;
    expect(await get(variant)).toEqual({ status: 200, cache: 'MISS' });
    expect(await get(variant)).toEqual({ status: 200, cache: 'HIT' });
    const kept = cached().length;
    expect(kept).toBe(1);

    // Refused by nginx itself: never asks an instance, never kept.
    expect((await get(`${variant}?x`)).status).toBe(404);
    expect((await get(`${variant}?v=${'9'.repeat(20)}`)).status).toBe(404);
    expect((await get(`/content-media/${name}?x`)).status).toBe(404);
    // The instance's 404 (no-store): nothing kept.
    for (const width of ['0640', '00640', '641']) expect((await get(`/content-media/${name}/${width}.webp`)).status).toBe(404);
    // An empty query passes nginx, but the key is the path alone: the copy already kept answers.
    expect(await get(`${variant}?`)).toEqual({ status: 200, cache: 'HIT' });
    expect(cached()).toHaveLength(kept);
  });
});
