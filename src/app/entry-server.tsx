/**
 * Server rendering (built by `vite build --ssr` into <dist>/.ssr/, loaded by server/render.ts).
 * Given a URL, it finds the page in the config, loads the page's code and all its data at once (the
 * sections declare their sources), renders the page with Fluent's styles, and says what the HTML
 * head carries. The browser (main.tsx) hydrates the same tree with the same data.
 */
import type { Writable } from 'node:stream';
import { JSDOM } from 'jsdom';
import { renderToPipeableStream, renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { createDOMRenderer, RendererProvider, renderToStyleElements } from '@fluentui/react-components';
import { configureApi } from '../api/client';
import { hydrateKind, loadPage, sectionForms, sectionRedirect } from '../engine/registry';
import { loadPageData, type PageData } from '../engine/page-data';
import { setRichTextWindow } from '../lib/RichText';
import { fillPath, fillSiteText, loadSections, pages, type ChangedSections, type PageRoute } from '../lib/site';
import type { PageConfig } from '../generated/config';
import { AppProviders } from './AppProviders';
import { pageHead, type HeadTags } from './head';
import { ImagePreloads, type ImagePreload } from '../lib/image-preload';
import { AppRoutes, loadRoute, matchPage } from './router';
import type { RouteObject } from 'react-router';
import { hasSections, inLayout, routesOf, type RenderSections } from './render-layout';
import type { ChangedForm } from '../forms/changed-forms';
import { handedForms, inForms, type RenderForms } from './render-forms';
import { keptQuery, ownPath, rawPath, readParams } from './page-request';

export type { HeadTags };
export { headHtml } from './head';
export { BUILT_API_ORIGIN } from '../api/client';
export { builtLayout } from './render-layout';
export { cachedAs, type PageRequest } from './page-request';

/** What the browser reads before it hydrates (the JSON in <script id="page-data">). */
export interface HandedOver {
  fallback: PageData['fallback'];
  /** The server answered with the not-found page: the browser shows /404 as the client router does. */
  notFound: boolean;
  /** The sections of the pages the live content release changes, by key (absent when it changes none): see site.ts. */
  sections?: ChangedSections;
  /** The forms the live content release changes, by name (absent when it changes none): forms/changed-forms.ts. */
  forms?: Record<string, ChangedForm>;
}

export interface RenderOptions {
  /** The site's public origin (canonical and Open Graph URLs). */
  publicUrl: string;
  /** The API origin the server loads content from (the reference server's own, or an external API). */
  apiBaseUrl: string;
  /** How to reach it; the reference server answers in process. */
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /**
   * The sections that replace the build's in this render, by page key: those a content release or a
   * draft changes (never the route table or the settings, which are the build's). None: the build's.
   */
  sections?: RenderSections;
  /**
   * The forms that replace the build's in this render, by name: the live release's changed ones, each
   * a ChangedForm with its `loaded` form and validator (forms/changed-forms.ts). None: the build's.
   */
  forms?: RenderForms;
}

/** A rendered page (see render and renderNotFound). */
export interface PageResult {
  kind: 'page';
  status: 200 | 404;
  head: HeadTags;
  /** Griffel's style elements for everything the page rendered. */
  styles: string;
  data: HandedOver;
  /** The block types of the page (the server inlines their styles). */
  blocks: string[];
  /** Those that run in the browser (not `x-hydrate: never`): the server preloads their chunks. */
  scriptBlocks: string[];
  /** The forms those show (block hook `forms`): the server preloads their chunks too. */
  forms: string[];
  /** The page's key in the route table (the server preloads its sections' chunk). */
  pageKey: string;
  /** Data requests that failed (logged): such a page is not cached. */
  failed: number;
  /** Writes the rendered app (the inside of #root) to a stream. */
  pipe: (destination: Writable) => void;
}

export type RenderResult = { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'not-found' } | PageResult;

// Content HTML is sanitised on the server by the browser's rules, with jsdom as the DOM.
setRichTextWindow(new JSDOM('').window as unknown as Parameters<typeof setRichTextWindow>[0]);

const notFoundPage = pages.find((page) => fillSiteText(page.path) === '/404');

async function renderApp(routes: RouteObject[], url: URL, data: PageData, onError: (error: unknown) => void) {
  // The route's code is in before React renders (render loaded it): nothing suspends on it.
  await loadRoute(routes, url.pathname, true);
  const renderer = createDOMRenderer();
  // The page's LCP image, for the head to preload (ContentImage adds it).
  const preloadImages: ImagePreload[] = [];
  const app = (
    // Collects the styles of the page's Fluent components (FluentScope) for the head.
    <ImagePreloads.Provider value={preloadImages}>
      <RendererProvider renderer={renderer}>
        <AppProviders fallback={data.fallback}>
          <StaticRouter location={url.pathname + url.search}>
            <AppRoutes routes={routes} />
          </StaticRouter>
        </AppProviders>
      </RendererProvider>
    </ImagePreloads.Provider>
  );
  return new Promise<{ pipe: (destination: Writable) => void; styles: () => string; preloadImages: ImagePreload[] }>((resolve, reject) => {
    const stream = renderToPipeableStream(app, {
      // Everything (lazy blocks, their data) is in before the first byte: crawlers and browsers without
      // JavaScript get the whole page, and the styles of all of it go in the head.
      // Every section's boundary stays in place in the HTML, however large: React would otherwise
      // move big ones out and reveal them with inline scripts (which the CSP refuses).
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () =>
        resolve({ pipe: stream.pipe, styles: () => renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>), preloadImages }),
      onShellError: reject,
      onError,
    });
  });
}

