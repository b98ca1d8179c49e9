import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { cacheControl, createPageCache, type CachedPage, type PageCache } from './page-cache';
import { pageFrame } from './page-frame';
import { streamPage } from './page-stream';
import { scopedFetch } from './preview/fetch-scope';
import { createLayouts, releaseSections } from './release-layout';
import type { SsrEntry, SsrPage, SsrRenderOptions, SsrResult } from './ssr-entry';
import { PRIVATE_BLOCKS } from './seo';
import { createRenderAdmission, nextTurn } from './render-admission';
import { inProcessFetch } from './in-process-fetch';

/**
 * Server rendering of the site's pages: the reference server answers a page navigation with the
 * page's HTML, content included, rendered by the site's own code (the `vite build --ssr` bundle in
 * <staticDir>/.ssr/, whose contract is SsrEntry in ssr-entry.ts). The page's data is loaded in process (or
 * from the external API the site was built for) and handed to the browser, which hydrates.
 * Rendered pages are kept for HTML_CACHE_SECONDS per path and the query parameters the page reads.
 * Rendering is bounded per client (PAGE_RENDER_LIMIT a minute) and on the whole server
 * (RENDER_CONCURRENCY at once, a short queue, then 503); the cache answers without either.
 */

export interface RenderSettings {
  publicUrl: string;
  /** The content release live at the start (server/content/release-watch.ts); its pages are cached apart. */
  release: number;
  /** Seconds a rendered page is reused for the same URL (0: no cache). */
  cacheSeconds: number;
  /** Most pages kept (the oldest goes first). */
  cacheEntries?: number;
  /** Time-out of a content request to an external API (ms). */
  apiTimeoutMs?: number;
  /** Seconds past its time a cached page is still served while it is rendered again (default 60; 0: never). */
  staleSeconds?: number;
  /** Pages rendered (not from the cache) per minute per client, then 429 (0: no limit); see render-budget.ts. */
  rendersPerMinute: number;
  /** Pages rendered at once on the whole server, then a short queue, then 503 (0: no limit); see render-budget.ts. */
  concurrentRenders: number;
  /** The changed forms of the live release (read when a release is shown: server/forms/release-forms.ts). */
  forms?: () => Readonly<Record<string, unknown>> | undefined;
}

/** Default of HTML_CACHE_SECONDS: content changes show within this time. */
export const DEFAULT_HTML_CACHE_SECONDS = 10;
const DEFAULT_CACHE_ENTRIES = 500;
/** How long a background render may hold its claim on a page (a crashed instance's claim ends). */
const REFRESH_CLAIM_MS = 30_000;
/**
 * How long past its time a cached page is still served (once per request that finds it so) while a new
 * copy renders: a short outage of an external API keeps the last good page for this long.
 */
const DEFAULT_STALE_SECONDS = 60;
/** Resolves on the event loop's next turn, after the I/O at hand (setImmediate). */

/** The cache key of the not-found page (a request's URL always starts with '/'). */
const NOT_FOUND_KEY = 'not found';

export interface PageRenderer {
  /** Answers a page navigation with the rendered page (or its redirect). */
  reply: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;
  /** Drops every cached page (content changed). */
  invalidate: () => Promise<void>;
  /**
   * Serves the pages of content release `release` from now on, with its layout (release-layout.ts,
   * read from the database first): the pages cached for an older one are never served again (this
   * process drops its own copies; Redis lets them expire). Its changed forms (settings.forms) are
   * read at the same moment.
   */
  showRelease: (release: number) => Promise<void>;
  /** Pages in the cache (tests). */
  cached: () => number;
}

/**
 * The page renderer of a built site, or null when <staticDir>/.ssr/entry-server.js is missing (a
 * client-only build, e.g. `vite build` alone): the server then sends index.html as before.
 */
