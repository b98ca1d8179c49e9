import { isObject } from './guards';
import { resolvePresets } from './page-presets';

/**
 * pages.config.json split the way the site loads it: the site settings and the route table (every
 * page without its sections, each with its key) that the browser's bundle holds, and each page's
 * sections (presets applied) by that key. `npm run generate` writes the build from it
 * (scripts/lib/generate/page-files.ts); the server splits a content release's config the same way
 * to tell what it changes (layoutDifference).
 */

/** A page of the route table: the page's fields without its sections, and its key. */
export type LayoutRoute = Record<string, unknown> & { key: string };

export interface PageLayout {
  /** The config's `site` (the site settings). */
  site: unknown;
  /** The route table, in the config's order. */
  pages: LayoutRoute[];
  /** Each page's sections by its key (as the config has them, presets applied; [] when absent). */
  sections: Record<string, unknown>;
  /** The distinct block types of each page's sections by its key, in the order they first appear. */
  blocks: Record<string, string[]>;
}

/** The key of the page at `index` of the config (and the name of its sections file). */
export const pageKey = (index: number) => `p${index}`;

function blockTypes(sections: unknown): string[] {
  const list = Array.isArray(sections) ? sections : [];
  return [...new Set(list.flatMap((section) => (isObject(section) && typeof section.type === 'string' ? [section.type] : [])))];
}

/** The layout of a parsed pages.config.json, or undefined when it has no list of pages. */
export function splitConfig(data: unknown): PageLayout | undefined {
  const config = resolvePresets(data);
  if (!isObject(config) || !Array.isArray(config.pages)) return undefined;
  const layout: PageLayout = { site: config.site, pages: [], sections: {}, blocks: {} };
  config.pages.forEach((page: unknown, index: number) => {
    const { sections, ...route } = isObject(page) ? page : {};
    const key = pageKey(index);
    layout.pages.push({ ...route, key });
    layout.sections[key] = sections ?? [];
    layout.blocks[key] = blockTypes(sections);
  });
  return layout;
}

/** Longest pages.config.json text taken from a release or a draft (the project's is about 50 kB). */
export const MAX_LAYOUT_CHARS = 2_000_000;

/** The layout of a pages.config.json text, or undefined when it is too long, not JSON or has no pages. */
export function parseLayout(text: string): PageLayout | undefined {
  if (text.length > MAX_LAYOUT_CHARS) return undefined;
  try {
    return splitConfig(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/** Two JSON values alike: the same values, objects compared key by key whatever their keys' order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, i) => sameJson(item, b[i]));
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  if (keys.length !== Object.keys(b).filter((key) => b[key] !== undefined).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && sameJson(a[key], b[key]));
}

export interface LayoutDifference {
  /** The sections of the pages whose sections differ, as `release` has them, by key. */
  sections: Record<string, unknown>;
  /** The route table differs (a page added, removed, moved, or any field of a page but its sections). */
  routes: boolean;
  /** The site settings differ. */
  site: boolean;
  /**
   * The change waits for the next deploy: the browser's bundle holds the route table and the site
   * settings, so a release that changes either shows the build's whole layout until then.
   */
  needsDeploy: boolean;
}

/** What `release` changes in `built`: the pages whose sections differ, and whether the route table or the settings do. */
export function layoutDifference(built: PageLayout, release: PageLayout): LayoutDifference {
  const sections: Record<string, unknown> = {};
  for (const [key, list] of Object.entries(release.sections)) {
    if (!Object.hasOwn(built.sections, key) || !sameJson(built.sections[key], list)) sections[key] = list;
  }
  const routes = !sameJson(built.pages, release.pages);
  const site = !sameJson(built.site, release.site);
  return { sections, routes, site, needsDeploy: routes || site };
}
