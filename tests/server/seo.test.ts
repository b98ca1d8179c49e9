import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pagesConfig from '../../pages.config.json' with { type: 'json' };
import { slugify } from '../../domain/slug';
import { openDatabase, type Db } from '../../server/db';
import { Repo } from '../../server/repo';
import { registerSeoFiles, robotsTxt, sitemapEntries, sitemapXml, type SeoConfig } from '../../server/seo';
import { registerFallback, registerStatic } from '../../server/static';
import { slugify as siteSlugify } from '../../src/blocks/media/articles';
import { databaseUrlFor, dropDatabaseOf, tempDir } from './helpers';

const PUBLIC_URL = 'https://www.bantaydoc.example';
const config: SeoConfig = pagesConfig;

let dataDir: string;
let db: Db;
let repo: Repo;

const ARTICLES = [
  { id: 7, title: 'Dengue & "flu" <season>: what to watch', post_date: '2025-06-02', created_at: '2025-06-02T01:30:00.000Z' },
  { id: 3, title: 'Ubo at sipón: kailan tatawag?', post_date: '2024-11-12' },
];

beforeAll(async () => {
  dataDir = tempDir('telmed-seo-');
  db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
  repo = new Repo(db);
  for (const article of ARTICLES) await repo.insert('articles', { description: '<p>x</p>', ...article });
  await repo.insert('terms-and-conditions', { id: 1, slug: 'bantaydoc', title: 'Terms', description: '<p>t</p>' });
  await repo.insert('terms-and-conditions', { id: 2, slug: 'bantaydoc-shop', title: 'Shop terms', description: '<p>t</p>' });
});
afterAll(async () => {
  await db.close();
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabaseOf(dataDir);
});

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]);

describe('sitemap', () => {
  it('lists every public page of the config, the articles and the terms, on the public URL', async () => {
    const urls = (await sitemapEntries({ publicUrl: PUBLIC_URL, config, repo })).map((entry) => entry.loc.slice(PUBLIC_URL.length));
    expect(urls).toEqual([
      '/',
      '/shop',
      '/login',
      '/contact',
      '/media',
      '/media/article/7/dengue-and-flu-season-what-to-watch',
      '/media/article/3/ubo-at-sipon-kailan-tatawag',
      '/bantaydoc-app',
      '/jobs',
      '/callback',
      '/callback/speed',
      '/video',
      '/register',
      '/privacy',
      '/business',
      '/about',
      '/shop/assignment',
      '/shop/keyassignmentsingle',
      '/shop/keyassignmentfamily',
      '/shop/keyassignmentfamilyplus',
      '/program/generali/alarm-center-referral',
      '/program/intellicare/customer-service-steerage',
      '/terms-and-conditions/bantaydoc',
      '/terms-and-conditions/bantaydoc-shop',
    ]);
  });

  it('leaves out the not-found page, private screens, shops named by a slug and unfilled params', async () => {
    const urls = (await sitemapEntries({ publicUrl: PUBLIC_URL, config, repo })).map((entry) => entry.loc);
    for (const url of urls) {
      expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
      expect(url.slice(PUBLIC_URL.length)).not.toMatch(/[:{}?]|^\/404$|checkout|^\/shop\/payment|^\/shop\/promo|^\/shop\/reseller|^\/dev/);
    }
  });

  it('links each article where the media list links it, with its date', async () => {
    const entries = await sitemapEntries({ publicUrl: PUBLIC_URL, config, repo });
    const articlePage = pagesConfig.pages.find((page) => page.name === 'MediaArticle')!;
    for (const article of ARTICLES) {
      const path = articlePage.path.replace(':id', String(article.id)).replace(':title', siteSlugify(article.title));
      expect(entries).toContainEqual({ loc: `${PUBLIC_URL}${path}`, lastmod: article.post_date });
    }
  });

  it('makes the same slugs as the site for every demo title', () => {
    const articles = (JSON.parse(readFileSync('content/articles.json', 'utf8')) as { items: Array<{ title: string }> }).items;
    const titles = [...articles.map((article) => article.title), 'Ñino & Señora — 24/7 care!', '  spaced   out  '];
    for (const title of titles) expect(slugify(title)).toBe(siteSlugify(title));
  });

  it('is well-formed sitemaps.org XML with every value escaped', () => {
    const xml = sitemapXml([{ loc: 'https://example.ph/a?x=1&y=<2>', lastmod: '2025-01-02' }, { loc: "https://example.ph/it's" }]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url><loc>https://example.ph/a?x=1&amp;y=&lt;2&gt;</loc><lastmod>2025-01-02</lastmod></url>\n' +
        '  <url><loc>https://example.ph/it&#39;s</loc></url>\n' +
        '</urlset>\n',
    );
  });

  it('fills {short}, optional params from their defaults and skips params it cannot enumerate', async () => {
    const small: SeoConfig = {
      site: { product: { short: 'acme' } },
      pages: [
        { name: 'App', path: '/{short}-app' },
        { name: 'Guide', path: '/guide/:topic?', params: { topic: '{short}-basics' } },
        { name: 'Optional', path: '/help/:topic?' },
        { name: 'Required', path: '/doctor/:id' },
        { name: 'Dev', path: '/dev/outbox' },
        { name: 'NotFound', path: '/404' },
        { name: 'Redirect', path: '/old', redirect: '/' },
        { name: 'Owned', path: '/club/home', owner: { source: 'resellers/slug/:slug', param: 'reseller_id' } },
        { name: 'Pay', path: '/pay/result', sections: [{ type: 'paymentResult' }] },
      ],
    };
    const urls = (await sitemapEntries({ publicUrl: 'https://acme.example/site/', config: small, repo })).map((entry) => entry.loc);
    expect(urls).toEqual([
      'https://acme.example/site/acme-app',
      'https://acme.example/site/guide/acme-basics',
      'https://acme.example/site/help',
    ]);
  });

  it.each(['', 'www.example.ph', 'ftp://example.ph', 'javascript:alert(1)', 'https://example.ph/?q=1'])(
    'refuses the public URL %j',
    async (publicUrl) => {
      await expect(sitemapEntries({ publicUrl, config, repo })).rejects.toThrow(/publicUrl/);
      expect(() => robotsTxt({ publicUrl, config })).toThrow(/publicUrl/);
    },
  );
});

