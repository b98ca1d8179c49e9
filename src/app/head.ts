import { escapeHtml } from '../../domain/html';
import type { PageConfig } from '../generated/config';
import { fill, site } from '../lib/site';

/** Document title of a page: its configured title (or route name) plus the site's title suffix. */
export function pageTitle(page: PageConfig): string {
  return fill(page.title ?? page.name) + fill(site.titleSuffix ?? '');
}

/** What a page's HTML head says about it: from the config (page, then site defaults) and the public URL. */
export interface HeadTags {
  lang: string;
  title: string;
  description: string;
  /** Absolute URL of the page (none for the not-found page). */
  canonical?: string;
  /** Absolute URL of the Open Graph image. */
  image?: string;
}

function absolute(href: string, publicUrl: string): string {
  return new URL(fill(href), publicUrl).href;
}

export function pageHead(page: PageConfig, options: { publicUrl: string; pathname: string; canonical: boolean }): HeadTags {
  const seo = site.seo;
  const image = page.image ?? seo?.image;
  return {
    lang: seo?.lang ?? 'en',
    title: pageTitle(page),
    description: fill(page.description ?? seo?.description ?? ''),
    canonical: options.canonical ? new URL(options.pathname, options.publicUrl).href : undefined,
    image: image ? absolute(image, options.publicUrl) : undefined,
  };
}

/** The head elements of HeadTags (title, description, canonical, Open Graph), escaped. */
export function headHtml(head: HeadTags): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: 'name' | 'property', key: string, value: string | undefined) => {
    if (value) tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  };
  meta('name', 'description', head.description);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  meta('property', 'og:type', 'website');
  meta('property', 'og:site_name', fill('{product}'));
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.canonical);
  meta('property', 'og:image', head.image);
  return tags.join('\n    ');
}
