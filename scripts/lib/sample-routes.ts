import { substituteShort } from './routes.ts';
import { SAMPLE_PARAMS } from '../../domain/sample-params.ts';

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

export interface RoutePage {
  name: string;
  path: string;
  redirect?: string;
}

/** A visitable URL of a page: '{short}' filled, params from the demo data (a reseller's slug by default; Terms by the product). */
export function samplePath(page: RoutePage, short: string): string {
  const params: Record<string, string> = { slug: 'demo-reseller', ...SAMPLE_PARAMS[page.name] };
  return substituteShort(page.path, short)
    .replace(/:(\w+)\?/g, (_, key: string) => (key === 'slug' && page.name === 'Terms' ? short : (params[key] ?? '')))
    .replace(/:(\w+)/g, (_, key: string) => params[key] ?? 'x')
    .replace(/\/$/, page.path.endsWith('/') ? '/' : '');
}
