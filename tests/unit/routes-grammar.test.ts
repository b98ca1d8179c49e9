import { describe, expect, it } from 'vitest';
import config from '../../pages.config.json' with { type: 'json' };
import { substituteShort } from '../../domain/sample-path';
import { fillRoute, hasTrailingSlash, queryParam, routeMatches, templateParams, wildcardPath } from '../../domain/paths';

/**
 * domain/paths.ts: the one path grammar the site, the server, validate, the scripts and the editor
 * fill, match and read paths with is React Router's own (matchRoutes, generatePath), the one the
 * site's router serves pages by.
 */
const short = config.site.product.short;
const pages = config.pages as { name: string; path: string }[];

/** A concrete address of a route: each ':param' (optional or not) filled with a sample value. */
const sample = (route: string) => route.replace(/:[\w-]+\??/g, 'sample-value');

describe('routeMatches, by React Router', () => {
  it('serves a sample address of every page of pages.config.json, and not an unrelated one', () => {
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const route = substituteShort(page.path, short);
      expect(route, page.name).not.toContain('{short}');
      expect(routeMatches(sample(route), route), `${page.name}: ${sample(route)} by ${route}`).toBe(true);
      expect(routeMatches('/no-such/unrelated/page/at/all', route), `${page.name}: unrelated path`).toBe(false);
    }
  });

  it("fills '{short}' before matching", () => {
    const app = pages.find((page) => page.path.includes('{short}'));
    expect(app).toBeDefined();
    const route = substituteShort(app!.path, short);
    expect(routeMatches(route, route)).toBe(true);
    expect(routeMatches(app!.path, route)).toBe(false);
  });

  it('takes a :param for any one non-empty segment', () => {
    expect(routeMatches('/media/article/7/a-title', '/media/article/:id/:title')).toBe(true);
    expect(routeMatches('/media/article/7', '/media/article/:id/:title')).toBe(false);
    expect(routeMatches('/media/article/7/a/b', '/media/article/:id/:title')).toBe(false);
    expect(routeMatches('/shop/promo/caf%C3%A9', '/shop/promo/:slug')).toBe(true);
  });

  it('takes an optional segment or leaves it out', () => {
    expect(routeMatches('/a', '/a/:b?')).toBe(true);
    expect(routeMatches('/a/x', '/a/:b?')).toBe(true);
    expect(routeMatches('/a/x/y', '/a/:b?')).toBe(false);
    expect(routeMatches('/terms-and-conditions', '/terms-and-conditions/:slug?')).toBe(true);
    expect(routeMatches(`/terms-and-conditions/${short}`, '/terms-and-conditions/:slug?')).toBe(true);
    // An optional static segment.
    expect(routeMatches('/a', '/a/b?')).toBe(true);
    expect(routeMatches('/a/b', '/a/b?')).toBe(true);
    expect(routeMatches('/a/c', '/a/b?')).toBe(false);
  });

  it('matches with or without a trailing slash', () => {
    expect(routeMatches('/about/', '/about')).toBe(true);
    expect(routeMatches('/about', '/about/')).toBe(true);
    expect(routeMatches('/shop/reseller/r/', '/shop/reseller/:slug/')).toBe(true);
    expect(routeMatches('/shop/reseller/r', '/shop/reseller/:slug/')).toBe(true);
  });

  it('matches in any letter case', () => {
    expect(routeMatches('/ABOUT', '/about')).toBe(true);
    expect(routeMatches('/Shop/Promo/X', '/shop/promo/:slug')).toBe(true);
  });

  it("matches the rest of the path with a final '*'", () => {
    expect(routeMatches('/files', '/files/*')).toBe(true);
    expect(routeMatches('/files/a', '/files/*')).toBe(true);
    expect(routeMatches('/files/a/b/c', '/files/*')).toBe(true);
    expect(routeMatches('/other/a', '/files/*')).toBe(false);
    expect(routeMatches('/anything/at/all', '*')).toBe(true);
  });

  it("ignores the href's query and hash", () => {
    expect(routeMatches('/about?from=home', '/about')).toBe(true);
    expect(routeMatches('/about#team', '/about')).toBe(true);
    expect(routeMatches('/shop/promo/x?a=1#b', '/shop/promo/:slug')).toBe(true);
    expect(routeMatches('/media?x=/about', '/about')).toBe(false);
  });

  it('tells the root from every other path', () => {
    expect(routeMatches('/', '/')).toBe(true);
    expect(routeMatches('/about', '/')).toBe(false);
    expect(routeMatches('/', '/about')).toBe(false);
  });
});

