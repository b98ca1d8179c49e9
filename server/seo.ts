import type { FastifyInstance } from 'fastify';
import { slugify } from '../domain/slug';
import type { PageConfig } from '../src/generated/config';
import type { SectionKeys } from '../src/generated/sections';
import type { Item, Repo } from './repo';
import { escapeHtml } from '../domain/html';
import { fillRoute, wildcardPath } from '../domain/paths';

/**
 * `/robots.txt` and `/sitemap.xml`, built from `pages.config.json` and the content database. Every
 * URL is absolute on the configured public URL, never on a request's Host or X-Forwarded-Host.
 *
 * What the sitemap lists (one rule per kind of page, so a new page in the config is handled):
 * - every page without route params ('{short}' filled), or whose optional params have defaults;
 * - one URL per item where the params can be enumerated from the database (`ENUMERATORS`): the
 *   media articles (the page showing `mediaArticle`, `:id` and the slug of the title, as the media
 *   list links them) and the terms pages (the page reading `terms-and-conditions/slug/:slug`);
 * - not: the not-found page, redirect-only pages, pages owned by a shop slug (merchant, promotion
 *   and reseller shops: their slugs are the shops' own data, demo data in the seed), `/dev` pages,
 *   and private screens (`PRIVATE_BLOCKS`: checkouts and the payment result, one visitor's state).
 * robots.txt allows everything but the server's private prefixes (`PRIVATE_PREFIXES`) and the
 * payment result (`UNCRAWLABLE_BLOCKS`).
 */

/** A section as far as they read it: its block type (a string, as a JSON import types it) and its source. */
type SeoSection = { type: string } & Pick<SectionKeys, 'source'>;

/** The pages config as far as robots.txt and the sitemap read it (pages.config.json fits). */
export interface SeoConfig {
  site: { product: { short: string } };
  pages: ReadonlyArray<Pick<PageConfig, 'name' | 'path' | 'owner' | 'params' | 'redirect'> & { sections?: ReadonlyArray<SeoSection> }>;
}

export interface SeoOptions {
  /** The site's public URL (the `publicUrl` setting): an absolute http(s) origin, optionally with a base path. */
  publicUrl: string;
  config: SeoConfig;
  /** Where enumerable params come from (articles, terms). */
  repo: Pick<Repo, 'articles' | 'list'>;
}

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  /** Last modification, YYYY-MM-DD, where the content knows it. */
  lastmod?: string;
}

/** Server paths crawlers never need: the API, the payment provider's pages, development helpers. */
const PRIVATE_PREFIXES = ['/api/', '/sandbox-pay/', '/dev/'] as const;

/** Blocks that make a page a private screen (one visitor's cart, checkout or payment): not in the sitemap. */
export const PRIVATE_BLOCKS: ReadonlySet<string> = new Set(['checkout', 'resellerCheckout', 'paymentResult']);
/**
 * Blocks whose pages crawlers are kept out of: the payment result (one visitor's payment). A checkout
 * is the same empty form for everyone (the cart lives in the browser), so it stays crawlable.
 */
const UNCRAWLABLE_BLOCKS = new Set(['paymentResult']);

const NOT_FOUND_PAGE = 'NotFound';

type Page = SeoConfig['pages'][number];

interface Enumerated {
  params: Record<string, string>;
  lastmod?: string;
}

/** The day an item last changed, from the first date it carries (updated, created, posted). */
function lastmodOf(item: Item): string | undefined {
  for (const key of ['updated_at', 'created_at', 'post_date']) {
    const value = item[key];
    if (typeof value !== 'string') continue;
    const time = Date.parse(value);
    if (Number.isFinite(time)) return new Date(time).toISOString().slice(0, 10);
  }
  return undefined;
}

/** Route params the sitemap can enumerate: a page with a matching section gets one URL per item. */
const ENUMERATORS: ReadonlyArray<{
  matches: (section: SeoSection) => boolean;
  items: (repo: SeoOptions['repo']) => Promise<Enumerated[]>;
}> = [
  {
    matches: (section) => section.type === 'mediaArticle',
    items: async (repo) =>
      (await repo.articles<Item>()).map((article) => ({
        params: { id: String(article.id), title: slugify(String(article.title ?? '')) },
        lastmod: lastmodOf(article),
      })),
  },
  {
    matches: (section) => section.source === 'terms-and-conditions/slug/:slug',
    items: async (repo) =>
      (await repo.list<Item>('terms-and-conditions'))
        .filter((terms) => typeof terms.slug === 'string' && terms.slug !== '')
        .map((terms) => ({ params: { slug: String(terms.slug) }, lastmod: lastmodOf(terms) })),
  },
];

