import useSWR, { unstable_serialize } from 'swr';
import { sources } from '../generated/api';
import { fillPath, fillSiteText } from '../lib/site';
import { getJson, type Query } from './client';
import type { RouteParams } from '../lib/route-params';
import { queryParam } from '../../domain/paths';

/**
 * Content sources: the catalogue in schemas/api/sources.json (generated into `sources`) says for each
 * GET path what it returns. Every shape is normalised to a list so that the engine binds a section
 * to a source the same way whatever the endpoint's envelope.
 */
type Shape = 'list' | 'single' | 'nested';
interface SourceEntry {
  item: string;
  shape?: Shape;
  query?: readonly string[];
}

const catalogue = sources as Readonly<Record<string, SourceEntry>>;

function findSource(name: string): SourceEntry | undefined {
  if (catalogue[name]) return catalogue[name];
  const wanted = fillSiteText(name);
  return Object.entries(catalogue).find(([key]) => fillSiteText(key) === wanted)?.[1];
}

function unwrap(shape: Shape | undefined, body: unknown): unknown[] {
  const data = (body as { data?: unknown } | null)?.data;
  const value = shape === 'nested' ? (data as { data?: unknown } | null)?.data : data;
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

async function getSource(name: string, params: RouteParams = {}, query?: Query) {
  const entry = findSource(name);
  const body = await getJson<unknown>(fillPath(name, params), query);
  return unwrap(entry?.shape, body);
}

/** One request for a content source, as a section or block makes it (see useSource). */
export interface SourceRequest {
  name: string;
  params?: RouteParams;
  query?: Query;
}

/** Loads a source as useSource does: the list, sorted by precedence. */
export async function loadSource<T = unknown>({ name, params = {}, query }: SourceRequest): Promise<T[]> {
  return byPrecedence((await getSource(name, params, query)) as T[]);
}

/** The SWR cache key of a source request, serialised: the key of the data the server hands over. */
export function sourceCacheKey({ name, params = {}, query }: SourceRequest): string {
  return unstable_serialize(sourceKey(name, params, query));
}

/** Orders content as the spec shows it: ascending precedence (items without one keep their order). */
export function byPrecedence<T>(items: readonly T[]): T[] {
  const rank = (item: T) => {
    const p = (item as { precedence?: unknown }).precedence;
    return typeof p === 'number' ? p : Number.POSITIVE_INFINITY;
  };
  return items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => rank(a.item) - rank(b.item) || a.index - b.index)
    .map(({ item }) => item);
}

/**
 * A source's query with its values filled (a section's `query`, or a block's own source): a value
 * ':<param>' is that route param, e.g. the page owner's ':reseller_id'; '{short}' and '{product}'
 * are substituted. A param the route lacks leaves the key out rather than sending the placeholder.
 */
export function fillQuery(query: Readonly<Record<string, string>> | undefined, params: RouteParams): Query | undefined {
  if (!query) return undefined;
  return Object.fromEntries(
    Object.entries(query).map(([key, value]) => {
      const param = queryParam(value);
      return [key, param === undefined ? fillSiteText(value) : params[param]];
    }),
  );
}

function sourceKey(name: string, params: RouteParams, query?: Query) {
  return [fillPath(name, params), JSON.stringify(query ?? {})] as const;
}

/** SWR hook over a content source: `data` is the list (sorted by precedence), `error` an ApiError. */
export function useSource<T = unknown>(name: string | undefined, params: RouteParams = {}, query?: Query) {
  return useSWR<T[]>(name ? sourceKey(name, params, query) : null, () => loadSource<T>({ name: name as string, params, query }));
}
