// @vitest-environment jsdom
import { generatePath, matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import config from '../../pages.config.json' with { type: 'json' };
import { buildRoutes, matchPage } from '../../src/app/router';
import { fillPath } from '../../src/lib/site';

/**
 * The site's route table, built from pages.config.json, matched by React Router (the one path
 * grammar of the site: the browser, the server, validate and the scripts all use it).
 */
const short = config.site.product.short;
const routes = buildRoutes();
const pageAt = (path: string) => matchPage(routes, path);

/** A concrete address of every page of the config: its params filled with sample values. */
const SAMPLES: Record<string, string> = {
  '/': '/',
  '/media/article/:id/:title': '/media/article/7/a-title',
  '/shop/promo/:slug': '/shop/promo/demo-merchant',
  '/shop/promo/checkout/:slug': '/shop/promo/checkout/demo-merchant',
  '/shop/promocode/:slug': '/shop/promocode/demo-promotion',
  '/shop/promocode/checkout/:slug': '/shop/promocode/checkout/demo-promotion',
  '/shop/reseller/:slug': '/shop/reseller/demo-reseller',
  '/shop/reseller/:slug/': '/shop/reseller/demo-reseller/',
  '/shop/reseller/assignment/:slug': '/shop/reseller/assignment/demo-reseller',
  '/shop/reseller/checkout/:slug': '/shop/reseller/checkout/demo-reseller',
  '/terms-and-conditions/:slug?': `/terms-and-conditions/${short}`,
  '/{short}-app': `/${short}-app`,
};

describe('the route table, matched by React Router', () => {
  const pages = config.pages as { name: string; path: string; redirect?: string }[];

  it('finds every page of pages.config.json at its own address', () => {
    for (const page of pages) {
      const address = SAMPLES[page.path] ?? page.path;
      const found = pageAt(address).page;
      // Two pages may share a path up to a trailing slash (a redirect page and its target).
      const trimmed = (path: string | undefined) => (path && path.length > 1 ? path.replace(/\/$/, '') : path);
      expect(trimmed(found?.path), `${page.name} at ${address}`).toBe(trimmed(page.path));
    }
  });

  it('fills {short} in paths before matching', () => {
    expect(pageAt(`/${short}-app`).page?.name).toBe(pages.find((page) => page.path === '/{short}-app')?.name);
    expect(pageAt('/{short}-app').page).toBeUndefined();
  });

  it('gives the params, decoded, of a page with params', () => {
    expect(pageAt('/media/article/12/rainy-season').params).toMatchObject({ id: '12', title: 'rainy-season' });
    expect(pageAt('/shop/promo/caf%C3%A9').params).toMatchObject({ slug: 'café' });
  });

  it('takes an optional segment or leaves it out', () => {
    expect(pageAt('/terms-and-conditions').page?.path).toBe('/terms-and-conditions/:slug?');
    expect(pageAt('/terms-and-conditions/app').params).toMatchObject({ slug: 'app' });
  });

  it('matches with or without a trailing slash and in any letter case', () => {
    expect(pageAt('/about/').page?.path).toBe('/about');
    expect(pageAt('/ABOUT').page?.path).toBe('/about');
    expect(pageAt('/Shop/Promo/X').params).toMatchObject({ slug: 'X' });
  });

  it('ranks a static segment over a :param, and sends an unknown path to the catch-all', () => {
    expect(pageAt('/shop/reseller/assignment/x').page?.path).toBe('/shop/reseller/assignment/:slug');
    expect(pageAt('/shop/promo/checkout/x').page?.path).toBe('/shop/promo/checkout/:slug');
    expect(pageAt('/no/such/page').page).toBeUndefined();
    const matches = matchRoutes(routes, '/no/such/page') ?? [];
    expect((matches[matches.length - 1].route as RouteObject).path).toBe('*');
  });
});

describe('filling a path', () => {
  it('fills params percent-encoded, as generatePath does', () => {
    expect(fillPath('/media/article/:id/:title', { id: '3', title: 'a b/c' })).toBe(
      generatePath('/media/article/:id/:title', { id: '3', title: 'a b/c' }),
    );
    expect(fillPath('/media/article/:id/:title', { id: '3', title: 'a b/c' })).toBe('/media/article/3/a%20b%2Fc');
  });

  it('leaves out a missing or empty optional param, and keeps a trailing slash the path has', () => {
    expect(fillPath('/terms-and-conditions/:slug?', {})).toBe('/terms-and-conditions');
    expect(fillPath('/terms-and-conditions/:slug?', { slug: 'app' })).toBe('/terms-and-conditions/app');
    expect(fillPath('/shop/reseller/:slug/', { slug: 'r' })).toBe('/shop/reseller/r/');
    expect(fillPath('/terms-and-conditions/:slug?', { slug: '' })).toBe('/terms-and-conditions');
    expect(fillPath('/', {})).toBe('/');
  });

  it('fills the site-wide placeholders in the template and the values', () => {
    expect(fillPath('/terms-and-conditions/{short}', {})).toBe(`/terms-and-conditions/${short}`);
    expect(fillPath('/terms-and-conditions/:slug', { slug: '{short}-shop' })).toBe(`/terms-and-conditions/${short}-shop`);
  });

  it('fills a source path without a leading slash', () => {
    expect(fillPath('promotions/:slug', { slug: 'x y' })).toBe('promotions/x%20y');
  });

  it('gives the template as written when a required param is missing or empty, rather than breaking the page', () => {
    expect(fillPath('/media/article/:id/:title', { id: '3' })).toBe('/media/article/:id/:title');
    expect(fillPath('/shop/promo/:slug', { slug: '' })).toBe('/shop/promo/:slug');
  });

  it('gives an external URL as written', () => {
    expect(fillPath('https://example.com/a', {})).toBe('https://example.com/a');
  });
});