/** The public URL without a trailing slash; throws unless it is an absolute http(s) URL. */
function baseUrl(publicUrl: string): string {
  let url: URL;
  try {
    url = new URL(publicUrl);
  } catch {
    throw new Error(`publicUrl must be an absolute http(s) URL (got '${publicUrl}')`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.search || url.hash || url.username || url.password) {
    throw new Error(`publicUrl must be an http(s) origin, optionally with a path (got '${publicUrl}')`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

function hasBlockOf(page: Page, types: ReadonlySet<string>): boolean {
  return (page.sections ?? []).some((section) => types.has(section.type));
}

function isPrivate(page: Page): boolean {
  return hasBlockOf(page, PRIVATE_BLOCKS);
}

/** The site paths of one page for the sitemap (none for pages it leaves out). */
async function pagePaths(page: Page, short: string, repo: SeoOptions['repo']): Promise<Array<{ path: string; lastmod?: string }>> {
  if (page.name === NOT_FOUND_PAGE || page.redirect || page.owner || isPrivate(page) || page.path.startsWith('/dev')) return [];
  const defaults = Object.fromEntries(Object.entries(page.params ?? {}).map(([name, value]) => [name, value.replaceAll('{short}', short)]));
  const enumerator = ENUMERATORS.find((candidate) => (page.sections ?? []).some(candidate.matches));
  const variants: Enumerated[] = enumerator ? await enumerator.items(repo) : [{ params: {} }];
  return variants.flatMap(({ params, lastmod }) => {
    const path = fillRoute(page.path.replaceAll('{short}', short), { ...defaults, ...params });
    return path ? [{ path, lastmod }] : [];
  });
}

/** Every URL of the sitemap, in the order of the config (articles newest first), without duplicates. */
export async function sitemapEntries({ publicUrl, config, repo }: SeoOptions): Promise<SitemapEntry[]> {
  const base = baseUrl(publicUrl);
  const entries = new Map<string, SitemapEntry>();
  for (const page of config.pages) {
    for (const { path, lastmod } of await pagePaths(page, config.site.product.short, repo)) {
      const loc = base + path;
      if (!entries.has(loc)) entries.set(loc, lastmod ? { loc, lastmod } : { loc });
    }
  }
  return [...entries.values()];
}

/** The sitemap document (sitemaps.org 0.9) of these entries, every value XML-escaped. */
export function sitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    ({ loc, lastmod }) => `  <url><loc>${escapeHtml(loc)}</loc>${lastmod ? `<lastmod>${escapeHtml(lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/** The robots.txt rule of a private page: its path up to the params ('/shop/promo/checkout/:slug' -> '/shop/promo/checkout/'). */
function disallowRule(path: string, short: string): string {
  return wildcardPath(path.replaceAll('{short}', short)).replace(/\*+$/, '');
}

/** robots.txt: everything allowed but the private prefixes and the payment result; the sitemap on the public URL. */
export function robotsTxt({ publicUrl, config }: Pick<SeoOptions, 'publicUrl' | 'config'>): string {
  const short = config.site.product.short;
  const rules = new Set<string>(PRIVATE_PREFIXES);
  for (const page of config.pages) {
    const rule = hasBlockOf(page, UNCRAWLABLE_BLOCKS) ? disallowRule(page.path, short) : '';
    if (rule && rule !== '/') rules.add(rule);
  }
  const lines = [
    'User-agent: *',
    'Allow: /',
    ...[...rules].map((rule) => `Disallow: ${rule}`),
    '',
    `Sitemap: ${baseUrl(publicUrl)}/sitemap.xml`,
  ];
  return `${lines.join('\n')}\n`;
}

const SEO_CACHE = 'public, max-age=3600';

/**
 * Serves `/robots.txt` and `/sitemap.xml` (before the static files and the SPA fallback). robots.txt
 * is built once; the sitemap on each request, so new articles appear at once. Throws at start when
 * `publicUrl` is not an http(s) URL.
 */
export function registerSeoFiles(app: FastifyInstance, options: SeoOptions): void {
  const robots = robotsTxt(options);
  app.get('/robots.txt', async (_request, reply) =>
    reply.header('cache-control', SEO_CACHE).type('text/plain; charset=utf-8').send(robots),
  );
  app.get('/sitemap.xml', async (_request, reply) =>
    reply
      .header('cache-control', SEO_CACHE)
      .type('application/xml; charset=utf-8')
      .send(sitemapXml(await sitemapEntries(options))),
  );
}