describe('robots.txt', () => {
  it('allows everything but the API, the payment provider, dev helpers and the payment result, and names the sitemap', () => {
    expect(robotsTxt({ publicUrl: PUBLIC_URL, config })).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /sandbox-pay/',
        'Disallow: /dev/',
        'Disallow: /shop/payment',
        '',
        'Sitemap: https://www.bantaydoc.example/sitemap.xml',
        '',
      ].join('\n'),
    );
  });

  it('never disallows the whole site for a private page at the root, and uses * for params inside a path', () => {
    const small: SeoConfig = {
      site: { product: { short: 'acme' } },
      pages: [
        { name: 'Root', path: '/:slug?', sections: [{ type: 'paymentResult' }] },
        { name: 'Nested', path: '/:slug/payment', sections: [{ type: 'paymentResult' }] },
      ],
    };
    const text = robotsTxt({ publicUrl: 'https://acme.example', config: small });
    expect(text).not.toMatch(/^Disallow: \/$/m);
    expect(text).toContain('Disallow: /*/payment\n');
  });
});

describe('served files', () => {
  let app: FastifyInstance;
  let bare: FastifyInstance;
  let siteDir: string;
  beforeAll(async () => {
    // trustProxy on: a forged X-Forwarded-Host would change request.host, never the URLs served.
    app = Fastify({ trustProxy: true });
    registerSeoFiles(app, { publicUrl: PUBLIC_URL, config, repo });
    await app.ready();
    // A built site without the SEO files: they must not fall back to the page.
    siteDir = tempDir('telmed-seo-site-');
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><div id="root"></div>');
    bare = Fastify();
    await registerStatic(bare, siteDir);
    registerFallback(bare, siteDir);
    await bare.ready();
  });
  afterAll(async () => {
    await app.close();
    await bare.close();
    rmSync(siteDir, { recursive: true, force: true });
  });

  const FORGED = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' };

  it('serves robots.txt as text on the public URL, whatever Host the request names', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt', headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe(robotsTxt({ publicUrl: PUBLIC_URL, config }));
    expect(response.body).toContain('Sitemap: https://www.bantaydoc.example/sitemap.xml\n');
    expect(response.body).not.toContain('evil');
  });

  it('serves the sitemap as application/xml on the public URL, whatever Host the request names', async () => {
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml', headers: FORGED });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(response.body).not.toContain('evil');
    const urls = locs(response.body);
    expect(urls.length).toBeGreaterThan(20);
    for (const url of urls) expect(url.startsWith(`${PUBLIC_URL}/`)).toBe(true);
    expect(response.body).toContain('<lastmod>2025-06-02</lastmod>');
    expect((await app.inject({ method: 'HEAD', url: '/sitemap.xml' })).statusCode).toBe(200);
  });

  it('lists an article published after start at the next request', async () => {
    await repo.insert('articles', { id: 99, title: 'Fresh news', description: '<p>x</p>', post_date: '2025-07-01' });
    const response = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(locs(response.body)).toContain(`${PUBLIC_URL}/media/article/99/fresh-news`);
  });

  it('answers a plain 404, not the page, for robots.txt and the sitemap where they are not served', async () => {
    expect((await bare.inject({ method: 'GET', url: '/media', headers: { accept: 'text/html' } })).body).toContain('id="root"');
    for (const url of ['/robots.txt', '/sitemap.xml']) {
      const response = await bare.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('text/plain');
    }
  });

  it('refuses to start without a usable public URL', () => {
    expect(() => registerSeoFiles(Fastify(), { publicUrl: 'not a url', config, repo })).toThrow(/publicUrl/);
  });
});
