import { matchRoutes, resolvePath } from 'react-router-dom';

/**
 * Path and source templates: '{short}' substitution, then React Router's own path grammar — the one
 * the site's router matches with — for ':param', optional ':param?' and 'segment?', and a final '*'.
 * Nothing here parses that grammar by hand: matching and param names both come from React Router.
 */

export function substituteShort(template: string, short: string | undefined): string {
  return short === undefined ? template : template.split('{short}').join(short);
}

/**
 * Names of the ':param' / ':param?' segments of a template ('/media/article/:id/:title' -> ['id', 'title'];
 * a source path such as 'promotions/show/:slug' too), in order. React Router's rule: a param is a
 * whole segment that starts with ':'; a final '*' (the splat) is not a named param. Substitute
 * '{short}' first.
 */
export function templateParams(template: string): string[] {
  return template.split('/').flatMap((segment) => (segment.startsWith(':') ? [segment.slice(1).replace(/\?$/, '')] : []));
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
