import { samplePath, type SamplePage } from '../../domain/sample-path.ts';

/** Debian's Chromium and the flags every headless run here uses (Playwright, the bench, Lighthouse). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--headless',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** What sampleRoutes needs of a pages.config.json. */
export interface SampleConfig {
  site: { product: { short: string } };
  pages: readonly SamplePage[];
}

/**
 * Every visitable page of a config once, in its order: samplePath of each page that is not a redirect
 * (a redirect has no page of its own), or the path `overrides` gives by page name.
 */
export function sampleRoutes(config: SampleConfig, overrides: Readonly<Record<string, string>> = {}): string[] {
  const pages = config.pages.filter((page) => !page.redirect);
  return [...new Set(pages.map((page) => overrides[page.name] ?? samplePath(page, config.site.product.short)))];
}
