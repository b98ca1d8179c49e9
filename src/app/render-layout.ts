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
/** The store of a render with the build's own sections. */
export const BUILT: ChangedSections = {};
export const inLayout = <T>(sections: ChangedSections | undefined, work: () => Promise<T>): Promise<T> =>
  layoutScope.run(sections ?? BUILT, work);

/** A route table per set of sections: a page route loads its sections once, so a table holds one set. */
const tables = new WeakMap<ChangedSections, RouteObject[]>();
export function routesOf(sections: ChangedSections | undefined): RouteObject[] {
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
export async function builtLayout(): Promise<{ site: unknown; pages: PageRoute[]; sections: Record<string, unknown>; blockTypes: string[] }> {
  const sections: Record<string, unknown> = {};
  await inLayout(BUILT, async () => {
    for (const page of pages) sections[page.key] = (await loadSections(page)).sections ?? [];
  });
  return { site, pages: [...pages], sections, blockTypes: blockTypes() };
}

/** Whether a set of changed sections changes any page. */
export const hasSections = (sections: ChangedSections | undefined): sections is ChangedSections =>
  sections !== undefined && Object.keys(sections).length > 0;
