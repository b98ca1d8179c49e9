import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import { labelRoute, PAGE_ROUTE } from './metrics';
import { ROOT_DIR } from './root';
import type { PageRenderer } from './render';

/** The demo images the seed data refers to ("/content-images/<file>.svg"). */
export const CONTENT_IMAGES_DIR = join(ROOT_DIR, 'server', 'assets', 'images');
const CONTENT_IMAGES_PREFIX = '/content-images/';

const LONG_CACHE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const NO_STORE = 'no-store';

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
    // The build writes each script and style also Brotli- and gzip-compressed at their highest levels
    // (scripts/lib/vite-precompress.ts): a browser that accepts one gets that file as it is.
    preCompressed: true,
    allowedPath: (path) => path !== '/' && path !== '/index.html' && !path.split('/').some((segment) => segment.startsWith('.')),
    setHeaders: (reply, path) => reply.header('cache-control', path.startsWith(assetsDir) ? LONG_CACHE : NO_CACHE),
  });
}

/** The last path segment ends in a file extension ('/logo.svg', '/robots.txt', '/assets/x.js'). */
const FILE_PATH = /\.[A-Za-z0-9]{1,12}$/;

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * True when `path` may be a page of the site: outside /api/ and the asset folders, and its last
 * segment has no file extension. Which pages exist is the renderer's business (unknown ones get the
 * not-found page).
 */
function isPagePath(path: string): boolean {
  if (isApiPath(path) || path.startsWith('/assets/') || path.startsWith(CONTENT_IMAGES_PREFIX)) return false;
  return !FILE_PATH.test(path.slice(path.lastIndexOf('/') + 1));
}

/** At most this much of an Accept header is read, and at most this many of its media ranges. */
const MAX_ACCEPT_LENGTH = 4096;
const MAX_MEDIA_RANGES = 64;
/** A media range's `type/subtype` (RFC 9110 tokens; `*` included). */
const MEDIA_TYPE = /^[a-z0-9!#$%&'*+.^_`|~-]+\/[a-z0-9!#$%&'*+.^_`|~-]+$/;

interface MediaRange {
  /** `type/subtype` in lower case ('text/html', 'image/*', '*\/*'). */
  type: string;
  /** Its weight, 0..1 (1 when absent or unreadable). */
  q: number;
}

/** The weight of a `q=` parameter's value: 0..1, or 1 when it is no number. */
function weight(value: string): number {
  const q = Number.parseFloat(value);
  return Number.isNaN(q) ? 1 : Math.min(Math.max(q, 0), 1);
}

/** One media range ('text/html;level=1;q=0.8'), or null when it names no `type/subtype`. */
function mediaRange(text: string): MediaRange | null {
  const [name, ...params] = text.split(';');
  const type = name.trim().toLowerCase();
  if (!MEDIA_TYPE.test(type)) return null;
  let q = 1;
  for (const param of params) {
    const at = param.indexOf('=');
    if (at > 0 && param.slice(0, at).trim().toLowerCase() === 'q') q = weight(param.slice(at + 1).trim());
  }
  return { type, q };
}

/**
 * The media ranges of an Accept header, read in bounded linear time: its first MAX_ACCEPT_LENGTH
 * characters split on commas, at most MAX_MEDIA_RANGES ranges; what names no `type/subtype` is skipped.
 */
function mediaRanges(accept: string): MediaRange[] {
  return accept
    .slice(0, MAX_ACCEPT_LENGTH)
    .split(',', MAX_MEDIA_RANGES)
    .map(mediaRange)
    .filter((range): range is MediaRange => range !== null);
}

/** The highest weight `ranges` give `type` by name, or undefined when they do not name it. */
function namedWeight(ranges: readonly MediaRange[], type: string): number | undefined {
  const named = ranges.filter((range) => range.type === type);
  return named.length === 0 ? undefined : Math.max(...named.map((range) => range.q));
}

/**
 * Whether a client with this Accept header takes an HTML page. HTML is acceptable when Accept is
 * absent or empty (or names no media type at all); when it lists text/html, application/xhtml+xml or
 * text/* with q>0; or when it lists only *\/* ranges, one with q>0. The most specific range decides:
 * `text/html;q=0` refuses HTML whatever else is listed. A header that names specific types none of
 * which is HTML refuses it, even with a *\/* at the end: `application/json`, `image/*`, an image
 * request's `image/avif,image/webp,*\/*;q=0.8`, axios's `application/json, text/plain, *\/*`.
 */
export function acceptsHtml(accept: string | undefined): boolean {
  const ranges = mediaRanges(accept ?? '');
  if (ranges.length === 0) return true;
  const html = namedWeight(ranges, 'text/html') ?? namedWeight(ranges, 'application/xhtml+xml') ?? namedWeight(ranges, 'text/*');
  if (html !== undefined) return html > 0;
  return ranges.every((range) => range.type === '*/*') && ranges.some((range) => range.q > 0);
}

/** Whether this Accept header asks for JSON: it names application/json or a `+json` type with q>0. */
export function acceptsJson(accept: string | undefined): boolean {
  return mediaRanges(accept ?? '').some((range) => range.q > 0 && (range.type === 'application/json' || range.type.endsWith('+json')));
}

/**
 * A 404 in the form the client asked for: JSON when its Accept names JSON, else plain text. Its body
 * depends on Accept (and at a page path another client gets the page), so it says so (`Vary: Accept`)
 * and no cache stores it (`no-store`): a shared cache that ignores Vary would otherwise serve one
 * client's 404 to the next, browsers included. A 404 costs nothing to make again.
 */
function notFound(reply: FastifyReply, accept: string | undefined): FastifyReply {
  reply.header('vary', 'Accept').header('cache-control', NO_STORE);
  if (acceptsJson(accept)) return reply.code(404).send({ message: 'Not found' });
  return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
}

/**
 * Decides what an unmatched request gets: a JSON 404 under /api/ (never the HTML page) and wherever
 * no site is built. A GET or HEAD of a page path (`isPagePath`) whose Accept takes HTML (`acceptsHtml`:
 * browsers, curl, uptime monitors, link-preview crawlers) gets the server-rendered page with its status
 * (server/render.ts; a Range header is ignored), or index.html when the build has no server bundle (the
 * client router takes over). Anything else gets a 404 in the form it asked for (`notFound`): a missing
 * file ('/favicon.ico', '/assets/old.js'), or a script's fetch of a page path.
 */
export function registerFallback(app: FastifyInstance, staticDir: string | undefined, pages: PageRenderer | null = null): void {
  const site = hasSite(staticDir);
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0].split('#')[0];
    if (!site || isApiPath(path)) return reply.code(404).send({ message: 'Not found' });
    const accept = request.headers.accept;
    const page = (request.method === 'GET' || request.method === 'HEAD') && isPagePath(path);
    // The same page path is the page or a 404 depending on Accept: a shared cache must keep them apart.
    if (page) reply.header('vary', 'Accept');
    if (!page || !acceptsHtml(accept)) return notFound(reply, accept);
    labelRoute(request, PAGE_ROUTE);
    if (pages) return pages.reply(request, reply);
    reply.header('cache-control', NO_CACHE);
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
