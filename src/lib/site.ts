import siteConfig from '../generated/site-config.json';
import { pageSections } from '../generated/page-sections';
import type { PageConfig, SiteSettings } from '../generated/config';
import { fillPlaceholders } from '../../domain/text';
import type { RouteParams } from './route-params';

/** A page of the route table: everything of it but its sections, which its route loads (loadSections). */
export type PageRoute = Omit<PageConfig, 'sections'> & { key: string };

/**
 * The site's share of pages.config.json, checked by `npm run validate` before every build, so it is
 * trusted here. `npm run generate` splits it (scripts/lib/generate/page-files.ts): the site settings
 * and the route table are here; each page's sections, presets applied, are a chunk its route loads.
 */
type SiteConfig = { site: SiteSettings; pages: PageRoute[] };
const config = siteConfig as unknown as SiteConfig;
// `let` for `npm run dev` only, where an edit of the config replaces them in place (below).
export let site: SiteSettings = config.site;
export let pages: readonly PageRoute[] = config.pages;
let sectionFiles = pageSections;

const loaded = new Map<string, PageConfig>();

/** The page with its sections (loaded once per page). */
export async function loadSections(page: PageRoute): Promise<PageConfig> {
  const known = loaded.get(page.key);
  if (known) return known;
  const load = sectionFiles[page.key];
  const sections = load ? ((await load()).default as PageConfig['sections']) : [];
  const full: PageConfig = { ...page, sections };
  loaded.set(page.key, full);
  return full;
}

/** The event `npm run dev` sends on window when an edit of pages.config.json or a form was taken in. */
export const CONTENT_UPDATE = 'site:content-update';

/**
 * `npm run dev`: an edit of pages.config.json regenerates site-config.json and the page's sections
 * file; this module takes them in (the settings, the route table, the loaders of the sections) and
 * tells the app (main.tsx rebuilds its router), so the open page shows the edit without a reload.
 * Production builds drop this block.
 */
if (import.meta.hot) {
  import.meta.hot.accept(['../generated/site-config.json', '../generated/page-sections'], ([configModule, sectionsModule]) => {
    const next = (configModule as { default: SiteConfig } | undefined)?.default;
    if (next) {
      site = next.site;
      pages = next.pages;
    }
    const sections = (sectionsModule as { pageSections: typeof pageSections } | undefined)?.pageSections;
    if (sections) sectionFiles = sections;
    loaded.clear();
    window.dispatchEvent(new Event(CONTENT_UPDATE));
  });
}

/** Substitutes {product}, {short} and {year} (and any extra variables) in an editor's text. */
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = {
    product: site.product.name,
    short: site.product.short,
    year: new Date().getFullYear(),
    ...vars,
  };
  return fillPlaceholders(text, all);
}

/**
 * Fills ':param' segments of a path template from route params (unknown ones are left as they are).
 * Not React Router's generatePath, which throws on a missing param: a link written with a param the
 * page lacks shows its mistake in the address instead of breaking the page.
 */
export function fillPath(template: string, params: RouteParams): string {
  return fill(template).replace(/:(\w+)\??/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : encodeURIComponent(fill(value));
  });
}

/** True for links that stay inside the app (they start with a single '/'). */
export function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
