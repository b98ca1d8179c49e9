import { AsyncLocalStorage } from 'node:async_hooks';
import type { RouteObject } from 'react-router';
import { blockTypes } from '../engine/registry';
import { loadSections, pages, setChangedSections, site, type ChangedSections, type PageRoute } from '../lib/site';
import { buildRoutes } from './router';

/**
 * The sections of the server render under way: the build's, or a set that replaces some of them (a
 * content release's or a draft's: RenderOptions.sections, ChangedSections in lib/site.ts), scoped to
 * the render and all it awaits. A preview renders a draft's beside the public pages in this process,
 * and neither sees the other's.
 */
const layoutScope = new AsyncLocalStorage<ChangedSections>();
setChangedSections(() => layoutScope.getStore());
/**
 * Sections by page key as the server gives them for a render: lists of sections of block types the
 * build has (server/release-layout.ts checks that much), for the pages whose sections differ.
 */
export type RenderSections = Readonly<Record<string, unknown>>;

/** The store of a render with the build's own sections. */
export const BUILT: ChangedSections = {};
export const inLayout = <T>(sections: RenderSections | undefined, work: () => Promise<T>): Promise<T> =>
  layoutScope.run((sections ?? BUILT) as ChangedSections, work);

/** A route table per set of sections: a page route loads its sections once, so a table holds one set. */
const tables = new WeakMap<RenderSections, RouteObject[]>();
export function routesOf(sections: RenderSections | undefined): RouteObject[] {
  const key = sections ?? BUILT;
  let table = tables.get(key);
  if (!table) tables.set(key, (table = buildRoutes()));
  return table;
}

/**
 * The layout the build holds: the site settings, the route table and every page's sections by key
 * (what npm run generate wrote), and the block types it has code for. The server compares a content
 * release's pages.config.json with it (domain/page-layout.ts).
 */
export async function builtLayout(): Promise<{
  site: unknown;
  pages: PageRoute[];
  sections: Record<string, unknown>;
  blockTypes: string[];
}> {
  const sections: Record<string, unknown> = {};
  await inLayout(BUILT, async () => {
    for (const page of pages) sections[page.key] = (await loadSections(page)).sections ?? [];
  });
  return { site, pages: [...pages], sections, blockTypes: blockTypes() };
}

/** Whether a set of changed sections changes any page. */
export const hasSections = (sections: RenderSections | undefined): sections is ChangedSections =>
  sections !== undefined && Object.keys(sections).length > 0;
