import type { PageConfig } from '../generated/config';
import type { BlockSection } from '../generated/sections';
import { ApiError } from '../api/client';
import { fillQuery, loadSource, sourceCacheKey, type SourceRequest } from '../api/sources';
import { logError } from '../lib/log';
import { ownerId } from './owner';
import type { BlockSourceRequest } from '../blocks/types';
import { blockProps, isBlockType, loadedBlock } from './registry';
import type { RouteParams } from '../lib/route-params';

/** A page's params as its sections see them: the route's, over the page's configured defaults. */
export function pageParams(page: PageConfig, params: RouteParams): Record<string, string> {
  const merged: Record<string, string> = { ...page.params };
  for (const [key, value] of Object.entries(params)) if (value !== undefined) merged[key] = value;
  return merged;
}

/** What the server loaded for a page before rendering it. */
export interface PageData {
  /** Loaded lists by SWR key (see sourceCacheKey): the page renders with them and the browser does not fetch them again. */
  fallback: Record<string, unknown>;
  /** The page's owner (reseller, merchant, promotion) is unknown: the answer is the not-found page. */
  notFound: boolean;
  /** Requests that failed (logged): their sections render as they do in the browser when a load fails. */
  failed: string[];
  /** Route params that differ from the address's, from the blocks' `canonicalParams`: the page's right address has them. */
  canonicalParams?: Record<string, string>;
}

/**
 * The requests a section declares: its bound source (required when the block says the section is about
 * its first item: `itemRequired`), and what its block loads itself (the block's `sources`).
 */
function sectionRequests(section: BlockSection, params: RouteParams, search: URLSearchParams): BlockSourceRequest[] {
  if (!isBlockType(section.type)) return [];
  const requests: BlockSourceRequest[] = [];
  const module = loadedBlock(section.type);
  const props = module && blockProps(module, section.props);
  if (section.source) {
    const required = module?.block?.itemRequired && props ? module.block.itemRequired(props) : false;
    requests.push({ name: section.source, params, query: fillQuery(section.query, params), required });
  }
  if (module?.block?.sources && props) requests.push(...module.block.sources(props, params, search));
  return requests;
}

/**
 * Loads all a page's data at once, from what the config declares: first the page's owner (its id is a
 * param of the other requests), then, in parallel, every section's source, what its block declares,
 * and the footer's contacts. One failed request is logged and leaves its key out; the page still
 * renders. The page's block chunks must be loaded (loadPage) before, so that blocks' `sources` are known.
 */
export async function loadPageData(
  page: PageConfig,
  routeParams: RouteParams,
  options: { footer: boolean; search?: URLSearchParams },
): Promise<PageData> {
  const search = options.search ?? new URLSearchParams();
  const data: PageData = { fallback: {}, notFound: false, failed: [] };
  const load = async (request: SourceRequest): Promise<unknown[] | undefined> => {
    const key = sourceCacheKey(request);
    if (key in data.fallback) return data.fallback[key] as unknown[];
    try {
      const items = await loadSource(request);
      data.fallback[key] = items;
      return items;
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) logError(`server data ${request.name}`, error);
      data.failed.push(key);
      if (error instanceof ApiError && error.status === 404) return [];
      return undefined;
    }
  };

  let params: RouteParams = pageParams(page, routeParams);
  const footer = options.footer ? load({ name: 'footers' }) : Promise.resolve();
  if (page.owner) {
    const owner = await load({ name: page.owner.source, params });
    const id = owner && ownerId(owner[0]);
    if (id === undefined) {
      // No record (a 404 or an empty answer) means an unknown slug; a failed load renders as in the browser.
      data.notFound = owner !== undefined;
      await footer;
      return data;
    }
    params = { ...params, [page.owner.param]: id };
  }
  const requests = (page.sections ?? []).flatMap((section) => sectionRequests(section, params, search));
  const lists = await Promise.all(requests.map(load));
  // A record the page is about (an article by its id) that does not exist makes the page a not-found.
  if (requests.some((request, i) => request.required && lists[i]?.length === 0)) data.notFound = true;
  else data.canonicalParams = canonicalParams(page.sections ?? [], params, search, data.fallback);
  await footer;
  return data;
}

/** What the blocks' `canonicalParams` say the route params should be (given what they loaded), where that differs from `params`. */
function canonicalParams(
  sections: readonly BlockSection[],
  params: RouteParams,
  search: URLSearchParams,
  loaded: PageData['fallback'],
): Record<string, string> | undefined {
  const differing: Record<string, string> = {};
  for (const section of sections) {
    const module = isBlockType(section.type) ? loadedBlock(section.type) : undefined;
    const hooks = module?.block;
    if (!module || !hooks?.canonicalParams) continue;
    const props = blockProps(module, section.props);
    const own = (hooks.sources?.(props, params, search) ?? []).map((request) => loaded[sourceCacheKey(request)] as unknown[] | undefined);
    const wanted = hooks.canonicalParams(props, params, own) ?? {};
    for (const [key, value] of Object.entries(wanted)) if (value !== params[key]) differing[key] = value;
  }
  return Object.keys(differing).length > 0 ? differing : undefined;
}
