import { generatePath, matchRoutes, resolvePath } from 'react-router';
import { SAMPLE_PARAMS, SAMPLE_QUERY } from '../../domain/sample-params.ts';

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
  return paramSegments(template).map((segment) => segment.name);
}

/** The ':param' / ':param?' segments of a template, in order, each with whether it is optional. */
function paramSegments(template: string): { name: string; optional: boolean }[] {
  return template
    .split('/')
    .filter((segment) => segment.startsWith(':'))
    .map((segment) => ({ name: segment.slice(1).replace(/\?$/, ''), optional: segment.endsWith('?') }));
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

/** What samplePath needs of a page of the config. */
export interface SamplePage {
  name: string;
  path: string;
  /** The page's defaults of its route params (an optional param the page fills itself). */
  params?: Readonly<Record<string, string>>;
  /** Where a redirect page sends the visitor: no page of its own to visit. */
  redirect?: string;
}

/**
 * A visitable URL of a page (the benches, the tests, the editor's preview): '{short}' filled, then the
 * path filled by React Router's `generatePath` with the demo data's params (SAMPLE_PARAMS; a reseller's
 * slug by default). An optional param the page gives a default in its `params` is left out (the page
 * fills it), as is one without a demo value; a required one without a demo value is 'x'. A trailing
 * slash the path has stays, and the query a page needs to show (SAMPLE_QUERY) is added.
 */
export function samplePath(page: SamplePage, short: string): string {
  const path = substituteShort(page.path, short);
  const demo: Record<string, string> = { slug: 'demo-reseller', ...SAMPLE_PARAMS[page.name] };
  const values: Record<string, string> = {};
  for (const { name, optional } of paramSegments(path)) {
    const value = optional && page.params?.[name] !== undefined ? undefined : (demo[name] ?? (optional ? undefined : 'x'));
    if (value !== undefined) values[name] = value;
  }
  const filled = generatePath(path, values);
  const slashed = path.length > 1 && path.endsWith('/') && !filled.endsWith('/') ? `${filled}/` : filled;
  return slashed + (SAMPLE_QUERY[page.name] ?? '');
}
