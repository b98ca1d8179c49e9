import { generatePath, matchRoutes, resolvePath } from 'react-router';

/**
 * The path grammar of the config, in one module for the site, the server, the scripts and the editor:
 * React Router's own, the one the site's router matches with. A template ('/media/article/:id/:title',
 * '/terms-and-conditions/:slug?', a source's 'promotions/:slug') has ':param' and optional ':param?'
 * segments, optional 'segment?' and a final '*'. Matching, filling and resolving are React Router's
 * (`matchRoutes`, `generatePath`, `resolvePath`); what it leaves to its users is here once: the names
 * of a template's params, the trailing slash a path keeps, and the ':param' a source's query names.
 * tests/validate/path-grammar.test.ts keeps every other module from parsing a path itself.
 */

/** Values of a template's params by name; an undefined or empty value is a missing one. */
export type PathValues = Readonly<Record<string, string | undefined>>;

/** A ':param' or ':param?' segment of a template. */
export interface PathParam {
  name: string;
  optional: boolean;
}

/** A ':param' / ':param?' segment, as React Router's `generatePath` reads one (name: letters, digits, '_' and '-'). */
const PARAM_SEGMENT = /^:([\w-]+)(\?)?$/;

/**
 * The ':param' / ':param?' segments of a template, in order ('/media/article/:id/:title' -> id, title).
 * A param is a whole segment that starts with ':'; a final '*' (the splat) is not a named param.
 * Substitute '{short}' first.
 */
export function pathParams(template: string): PathParam[] {
  return template.split('/').flatMap((segment) => {
    const match = PARAM_SEGMENT.exec(segment);
    return match ? [{ name: match[1], optional: match[2] === '?' }] : [];
  });
}

/** The names of a template's params, in order ('promotions/show/:slug' -> ['slug']). */
export function templateParams(template: string): string[] {
  return pathParams(template).map((param) => param.name);
}

/**
 * Whether a path ends with a slash that is part of it: a template written so ('/shop/reseller/:slug/')
 * is served only at the URL with that slash. '/' has none.
 */
export function hasTrailingSlash(path: string): boolean {
  return path.length > 1 && path.endsWith('/');
}

/**
 * A template filled from `values` by React Router's `generatePath`: each param percent-encoded, a
 * missing or empty optional one left out, a trailing slash the template has kept
 * ('/shop/reseller/:slug/' -> '/shop/reseller/r/'). Null while a required param is missing or empty,
 * and for what React Router does not fill (an external URL, 'https://…').
 */
export function fillRoute(template: string, values: PathValues): string | null {
  const given: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value !== undefined && value !== '') given[name] = value;
  let filled: string;
  try {
    filled = generatePath(template, given);
  } catch {
    return null;
  }
  return hasTrailingSlash(template) && !hasTrailingSlash(filled) ? `${filled}/` : filled;
}

/**
 * Whether a concrete in-app path or link ('/shop/promo/demo', '/about/?x=1#top') is served by a route
 * template ('/shop/promo/:slug'), by React Router's `matchRoutes`, as the browser's router decides it:
 * optional segments taken or left out, any letter case, a trailing slash or not, the href's query and
 * hash ignored, params percent-decoded.
 */
export function routeMatches(href: string, route: string): boolean {
  return matchRoutes([{ path: route }], href) !== null;
}

/**
 * A link relative to a page's path ('..', '..#plans', './x') as the site's links resolve it
 * (React Router's `resolvePath`, segment by segment as a URL: '/shop/checkout' + '..' is '/shop'),
 * with its query and hash; any other href as it is.
 */
export function resolveLink(href: string, from: string): string {
  if (!href.startsWith('.')) return href;
  const { pathname, search, hash } = resolvePath(href, from);
  return pathname + search + hash;
}

/**
 * The template with each ':param' segment and a final '*' as '*', the wildcard of robots.txt
 * ('/shop/promo/checkout/:slug' -> '/shop/promo/checkout/*').
 */
export function wildcardPath(template: string): string {
  return template
    .split('/')
    .map((segment) => (PARAM_SEGMENT.test(segment) || segment === '*' ? '*' : segment))
    .join('/');
}

/**
 * The route param a value of a source's query names: ':reseller_id' -> 'reseller_id' (the page's
 * param of that name is sent); undefined for a value sent as written ('ASC', '{short}').
 */
export function queryParam(value: string): string | undefined {
  const match = PARAM_SEGMENT.exec(value);
  return match && match[2] === undefined ? match[1] : undefined;
}
