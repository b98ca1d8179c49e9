import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { ROOT_DIR } from './context';

/** The demo images the seed data refers to ("/content-images/<file>.svg"). */
export const CONTENT_IMAGES_DIR = join(ROOT_DIR, 'server', 'assets', 'images');
export const CONTENT_IMAGES_PREFIX = '/content-images/';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';

/** True when the built site can be served from `staticDir`. */
export function hasSite(staticDir: string | undefined): staticDir is string {
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
    index: ['index.html'],
    redirect: false,
    setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assetsDir) ? LONG_CACHE : NO_CACHE),
  });
}

/**
 * Decides what an unmatched request gets: JSON 404 under /api/ (never the HTML page), a plain 404
 * for missing static assets, and index.html (the client router takes over) for any other GET.
 */
export function registerFallback(app: FastifyInstance, staticDir: string | undefined): void {
  const site = hasSite(staticDir);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0];
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !path.startsWith('/assets/') &&
      !path.startsWith(CONTENT_IMAGES_PREFIX);
    if (site && isPage) {
      reply.header('cache-control', NO_CACHE);
      return reply.type('text/html; charset=utf-8').sendFile('index.html');
    }
    return reply.code(404).send({ message: 'Not found' });
  });
}
