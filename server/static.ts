import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ROOT_DIR } from './context';
import type { PageRenderer } from './render';

/** The demo images the seed data refers to ("/content-images/<file>.svg"). */
export const CONTENT_IMAGES_DIR = join(ROOT_DIR, 'server', 'assets', 'images');
const CONTENT_IMAGES_PREFIX = '/content-images/';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** True when the built site can be served from `staticDir`. */
function hasSite(staticDir: string | undefined): staticDir is string {
  return !!staticDir && existsSync(join(staticDir, 'index.html'));
}

/** Demo images, and the built site when `staticDir` holds one (hashed /assets/* cached for a year). */
export async function registerStatic(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  await app.register(fastifyStatic, {
    root: CONTENT_IMAGES_DIR,
    prefix: CONTENT_IMAGES_PREFIX,
    decorateReply: false,
    cacheControl: false,
    index: false,
    setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
  });

  if (!hasSite(staticDir)) return;
  const assetsDir = join(staticDir, 'assets') + sep;
  await app.register(fastifyStatic, {
    root: staticDir,
    prefix: '/',
    decorateReply: true,
    cacheControl: false,
    // Pages (the site root included) are rendered by the fallback below, not sent as index.html;
    // the build's own files (.ssr/ server bundle, .vite/ manifest) are not served.
    index: false,
    redirect: false,
    dotfiles: 'deny',
    allowedPath: (path) => path !== '/' && path !== '/index.html' && !path.split('/').some((segment) => segment.startsWith('.')),
    setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assetsDir) ? LONG_CACHE : NO_CACHE),
  });
}

/** The last path segment ends in a file extension ('/logo.svg', '/robots.txt', '/assets/x.js'). */
const FILE_PATH = /\.[A-Za-z0-9]{1,12}$/;

/**
 * True when an unmatched request is a page navigation that the client router answers: a GET or HEAD
 * outside /api/ and the asset folders, whose last path segment has no file extension and that
 * accepts HTML. Browsers send `Accept: text/html,...` on navigations and `*\/*` or image types for
 * scripts, images and fetches; a request without Accept accepts anything (RFC 9110), so it counts as
 * a navigation.
 */
function isPageNavigation(method: string, url: string, accept: string | undefined): boolean {
  const path = url.split('?')[0].split('#')[0];
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/assets/') || path.startsWith(CONTENT_IMAGES_PREFIX)) return false;
  if (FILE_PATH.test(path.slice(path.lastIndexOf('/') + 1))) return false;
  return accept === undefined || accept.toLowerCase().includes('text/html');
}

/**
 * Decides what an unmatched request gets: a JSON 404 under /api/ (never the HTML page) and wherever
 * no site is built; for a page navigation (`isPageNavigation`) the server-rendered page (server/render.ts),
 * or index.html when the build has no server bundle (the client router takes over); a plain-text 404 for anything else, such as a missing file
 * ('/favicon.ico', '/assets/old.js') or a script's fetch of an unknown path.
 */
export function registerFallback(app: FastifyInstance, staticDir: string | undefined, pages: PageRenderer | null = null): void {
  const site = hasSite(staticDir);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    if (!site || path === '/api' || path.startsWith('/api/')) return reply.code(404).send({ message: 'Not found' });
    if (isPageNavigation(request.method, request.url, request.headers.accept)) {
      if (pages) return pages.reply(request, reply);
      reply.header('cache-control', NO_CACHE);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
  });
}
