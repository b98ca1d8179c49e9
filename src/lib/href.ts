/**
 * What an href from the config or the content service may become:
 * - `path`: a site-relative path ('/shop'; never '//host' or '/\host', which leave the site);
 * - `fragment`: an anchor on the same page ('#promo');
 * - `web`: an absolute http(s) URL;
 * - `contact`: a mailto: or tel: link.
 */
export type HrefKind = 'path' | 'fragment' | 'web' | 'contact';

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const SENTINEL = 'https://relative.invalid';

/**
 * The one rule for links the site did not write itself (config and content): the kind of a safe
 * href, or null for anything else (javascript:, data:, vbscript:, protocol-relative '//host',
 * relative paths without a leading '/', unparsable URLs), which must not become a link. The href is
 * read as the browser reads it (WHATWG URL parsing: tabs and newlines removed, leading control
 * characters and spaces trimmed, backslashes as slashes), so 'java\tscript:' is javascript:.
 */
export function hrefKind(href: string): HrefKind | null {
  // eslint-disable-next-line no-control-regex -- browsers skip leading control characters and spaces in a URL
  const written = href.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '');
  const relative = written.startsWith('#') || written.startsWith('/');
  if (!relative && !SCHEME.test(written)) return null;
  let url: URL;
  try {
    url = relative ? new URL(href, `${SENTINEL}/`) : new URL(href);
  } catch {
    return null;
  }
  if (relative) {
    if (url.origin !== SENTINEL) return null;
    return written.startsWith('#') ? 'fragment' : 'path';
  }
  if (url.protocol === 'https:' || url.protocol === 'http:') return 'web';
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return 'contact';
  return null;
}