export async function createPageRenderer(app: FastifyInstance, staticDir: string, settings: RenderSettings): Promise<PageRenderer | null> {
  const entryPath = join(staticDir, '.ssr', 'entry-server.js');
  if (!existsSync(entryPath)) return null;
  const entry = (await import(pathToFileURL(entryPath).href)) as SsrEntry;
  const frame = pageFrame(staticDir);
  const staleMs = (settings.staleSeconds ?? DEFAULT_STALE_SECONDS) * 1000;
  // One namespace per build: instances of two releases (a rolling deploy) never share pages.
  const build = createHash('sha1')
    .update(readFileSync(join(staticDir, 'index.html')))
    .digest('hex')
    .slice(0, 12);
  // And one per content release: once this instance knows of a new release (showRelease), no page
  // of an older one is served, fresh or stale. A render under way keeps the cache it started with.
  const cacheOf = (release: number) =>
    createPageCache({
      shared: app.ctx.shared,
      namespace: `${build}:r${release}`,
      maxEntries: settings.cacheEntries ?? DEFAULT_CACHE_ENTRIES,
      staleMs,
    });
  const apiTimeoutMs = settings.apiTimeoutMs ?? 5_000;
  const { metrics } = app.ctx;
  /** Every render, of a page or the not-found page, foreground or background, counted as it starts. */
  const rendered = <T>(render: Promise<T>): Promise<T> => {
    metrics.pagesRendered.inc();
    return render;
  };
  const { overBudget, slot, tryEnter } = createRenderAdmission(app, settings);

  // Content comes from the API the site was built for; by default that is this server, asked in process.
  const external = entry.BUILT_API_ORIGIN !== '';
  const base: SsrRenderOptions = external
    ? {
        publicUrl: settings.publicUrl,
        apiBaseUrl: entry.BUILT_API_ORIGIN,
        fetch: (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(apiTimeoutMs) }),
      }
    : {
        publicUrl: settings.publicUrl,
        apiBaseUrl: settings.publicUrl,
        // A preview's render (server/preview/) asks its draft's API instead: fetch-scope.ts.
        fetch: scopedFetch(inProcessFetch(app)),
      };

  // A release's layout (its sections) and its cache change together: no page of a release is
  // rendered with another's sections, nor cached under another's name.
  const layouts = entry.builtLayout ? createLayouts(await entry.builtLayout()) : null;
  const optionsOf = async (release: number): Promise<SsrRenderOptions> => {
    const sections = await releaseSections(app.ctx.db.query, layouts, release, app.log);
    // Its changed forms (server/forms/release-forms.ts, switched just before) go with it too.
    const forms = settings.forms?.();
    return { ...base, sections, ...(forms ? { forms } : {}) };
  };
  const servedOf = async (release: number) => ({
    cache: cacheOf(release),
    options: await optionsOf(release),
  });
  let served = await servedOf(settings.release);

  function remember(pages: PageCache, key: string, page: CachedPage) {
    if (settings.cacheSeconds <= 0) return;
    pages.set(key, page).catch((error: unknown) => app.log.error({ err: error, key }, 'page cache: could not keep a page'));
  }

  function send(reply: FastifyReply, page: { status: number; private?: boolean }, html: string | PassThrough) {
    return reply
      .code(page.status)
      .header('cache-control', cacheControl(page.status, page.private === true, settings.cacheSeconds, staleMs))
      .type('text/html; charset=utf-8')
      .send(html);
  }

  function redirect(reply: FastifyReply, location: string, status: 301 | 302 = 301) {
    return reply.code(status).header('cache-control', 'no-cache').redirect(location, status);
  }

  /**
   * Answers from the cache when it holds the page: fresh, or up to `staleSeconds` past its time while
   * `produce` renders it again in the background (stale-while-revalidate: no visitor waits for a render
   * of a cached page, and a page expiring under load is rendered once, not once per waiting request).
   * False when the cache cannot answer.
   */
  async function fromCache(pages: PageCache, reply: FastifyReply, key: string, produce: () => Promise<SsrResult>): Promise<boolean> {
    if (settings.cacheSeconds <= 0) return false;
    const hit = await pages.get(key);
    if (!hit) return false;
    const now = Date.now();
    const fresh = hit.expires > now;
    if (!fresh && hit.expires + staleMs <= now) return false;
    reply.header('x-render-cache', fresh ? 'hit' : 'stale');
    metrics.pagesCache.inc({ result: fresh ? 'hit' : 'stale' });
    send(reply, hit, hit.html);
    if (!fresh) refresh(pages, key, produce);
    return true;
  }

  /**
   * The not-found page, rendered once per cache time for every unknown path, slug and article id.
   * `inSlot`: the request has been counted and holds a render slot already (its page turned out unknown).
   */
  async function notFound(
    { cache: pages, options }: typeof served,
    request: FastifyRequest,
    reply: FastifyReply,
    { inSlot = false } = {},
  ): Promise<FastifyReply> {
    if (await fromCache(pages, reply, NOT_FOUND_KEY, () => rendered(entry.renderNotFound(options)))) return reply;
    if (inSlot) {
      write(pages, NOT_FOUND_KEY, await rendered(entry.renderNotFound(options)), reply);
      return reply;
    }
    if (await overBudget(request, reply)) return reply;
    const release = await slot(reply);
    if (!release) return reply;
    try {
      // Rendered meanwhile by a request that held a slot before this one.
      if (!(await fromCache(pages, reply, NOT_FOUND_KEY, () => rendered(entry.renderNotFound(options)))))
        write(pages, NOT_FOUND_KEY, await rendered(entry.renderNotFound(options)), reply);
      return reply;
    } finally {
      release();
    }
  }

  /**
   * Writes a rendered page into the template, streamed to `reply` when there is one (a background
   * render has none); a copy is cached under `key` unless a data request failed.
   */
  function write(pages: PageCache, key: string, result: SsrPage, reply?: FastifyReply): void {
    const head = entry.headHtml(result.head);
    // The not-found page runs its script for the address it shows (/404), whatever its blocks.
    const scripted = result.scriptBlocks.length > 0 || result.data.notFound;
    const isPrivate = result.blocks.some((block) => PRIVATE_BLOCKS.has(block));

    // The page streams out as React writes it; a copy is kept for the cache unless a request failed.
    const { destination, body } = streamPage(
      frame(result, head, scripted),
      (html) => {
        if (result.failed === 0) {
          remember(pages, key, { status: result.status, html, expires: Date.now() + settings.cacheSeconds * 1000, private: isPrivate });
        }
      },
      reply !== undefined,
    );
    if (reply && body) {
      reply.header('x-render-cache', 'miss');
      send(reply, { status: result.status, private: isPrivate }, body);
    }
    result.pipe(destination);
  }

  /**
   * Renders the page of `key` again in the background (once at a time per key) while its stale copy is
   * served. What is no longer a page (the content changed: a redirect, not found) leaves the cache, so
   * the next request takes the usual way. It takes a render slot like any render, but only a free one:
   * with every slot busy it is not started, and a later request that finds the stale copy tries again.
   */
  function refresh(pages: PageCache, key: string, produce: () => Promise<SsrResult>): void {
    const release = tryEnter();
    if (!release) return;
    // One render per page across every instance that shares the cache (page-cache.ts).
    pages
      .claim(key, REFRESH_CLAIM_MS)
      .then(async (claimed) => {
        if (!claimed) return;
        try {
          // Another render may have written the page between this request's read of the stale copy and
          // the claim (its claim already released): then it is fresh and needs no second render.
          const current = await pages.get(key);
          if (current && current.expires > Date.now()) return;
          await nextTurn();
          const result = await produce();
          if (result.kind === 'page') write(pages, key, result);
          else await pages.delete(key);
        } finally {
          await pages.release(key);
        }
      })
      .catch((error: unknown) => app.log.error({ err: error, key }, 'page render in the background failed'))
      .finally(release);
  }

  return {
    invalidate: () => served.cache.clear(),
    cached: () => served.cache.localSize(),
    async showRelease(release) {
      served = await servedOf(release);
    },
    async reply(request, reply) {
      // The cache and layout of the release live when the request came: the whole answer, and any render it starts, keep to them.
      const now = served;
      const { cache: pages, options } = now;
      // Keyed on what the page depends on (its path and the query parameters its blocks read), not the
      // raw URL: a campaign's utm_* or a click id, or any other parameter, is served from the cache.
      const target = await entry.cachedAs(request.url, options.sections);
      // A redirect page, or another spelling of a page's path ('/ABOUT'): on to the page's own, unrendered.
      if ('redirect' in target) return redirect(reply, target.redirect);
      if ('notFound' in target) return notFound(now, request, reply);
      const produce = () => rendered(entry.render(request.url, options));
      if (await fromCache(pages, reply, target.key, produce)) return reply;
      if (await overBudget(request, reply)) return reply;
      const release = await slot(reply);
      if (!release) return reply;
      try {
        // Rendered meanwhile by a request that held a slot before this one.
        if (await fromCache(pages, reply, target.key, produce)) return reply;
        const result = await produce();
        if (result.kind === 'redirect') return redirect(reply, result.location, result.status);
        // An unknown slug or article id: the not-found page every unknown address shares.
        if (result.kind === 'not-found') return await notFound(now, request, reply, { inSlot: true });
        write(pages, target.key, result, reply);
        return reply;
      } finally {
        release();
      }
    },
  };
}