describe('templateParams, by React Router', () => {
  it('names the :params of a page path or a source path, in order', () => {
    expect(templateParams('/api/v1/articles/:id')).toEqual(['id']);
    expect(templateParams('/media/article/:id/:title')).toEqual(['id', 'title']);
    expect(templateParams('promotions/show/:slug')).toEqual(['slug']);
  });

  it('names an optional :param without its ?', () => {
    expect(templateParams('/terms/:slug?')).toEqual(['slug']);
    expect(templateParams('/terms-and-conditions/:slug?')).toEqual(['slug']);
  });

  it('names nothing for a static path, a splat or an optional static segment', () => {
    expect(templateParams('/')).toEqual([]);
    expect(templateParams('/about')).toEqual([]);
    expect(templateParams('/files/*')).toEqual([]);
    expect(templateParams('/a/b?')).toEqual([]);
  });

  it("reads a template with '{short}' once it is substituted", () => {
    expect(templateParams(substituteShort('/{short}-app', short))).toEqual([]);
    expect(templateParams(substituteShort('{short}-articles/:id', short))).toEqual(['id']);
    expect(substituteShort('/{short}-app/{short}', 'x')).toBe('/x-app/x');
    expect(substituteShort('/{short}-app', undefined)).toBe('/{short}-app');
  });

  it('names the params of every page path of pages.config.json', () => {
    for (const page of pages) {
      const route = substituteShort(page.path, short);
      const expected = route
        .split('/')
        .filter((segment) => segment.startsWith(':'))
        .map((segment) => segment.slice(1).replace(/\?$/, ''));
      expect(templateParams(route), page.name).toEqual(expected);
    }
  });
});

describe('fillRoute, by React Router', () => {
  it('fills params percent-encoded and leaves out a missing or empty optional one', () => {
    expect(fillRoute('/media/article/:id/:title', { id: '3', title: 'a b/c' })).toBe('/media/article/3/a%20b%2Fc');
    expect(fillRoute('/terms-and-conditions/:slug?', {})).toBe('/terms-and-conditions');
    expect(fillRoute('/terms-and-conditions/:slug?', { slug: '' })).toBe('/terms-and-conditions');
    expect(fillRoute('promotions/:slug', { slug: 'x' })).toBe('promotions/x');
  });

  it('keeps a trailing slash the template has, and adds none', () => {
    expect(fillRoute('/shop/reseller/:slug/', { slug: 'r' })).toBe('/shop/reseller/r/');
    expect(fillRoute('/about', {})).toBe('/about');
    expect(fillRoute('/', {})).toBe('/');
    expect(hasTrailingSlash('/')).toBe(false);
    expect(hasTrailingSlash('/a/')).toBe(true);
  });

  it('is null while a required param is missing or empty, and for an external URL', () => {
    expect(fillRoute('/media/article/:id/:title', { id: '3' })).toBeNull();
    expect(fillRoute('/shop/promo/:slug', { slug: '' })).toBeNull();
    expect(fillRoute('https://example.com/a', {})).toBeNull();
  });
});

describe('the other readings of a template', () => {
  it("reads a query value ':param' as that route param, and any other value as text", () => {
    expect(queryParam(':reseller_id')).toBe('reseller_id');
    expect(queryParam(':slug?')).toBeUndefined();
    expect(queryParam('ASC')).toBeUndefined();
    expect(queryParam('{short}')).toBeUndefined();
    expect(queryParam('a:b')).toBeUndefined();
  });

  it("turns each param and a final splat into robots.txt's wildcard", () => {
    expect(wildcardPath('/shop/promo/checkout/:slug')).toBe('/shop/promo/checkout/*');
    expect(wildcardPath('/a/:b?/c')).toBe('/a/*/c');
    expect(wildcardPath('/files/*')).toBe('/files/*');
    expect(wildcardPath('/about')).toBe('/about');
  });
});
