/** Path and source templates: '{short}' substitution and ':param' segments (the router's syntax, src/lib/router.tsx). */

export function substituteShort(template: string, short: string | undefined): string {
  return short === undefined ? template : template.split('{short}').join(short);
}

/** Names of the ':param' / ':param?' segments of a template. */
export function templateParams(template: string): string[] {
  return [...template.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)\??/g)].map((m) => m[1]);
}

function matchSegments(href: string[], route: string[]): boolean {
  if (route.length === 0) return href.length === 0;
  const [head, ...rest] = route;
  if (head === '*') return true;
  const optional = head.endsWith('?');
  const segment = optional ? head.slice(0, -1) : head;
  const matchesHead = href.length > 0 && (segment.startsWith(':') ? href[0].length > 0 : href[0] === segment);
  if (matchesHead && matchSegments(href.slice(1), rest)) return true;
  return optional && matchSegments(href, rest);
}

/** Whether a concrete in-app path ('/shop/promo/demo') is served by a route template ('/shop/promo/:slug'). */
export function routeMatches(href: string, route: string): boolean {
  // Trailing slashes, query and hash do not change which route serves a link.
  const clean = (p: string) => p.split(/[?#]/)[0].split('/').filter(Boolean);
  return matchSegments(clean(href), clean(route));
}
