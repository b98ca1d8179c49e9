import { substituteShort } from './routes.ts';

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

/** Demo values for route params (the seed's shops and first article), so every route can be visited. */
const SAMPLE_PARAMS: Record<string, Record<string, string>> = {
  ShopMerchant: { slug: 'demo-merchant' },
  ShopMerchantCheckout: { slug: 'demo-merchant' },
  PromoShop: { slug: 'demo-promotion' },
  PromoCheckout: { slug: 'demo-promotion' },
  MediaArticle: { id: '1', title: 'rainy-season-illnesses-leptospirosis-flu-and-colds' },
};

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