/** Renders the page at `href` (path and query) to HTML, or says where it redirects or that it is not found. */
export function render(href: string, options: RenderOptions): Promise<RenderResult> {
  return inLayout(options.sections, () => inForms(options.forms, () => renderAt(href, options)));
}

async function renderAt(href: string, options: RenderOptions): Promise<RenderResult> {
  configureApi({ baseUrl: options.apiBaseUrl, fetch: options.fetch });
  const url = new URL(href, options.publicUrl);
  const pathname = rawPath(href);
  const { page, params } = matchPage(routesOf(options.sections), pathname);
  if (!page) return { kind: 'not-found' };

  if (page.redirect) return { kind: 'redirect', status: 301, location: fillPath(page.redirect, params) + url.search };
  // Another spelling of the page's path (see cachedAs): on to its own.
  if (ownPath(page, params) !== pathname) return { kind: 'redirect', status: 301, location: ownPath(page, params) + url.search };

  const full = await loadSections(page);
  await loadPage(full.sections ?? []);
  // A section with nothing to show at this address (a payment result without a status): on, for now.
  for (const section of full.sections ?? []) {
    const away = sectionRedirect(section, url.searchParams);
    if (away !== undefined) return { kind: 'redirect', status: 302, location: away };
  }
  // Rendered from the path and the query the page reads only (what the HTML cache keys it on: cachedAs).
  const renderUrl = new URL(pathname + keptQuery(url, readParams(full.sections ?? [])), options.publicUrl);
  const data = await loadPageData(full, params, { footer: full.layout?.footer !== false, search: renderUrl.searchParams });
  // An unknown slug or article id: the not-found page, the same for every such address (renderNotFound).
  if (data.notFound) return { kind: 'not-found' };
  // Reached under other params than its own (an article under a mistyped title): on to its address.
  if (data.canonicalParams)
    return { kind: 'redirect', status: 301, location: ownPath(page, { ...params, ...data.canonicalParams }) + url.search };
  return renderPage(page, full, renderUrl, data, options, (error) => console.error('[ssr]', pathname, error));
}

/**
 * The not-found page as every unknown path, slug or article id gets it: status 404, no canonical, and
 * the browser told to show /404 in its address bar. One HTML for all of them, so the server renders it
 * once per cache time.
 */
export function renderNotFound(options: RenderOptions): Promise<PageResult> {
  return inLayout(options.sections, () => inForms(options.forms, () => renderNotFoundPage(options)));
}

async function renderNotFoundPage(options: RenderOptions): Promise<PageResult> {
  configureApi({ baseUrl: options.apiBaseUrl, fetch: options.fetch });
  if (!notFoundPage) throw new Error('pages.config.json has no page at /404');
  const full = await loadSections(notFoundPage);
  await loadPage(full.sections ?? []);
  const data = { ...(await loadPageData(full, {}, { footer: full.layout?.footer !== false })), notFound: true };
  return renderPage(notFoundPage, full, new URL('/404', options.publicUrl), data, options, (error) =>
    console.error('[ssr] not-found page', error),
  );
}

const withForms = (forms: Record<string, ChangedForm> | undefined) => (forms ? { forms } : {});

/** Renders `page` (its sections in `full`) at `url` with its data. */
async function renderPage(
  page: PageRoute,
  full: PageConfig,
  url: URL,
  data: PageData,
  options: RenderOptions,
  onError: (error: unknown) => void,
): Promise<PageResult> {
  const rendered = await renderApp(routesOf(options.sections), url, data, onError);
  const notFound = data.notFound || page.key === notFoundPage?.key;
  const blocks = [...new Set((full.sections ?? []).map((section) => section.type))];
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    head: {
      ...pageHead(full, { publicUrl: options.publicUrl, pathname: url.pathname, canonical: !notFound }),
      preloadImages: rendered.preloadImages,
    },
    styles: rendered.styles(),
    // The changed sections and forms go to the browser too (site.ts, definitions.ts), only when there are any.
    data: {
      fallback: data.fallback,
      notFound: data.notFound,
      ...(hasSections(options.sections) ? { sections: options.sections } : {}),
      ...withForms(handedForms(options.forms)),
    },
    blocks,
    scriptBlocks: blocks.filter((type) => hydrateKind(type) !== 'never'),
    forms: [...new Set((full.sections ?? []).filter((section) => hydrateKind(section.type) !== 'never').flatMap(sectionForms))],
    pageKey: page.key,
    failed: data.failed.length,
    pipe: rendered.pipe,
  };
}
