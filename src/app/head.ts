import { escapeHtml } from '../../domain/html';
import type { PageConfig } from '../generated/config';
import { fillSiteText, fillSiteTexts, site } from '../lib/site';
import type { ImagePreload } from '../lib/image-preload';

/** Document title of a page: its configured title (or route name) plus the site's title suffix. */
export function pageTitle(page: PageConfig): string {
  return fillSiteText(page.title ?? page.name) + (fillSiteTexts(site).titleSuffix ?? '');
}

/** What a page's HTML head says about it: from the config (page, then site defaults) and the public URL. */
export interface HeadTags {
  lang: string;
  title: string;
  description: string;
  /** Absolute URL of the page (none for the not-found page). */
  canonical?: string;
  /** Absolute URL of the Open Graph and Twitter card image. */
  image?: string;
  /** The image's size in pixels and its text alternative, where the config gives them (site.seo's image). */
  imageWidth?: number;
  imageHeight?: number;
  imageAlt?: string;
  /** The page's LCP image, preloaded (ContentImage collects it while the page renders: ImagePreloads). */
  preloadImages?: ImagePreload[];
}

function absolute(href: string, publicUrl: string): string {
  return new URL(fillSiteText(href), publicUrl).href;
}

/** The share image of a page: its own (size and text unknown), else the site's with what site.seo says of it. */
function shareImage(page: PageConfig, publicUrl: string): Pick<HeadTags, 'image' | 'imageWidth' | 'imageHeight' | 'imageAlt'> {
  if (page.image) return { image: absolute(page.image, publicUrl) };
  const seo = fillSiteTexts(site).seo;
  if (!seo?.image) return {};
  return {
    image: absolute(seo.image, publicUrl),
    imageWidth: seo.imageWidth,
    imageHeight: seo.imageHeight,
    imageAlt: seo.imageAlt,
  };
}

export function pageHead(page: PageConfig, options: { publicUrl: string; pathname: string; canonical: boolean }): HeadTags {
  const seo = fillSiteTexts(site).seo;
  return {
    lang: seo?.lang ?? 'en',
    title: pageTitle(page),
    description: page.description === undefined ? (seo?.description ?? '') : fillSiteText(page.description),
    canonical: options.canonical ? new URL(options.pathname, options.publicUrl).href : undefined,
    ...shareImage(page, options.publicUrl),
  };
}

/**
 * The head elements of HeadTags, escaped: title, description, canonical, the Open Graph tags that
 * link previews read (Facebook, WhatsApp, LinkedIn, Slack...) and a Twitter card, large when there is
 * an image. An image's size and text alternative are written only with the image.
 */
export function headHtml(head: HeadTags): string {
  const tags = [`<title>${escapeHtml(head.title)}</title>`];
  const meta = (attr: 'name' | 'property', key: string, value: string | number | undefined) => {
    if (value !== undefined && value !== '') tags.push(`<meta ${attr}="${key}" content="${escapeHtml(value)}" />`);
  };
  const image: Partial<HeadTags> = head.image ? head : {};
  meta('name', 'description', head.description);
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" />`);
  meta('property', 'og:type', 'website');
  meta('property', 'og:site_name', site.product.name);
  meta('property', 'og:title', head.title);
  meta('property', 'og:description', head.description);
  meta('property', 'og:url', head.canonical);
  meta('property', 'og:image', image.image);
  meta('property', 'og:image:width', image.imageWidth);
  meta('property', 'og:image:height', image.imageHeight);
  meta('property', 'og:image:alt', image.imageAlt);
  meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary');
  meta('name', 'twitter:title', head.title);
  meta('name', 'twitter:description', head.description);
  meta('name', 'twitter:image', image.image);
  meta('name', 'twitter:image:alt', image.imageAlt);
  for (const preload of head.preloadImages ?? []) {
    tags.push(
      `<link rel="preload" as="image" imagesrcset="${escapeHtml(preload.srcSet)}" ` +
        `imagesizes="${escapeHtml(preload.sizes)}" type="${escapeHtml(preload.type)}" fetchpriority="high" />`,
    );
  }
  return tags.join('\n    ');
}
