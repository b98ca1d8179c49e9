/**
 * What a request for a page is cached as (cachedAs, exported by the SSR entry): the HTML cache's key,
 * the not-found page or a redirect, worked out from the path and the query parameters the page's
 * blocks read. The render (entry-server.tsx) renders a page from exactly that path and query.
 * SSR-only: it reads the render's layout (render-layout.ts, Node's AsyncLocalStorage).
 */
import { isBlockType, loadBlocks, loadedBlock } from '../engine/registry';
import { manilaYear } from '../lib/dates';
import { archiveMonths } from '../blocks/media/articles';
import { fillPath, fillSiteText, loadSections, type PageRoute } from '../lib/site';
import { matchPage } from './router';
import { BUILT, inLayout, routesOf, type RenderSections } from './render-layout';
import type { RouteParams } from '../lib/route-params';
import { fillRoute } from '../../domain/paths';

/** What a request for a page is cached as (see cachedAs). */
export type PageRequest =
  /** The HTML cache's key: what the page's HTML depends on. */
  | { key: string }
  /** The path matches no route: the not-found page (renderNotFound), the same for every such path. */
  | { notFound: true }
  /** A redirect page, or a page's path in another spelling: a 301 to this path (query kept), nothing rendered. */
  | { redirect: string };

/**
 * The values of a query parameter that its block tells apart, by block type and parameter: any other
 * value renders as the parameter's absence, so it is left out of the page's key and of the URL the page
 * renders from (one cached page for all such values, not one per value). Parameters not listed here
 * are kept whatever their value.
 */
const SEARCH_VALUES: { readonly [type: string]: { readonly [name: string]: () => readonly string[] } } = {
  // The payment result shows 'paid' or 'cancelled'; with any other status, or none, it sends the visitor on to the shop.
  paymentResult: { status: () => ['paid', 'cancelled'] },
  // The media archive shows a picked month of the years it can list ('2025-03'); anything else as no pick.
  media: { month: () => archiveMonths(manilaYear()) },
};

/**
 * The query parameters the blocks of `sections` read (their `searchParams`), each with the values that
 * count (SEARCH_VALUES; undefined: any value); their chunks must be loaded.
 */
export function readParams(sections: readonly { type: string }[]): ReadonlyMap<string, readonly string[] | undefined> {
  const read = new Map<string, readonly string[] | undefined>();
  for (const type of new Set(sections.map((section) => section.type).filter(isBlockType))) {
    for (const name of loadedBlock(type)?.block?.searchParams ?? []) {
      const values = SEARCH_VALUES[type]?.[name]?.();
      // Read by two blocks: what either tells apart counts (any value when one of them takes any).
      const before = read.has(name) ? read.get(name) : [];
      read.set(name, before === undefined || values === undefined ? undefined : [...new Set([...before, ...values])]);
    }
  }
  return read;
}

/**
 * The part of `url`'s query its blocks read (`read`): the first value of each parameter (what a block's
 * `get` sees) where it is one that counts, in a fixed order ('' when none).
 */
export function keptQuery(url: URL, read: ReadonlyMap<string, readonly string[] | undefined>): string {
  const kept = new URLSearchParams();
  for (const [name, values] of [...read].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const value = url.searchParams.get(name);
    if (value !== null && (values === undefined || values.includes(value))) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * The path of `page` with `params` as the site spells it: the route's own path from the config (its
 * letter case, its trailing slash or none) and each param percent-encoded as the site's links encode it.
 * Every spelling the router takes for the same page and params ('/ABOUT', '/abou%74', '/about/') has
 * this one path.
 */
export function ownPath(page: PageRoute, params: RouteParams): string {
  const path = fillSiteText(page.path);
  return fillRoute(path, params) ?? path;
}

/** What a path is, worked out once: a request for a cached page costs a map lookup, not a route match. */
type PathKind =
  { kind: 'not-found' } | { kind: 'redirect'; to: string } | { kind: 'page'; read: ReadonlyMap<string, readonly string[] | undefined> };
/** Per set of sections (what a path is depends on its page's blocks). */
const pathKindsOf = new WeakMap<RenderSections, Map<string, PathKind>>();
/** Paths remembered at most (the oldest goes first), so a flood of made-up paths cannot grow it. */
const MAX_PATHS = 2_000;

async function pathKind(pathname: string, sections: RenderSections | undefined): Promise<PathKind> {
  let pathKinds = pathKindsOf.get(sections ?? BUILT);
  if (!pathKinds) pathKindsOf.set(sections ?? BUILT, (pathKinds = new Map()));
  const known = pathKinds.get(pathname);
  if (known) return known;
  const { page, params } = matchPage(routesOf(sections), pathname);
  let kind: PathKind;
  if (!page) kind = { kind: 'not-found' };
  else if (page.redirect) kind = { kind: 'redirect', to: fillPath(page.redirect, params) };
  else if (ownPath(page, params) !== pathname) kind = { kind: 'redirect', to: ownPath(page, params) };
  else {
    const sections = (await loadSections(page)).sections ?? [];
    await loadBlocks(sections.map((section) => section.type));
    kind = { kind: 'page', read: readParams(sections) };
  }
  pathKinds.set(pathname, kind);
  if (pathKinds.size > MAX_PATHS) pathKinds.delete(pathKinds.keys().next().value as string);
  return kind;
}

/** The path of `href` as the request spelt it (up to its query), not normalised by a URL parser. */
export function rawPath(href: string): string {
  const end = href.search(/[?#]/);
  return end < 0 ? href : href.slice(0, end);
}

/**
 * What the HTML of the page at `href` (path and query) depends on: its path and the query parameters
 * its blocks read (their `searchParams`, the first value of each, only the values that count: see
 * SEARCH_VALUES, in a fixed order); render renders the page from exactly that URL, so a cached copy
 * never depends on anything else. A shared link's `utm_*` or `fbclid` (unique per click) is then served
 * from the cache, as is a cache-buster. The path is taken as spelt: another spelling of a page's path
 * (letter case, percent-encoded letters, a trailing slash the route has not, or lacks one it has) is a
 * redirect to the page's own path (ownPath), as is a redirect page; either keeps the whole query.
 */
export async function cachedAs(href: string, sections?: RenderSections): Promise<PageRequest> {
  const url = new URL(href, 'http://localhost');
  const path = await inLayout(sections, () => pathKind(rawPath(href), sections));
  if (path.kind === 'not-found') return { notFound: true };
  if (path.kind === 'redirect') return { redirect: path.to + url.search };
  return { key: rawPath(href) + keptQuery(url, path.read) };
}
