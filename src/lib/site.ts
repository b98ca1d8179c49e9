import rawConfig from '../../pages.config.json';
import { resolvePresets } from '../../domain/page-presets';
import type { PagesConfig, PageConfig, SiteSettings } from '../generated/config';

/**
 * The site configuration, checked by `npm run validate` before every build, so it is trusted here.
 * The JSON import keeps Vite's reload on a change of pages.config.json in `npm run dev`. Sections
 * that name a preset get it here (domain/page-presets.ts, as validate and the server read them).
 */
const config = resolvePresets(rawConfig as unknown) as PagesConfig;
export const site: SiteSettings = config.site;
export const pages: PageConfig[] = config.pages;

/** Substitutes {product}, {short} and {year} (and any extra variables) in an editor's text. */
export function fill(text: string, vars: Record<string, string | number> = {}): string {
  const all: Record<string, string | number> = {
    product: site.product.name,
    short: site.product.short,
    year: new Date().getFullYear(),
    ...vars,
  };
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in all ? String(all[key]) : whole));
}

/** Fills ':param' segments of a path template from route params (unknown ones are left as they are). */
export function fillPath(template: string, params: Readonly<Record<string, string | undefined>>): string {
  return fill(template).replace(/:(\w+)\??/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : encodeURIComponent(fill(value));
  });
}

/** True for links that stay inside the app (they start with a single '/'). */
export function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}
