import siteConfig from '../generated/site-config.json';
import { pageBlocks, pageSections } from '../generated/page-sections';
import type { PageConfig, SiteSettings } from '../generated/config';
import { fillRoute } from '../../domain/paths';
import { fillPlaceholders, mapStrings } from '../../domain/text';
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
let blockLists = pageBlocks;

/**
 * Sections that replace the build's, by page key: those of the live content release's layout where
 * they differ from the build's (the server renders with them and hands them over, so the browser
 * shows the same). Read through a function: on the server each render has its own (a preview renders
 * a draft's beside the public pages); in the browser it is the handed-over set.
 */
export type ChangedSections = Readonly<Record<string, PageConfig['sections']>>;
let changedSections: () => ChangedSections | undefined = () => undefined;

/** Where loadSections and pageBlockTypes find the sections that replace the build's (see ChangedSections). */
export function setChangedSections(source: () => ChangedSections | undefined): void {
  changedSections = source;
}

const loaded = new Map<string, PageConfig>();
/** A changed page with its sections, one object per sections list (a render's props keep their identity). */
const changedPages = new WeakMap<object, PageConfig>();

/** The page with its sections (loaded once per page); changed sections replace the build's. */
export async function loadSections(page: PageRoute): Promise<PageConfig> {
  const changed = changedSections()?.[page.key];
  if (changed) {
    const known = changedPages.get(changed);
    if (known) return known;
    const full: PageConfig = { ...page, sections: changed };
    changedPages.set(changed, full);
    return full;
  }
  const known = loaded.get(page.key);
  if (known) return known;
  const load = sectionFiles[page.key];
  const sections = load ? ((await load()).default as PageConfig['sections']) : [];
  const full: PageConfig = { ...page, sections };
  loaded.set(page.key, full);
  return full;
}

/**
 * The block types of a page's sections as the build saw them (or as its changed sections have them),
 * known without loading the sections: a navigation starts their chunks with the sections file instead
 * of a round trip after it.
 */
export function pageBlockTypes(page: PageRoute): readonly string[] {
  const changed = changedSections()?.[page.key];
  if (changed) return [...new Set(changed.map((section) => section.type))];
  return blockLists[page.key] ?? [];
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
    const sectionsIndex = sectionsModule as { pageSections: typeof pageSections; pageBlocks: typeof pageBlocks } | undefined;
    if (sectionsIndex) {
      sectionFiles = sectionsIndex.pageSections;
      blockLists = sectionsIndex.pageBlocks;
    }
    loaded.clear();
    window.dispatchEvent(new Event(CONTENT_UPDATE));
  });
}

/** The site-wide values every editor's text may name: {product}, {short} and {year} (this year). */
function siteValues(): { product: string; short: string; year: number } {
  return { product: site.product.name, short: site.product.short, year: new Date().getFullYear() };
}

/**
 * One editor's text with the site-wide placeholders {product}, {short} and {year} filled, and any
 * extra `values` ({max}, {name}); other placeholders stay as written. For texts that are neither a
 * section's props (the engine fills those) nor the site settings (read them through
 * `fillSiteTexts(site)`): a page's path, title and description, a form file's texts, a source name.
 */
export function fillSiteText(text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillPlaceholders(text, { ...siteValues(), ...values });
}

/**
 * A block's run-time values ({price}, {count}, {minimum}) in a text whose site-wide placeholders are
 * already filled (a prop, a setting); other placeholders stay as written.
 */
export const withValues = fillPlaceholders;

const filledTexts = new WeakMap<object, { stamp: string; filled: unknown }>();

/**
 * `value` with the site-wide placeholders filled in every string, deep in objects and lists; other
 * placeholders (a block's {price}) stay for run time. What is filled is a copy, made once per object
 * and kept while the site's values are the same: filling the same props or settings again is a
 * look-up, and {year} still turns with the year in a server that runs for months.
 */
export function fillSiteTexts<T>(value: T): T {
  const values = siteValues();
  const fill = (text: string) => fillPlaceholders(text, values);
  if (typeof value !== 'object' || value === null) return mapStrings(value, fill) as T;
  const stamp = JSON.stringify(values);
  const known = filledTexts.get(value);
  if (known?.stamp === stamp) return known.filled as T;
  const filled = mapStrings(value, fill);
  filledTexts.set(value, { stamp, filled });
  return filled as T;
}

/**
 * A path template of the config (a route, a link, a source's path: 'promotions/:slug') filled by
 * `fillRoute` (domain/paths.ts: React Router's `generatePath`, each param percent-encoded, a missing
 * or empty optional one left out, a trailing slash the template has kept), with the site-wide
 * placeholders ({short}) filled in the template and in the values. A required param that is missing
 * is not an error: the template comes back as written, so a link shows its mistake in the address
 * instead of breaking the page (`npm run validate` refuses such a link in the config); so does an
 * external URL.
 */
export function fillPath(template: string, params: RouteParams): string {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) if (value !== undefined) values[name] = fillSiteText(value);
  const filled = fillSiteText(template);
  return fillRoute(filled, values) ?? filled;
}

/** True for links that stay inside the app (they start with a single '/'). */
export function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
