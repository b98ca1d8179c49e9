import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { hrefKind } from './href';

/**
 * The markup that content HTML (articles, terms, policies, FAQ answers, job and section texts) may
 * keep, by element, with the attributes each may carry. Everything else goes: other elements lose
 * their tags (script, style and the like lose their content too), other attributes (style, class,
 * event handlers, data-*, aria-*) are dropped. The seed content uses p, ul, li, strong and img.
 */
export const RICH_TEXT_ALLOWLIST: Readonly<Record<string, readonly string[]>> = {
  p: [],
  br: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  a: ['href', 'title'],
  ul: [],
  ol: [],
  li: [],
  h2: [],
  h3: [],
  h4: [],
  blockquote: [],
  img: ['src', 'alt', 'width', 'height'],
};

const CONFIG = {
  ALLOWED_TAGS: Object.keys(RICH_TEXT_ALLOWLIST),
  ALLOWED_ATTR: [...new Set(Object.values(RICH_TEXT_ALLOWLIST).flat())],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
};

type PurifierWindow = Parameters<typeof DOMPurify>[0];
let serverWindow: PurifierWindow | undefined;
let purifier: ReturnType<typeof DOMPurify> | undefined;

/**
 * Server rendering: the DOM window DOMPurify sanitises with where there is no browser (entry-server
 * passes jsdom's), so that the server's HTML is the browser's, sanitised by the same rules.
 */
export function setRichTextWindow(window: PurifierWindow): void {
  serverWindow = window;
  purifier = undefined;
}

/** Our own DOMPurify instance, so that its hooks never touch another user of the library. */
function createPurifier() {
  const purifier = serverWindow ? DOMPurify(serverWindow) : DOMPurify();
  // Attributes are allowed per element (an img keeps src, a paragraph does not).
  purifier.addHook('uponSanitizeAttribute', (node, data) => {
    if (!RICH_TEXT_ALLOWLIST[node.nodeName.toLowerCase()]?.includes(data.attrName)) data.keepAttr = false;
  });
  // Links and images follow the site's one URL rule; links to other sites open safely in a new tab.
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      const kind = hrefKind(node.getAttribute('href') ?? '');
      if (kind === null) node.removeAttribute('href');
      else if (kind === 'web') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer');
      }
    }
    if (node.nodeName === 'IMG' && node.hasAttribute('src')) {
      const kind = hrefKind(node.getAttribute('src') ?? '');
      if (kind !== 'path' && kind !== 'web') node.removeAttribute('src');
    }
  });
  return purifier;
}

/**
 * Content HTML reduced to `RICH_TEXT_ALLOWLIST`; hrefs keep only http(s), mailto:, tel:, site paths
 * and anchors (`hrefKind`). Without a DOM to sanitise with, nothing is kept (DOMPurify would hand the
 * input back unchanged).
 */
export function sanitizeRichText(html: string | null | undefined): string {
  purifier ??= createPurifier();
  if (!purifier.isSupported) return '';
  return purifier.sanitize(html ?? '', CONFIG);
}

/** Renders HTML from the content service after sanitising it to the allowlist. */
export function RichText({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeRichText(html), [html]);
  return <div className={className ? `rich-text ${className}` : 'rich-text'} dangerouslySetInnerHTML={{ __html: clean }} />;
}
