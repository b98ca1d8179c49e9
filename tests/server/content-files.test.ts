import { spawnSync } from 'node:child_process';
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RawBuilder } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/app';
import { ContentError } from '../../server/content/follow';
import { all, one, openDatabase, run, sql, type Db } from '../../server/db';
import { syncDatabase } from '../../server/ops/content-sync';
import { DEMO } from '../../server/seed';
import { manilaToday } from '../../domain/dates';
import { databaseUrlFor, dropDatabaseOf, getJson, ON_POSTGRES, PRODUCT, startServer, tempDir, VALID_BILLINGS, type Items } from './helpers';

const ROOT = resolve(__dirname, '../..');

type Json = Record<string, unknown>;
interface ContentFile {
  $schema: string;
  demoDatesAsOf?: string;
  items: Json[];
}

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the project's content files and schemas in a temp folder, to edit as an editor would. */
function contentCopy(): { root: string; read(file: string): ContentFile; write(file: string, data: ContentFile): void } {
  const root = tempDir('telmed-content-');
  cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true });
  cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return {
    root,
    read: (file) => JSON.parse(readFileSync(join(root, file), 'utf8')) as ContentFile,
    write: (file, data) => writeFileSync(join(root, file), `${JSON.stringify(data, null, 2)}\n`),
  };
}

/** A new data folder (and its PostgreSQL schema), removed after the test. */
function newDataDir(): string {
  const dataDir = tempDir();
  cleanups.push(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
  return dataDir;
}

/** The number a count query answers (as n). */
const countOf = async (db: Db, query: RawBuilder<unknown>) => (await one<{ n: number }>(db.query, query))!.n;

/** A server on `dataDir` following the content of `root`, with its log lines. */
async function start(dataDir: string, root: string, options: { demo?: boolean; now?: () => Date } = {}) {
  const lines: string[] = [];
  const server = await startServer({
    dataDir,
    contentRoot: root,
    demo: options.demo ?? true,
    now: options.now,
    logger: 'info',
    logStream: { write: (line) => lines.push((JSON.parse(line) as { msg: string }).msg) },
  });
  return { ...server, log: () => lines.filter((line) => line.startsWith('content: ')) };
}

const articlesOf = async (app: Awaited<ReturnType<typeof start>>['app']) =>
  ((await getJson(app, '/api/v1/articles')).body as { data: Items }).data;

describe('the database follows the content files', () => {
  it('serves an article added, one changed and one removed after a restart; an order keeps the price it was sold at', async () => {
    const content = contentCopy();
    const dataDir = newDataDir();

    const first = await start(dataDir, content.root);
    const before = await articlesOf(first.app);
    const order = await first.app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      payload: VALID_BILLINGS['/api/v1/billing-informations'].body,
    });
    expect(order.statusCode).toBe(201);
    const sold = await one<Json>(
      first.app.ctx.db.query,
      sql`SELECT id, plan_id, plan_name, unit_amount, total FROM orders ORDER BY id DESC LIMIT 1`,
    );
    await first.cleanup();

    const articles = content.read('content/articles.json');
    const [changed, removed] = articles.items;
    articles.items = articles.items.filter((item) => item !== removed);
    changed.title = 'Rainy season illnesses: an update from our doctors';
    articles.items.push({
      ...changed,
      id: 99,
      title: 'Fresh news for {product} members',
      post_date: '2026-11-25',
      created_at: '2026-11-25T01:00:00.000Z',
    });
    content.write('content/articles.json', articles);
    const plans = content.read('content/shop-plans.json');
    plans.items[0].price = 1999;
    content.write('content/shop-plans.json', plans);

    const second = await start(dataDir, content.root);
    cleanups.push(second.cleanup);
    expect(second.log()).toEqual([
      'content: articles: 1 added, 1 changed, 1 removed',
      'content: shop-plans: 1 changed',
      expect.stringMatching(/^content: release 2 made from the files \(\d+ items, \d+ ms\)$/),
    ]);
    const after = await articlesOf(second.app);
    expect(after).toHaveLength(before.length);
    expect(after.map((a) => a.id)).not.toContain(removed.id);
    expect(after.find((a) => a.id === changed.id)?.title).toBe('Rainy season illnesses: an update from our doctors');
    expect(after.find((a) => a.id === 99)).toMatchObject({ id: 99, title: 'Fresh news for Bantay Doc members', post_date: '2026-11-25' });
    expect((await getJson(second.app, `/api/v1/articles/${String(removed.id)}`)).status).toBe(404);
    expect(((await getJson(second.app, '/api/v1/shop-plans')).body as { data: Items }).data[0].price).toBe(1999);
    // The order was sold before the price changed: its plan and amounts are what the buyer was shown.
    expect(
      await one(second.app.ctx.db.query, sql`SELECT id, plan_id, plan_name, unit_amount, total FROM orders WHERE id = ${sold!.id}`),
    ).toEqual(sold);
    // The site's pages read the same API: the media page of the new article renders it.
    expect((await getJson(second.app, '/api/v1/articles?year=2026')).body).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ id: 99 })]),
    });
  });

  it('puts back what was changed in the database by hand, and says so', async () => {
    const content = contentCopy();
    const dataDir = newDataDir();
    const first = await start(dataDir, content.root);
    const { query } = first.app.ctx.db;
    expect(await run(query, sql`DELETE FROM content WHERE resource = 'faqs' AND id = 1`)).toBe(1);
    const job = await one<{ body: string }>(query, sql`SELECT body FROM content WHERE resource = 'jobs' AND id = 1`);
    const edited = JSON.stringify({ ...(JSON.parse(job!.body) as Json), title: 'edited by SQL' });
    expect(await run(query, sql`UPDATE content SET body = ${edited} WHERE resource = 'jobs' AND id = 1`)).toBe(1);
    await first.cleanup();

    const second = await start(dataDir, content.root);
    cleanups.push(second.cleanup);
    expect(second.log().slice(0, 2)).toEqual(['content: faqs: 1 added', 'content: jobs: 1 changed']);
    const third = await start(newDataDir(), content.root);
    cleanups.push(third.cleanup);
    // Two databases that follow the same files serve the same content.
    for (const path of ['/api/v1/faqs', '/api/v1/jobs', '/api/v1/articles', '/api/v1/shop-plans']) {
      expect((await getJson(second.app, path)).body, path).toEqual((await getJson(third.app, path)).body);
    }
  });

  it('syncs once when several instances start on one database: the next finds it up to date', async () => {
    const dataDir = newDataDir();
    const [a, b] = await Promise.all([start(dataDir, ROOT), start(dataDir, ROOT)]);
    cleanups.push(a.cleanup, b.cleanup);
    const logs = [a.log(), b.log()].sort((x, y) => x.length - y.length);
    expect(logs[0]).toEqual([expect.stringMatching(/^content: release 1 is live, the files are the same/)]);
    expect(logs[1].length).toBeGreaterThan(40);
  });
});

describe('a start with invalid content files', () => {
  it('refuses to start, says where each problem is, and changes nothing', async () => {
    const content = contentCopy();
    const dataDir = newDataDir();
    const first = await start(dataDir, content.root);
    const count = await first.app.ctx.repo.count('articles');
    await first.cleanup();

    const articles = content.read('content/articles.json');
    delete articles.items[0].title;
    articles.items[1].id = articles.items[2].id;
    content.write('content/articles.json', articles);
    const promos = content.read('content/demo/promos.json');
    promos.items[0].valid_end = '2000-01-01';
    content.write('content/demo/promos.json', promos);

    const started = start(dataDir, content.root);
    await expect(started).rejects.toBeInstanceOf(ContentError);
    const message = await started.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^content\/articles\.json:4:5 {2}\/items\/0 {2}missing required property 'title'$/m);
    expect(message).toMatch(
      /^content\/articles\.json:\d+:\d+ {2}\/items\/2\/id {2}duplicate id \d+ \(also at content\/articles\.json \/items\/1\)$/m,
    );
    expect(message).toMatch(
      /^content\/demo\/promos\.json:\d+:\d+ {2}\/items\/0\/valid_end {2}the code's window ends \(2000-01-01\) before it starts/m,
    );

    const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
    try {
      expect(await countOf(db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM content WHERE resource = 'articles'`)).toBe(count);
    } finally {
      await db.close();
    }
  });
  it("names a syntax error in the editor's words, at its line and column", async () => {
    const content = contentCopy();
    writeFileSync(join(content.root, 'content/articles.json'), '{"a": tru}');
    const started = start(newDataDir(), content.root);
    await expect(started).rejects.toBeInstanceOf(ContentError);
    const message = await started.then(
      () => '',
      (error: Error) => error.message,
    );
    expect(message).toMatch(/^content\/articles\.json:1:7 {2}\(root\) {2}invalid JSON: unexpected 'tru' \(did you mean true\?\)$/m);
  });
});

describe('demo data', () => {
  it('a production start has none of it, and never reads content/demo/', async () => {
    const content = contentCopy();
    // A broken demo file does not matter to production, which does not load it.
    writeFileSync(join(content.root, 'content/demo/promos.json'), '{ not json');
    const server = await start(newDataDir(), content.root, { demo: false });
    cleanups.push(server.cleanup);
    const { repo, db } = server.app.ctx;
    for (const resource of [
      'promos',
      'merchants',
      'promotions',
      'promotion-codes',
      'resellers',
      'reseller-shop-plans',
      'merchant-shop-plans',
    ]) {
      expect(await repo.count(resource), resource).toBe(0);
    }
    expect(await repo.count('articles')).toBeGreaterThan(0);
    expect(await countOf(db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM access_keys`)).toBe(0);
    expect((await getJson(server.app, `/api/v1/merchants/show/${DEMO.merchant.slug}`)).status).toBe(404);
  });

  it("adds to the site's own items of the same resource: production's real promo code and the demo's", async () => {
    const content = contentCopy();
    const real = {
      id: 50,
      name: 'Launch offer',
      code: 'LAUNCH50',
      discount: 50,
      valid_start: '2026-01-01',
      valid_end: '2099-12-31',
      shop_plan_id: 1,
    };
    content.write('content/promos.json', { $schema: '../schemas/content/promo-code.json', items: [real] });
    const production = await start(newDataDir(), content.root, { demo: false });
    cleanups.push(production.cleanup);
    expect((await production.app.ctx.repo.list('promos')).map((p) => p.code)).toEqual(['LAUNCH50']);
    const demo = await start(newDataDir(), content.root);
    cleanups.push(demo.cleanup);
    expect((await demo.app.ctx.repo.list('promos')).map((p) => p.code)).toEqual([
      'WELCOME10',
      'EXPIRED10',
      'FUTURE10',
      'OTHERPLAN',
      'LAUNCH50',
    ]);

    // One id space across both files.
    content.write('content/promos.json', { $schema: '../schemas/content/promo-code.json', items: [{ ...real, id: 1 }] });
    await expect(start(newDataDir(), content.root)).rejects.toThrow(
      /content\/demo\/promos\.json:\d+:\d+ {2}\/items\/0\/id {2}duplicate id 1 \(also at content\/promos\.json \/items\/0\)/,
    );
  });

  it('a demo start has the partners, codes and keys, with promo windows that move with today', async () => {
    for (const day of ['2026-11-26T03:00:00Z', '2031-02-28T20:00:00Z']) {
      const server = await start(newDataDir(), ROOT, { now: () => new Date(day) });
      cleanups.push(server.cleanup);
      const today = manilaToday(new Date(day));
      const windowOf = async (code: string) => {
        const response = await server.app.inject({ method: 'POST', url: '/api/v1/promos/check/code', payload: { code } });
        const { valid_start: start, valid_end: end } = (response.json() as { data: { valid_start: string; valid_end: string } }).data;
        return start > today ? 'not started' : end < today ? 'ended' : 'valid';
      };
      expect(await windowOf(DEMO.promoCodes.valid), day).toBe('valid');
      expect(await windowOf(DEMO.promoCodes.expired), day).toBe('ended');
      expect(await windowOf(DEMO.promoCodes.future), day).toBe('not started');
      expect((await getJson(server.app, `/api/v1/resellers/slug/${DEMO.reseller.slug}`)).status).toBe(200);
      expect(await countOf(server.app.ctx.db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM access_keys`)).toBeGreaterThan(0);
      // Articles keep their real dates.
      expect((await articlesOf(server.app)).at(-1)?.post_date).toBe('2024-03-08');
    }
  });
});

describe.skipIf(ON_POSTGRES)('upgrade from a database seeded the old way', () => {
  /**
   * tests/server/fixtures/db-before-content-files/app.db was made by the version before content
   * files (make-old-db.ts.txt): seeded once from its fixtures, with paid, promo and pending orders,
   * used and unused keys, a contact form and a job application with its CV. A SQLite file: that
   * version had no PostgreSQL.
   */
  const FIXTURE = join(__dirname, 'fixtures', 'db-before-content-files');
  const expected = JSON.parse(readFileSync(join(FIXTURE, 'expected.json'), 'utf8')) as {
    orders: Json[];
    access_keys: Json[];
    form_submissions: number;
    submission_files: number;
  };

  it('keeps every order, key and submission and brings the content to the files', async () => {
    const dataDir = newDataDir();
    mkdirSync(dataDir, { recursive: true });
    copyFileSync(join(FIXTURE, 'app.db'), join(dataDir, 'app.db'));
    // The day the old database was last used: its pending order has not expired yet.
    const server = await start(dataDir, ROOT, { now: () => new Date('2026-11-20T03:30:00Z') });
    cleanups.push(server.cleanup);
    const { db } = server.app.ctx;
    expect(await all(db.query, sql`SELECT id, plan_id, plan_name, quantity, total, status FROM orders ORDER BY id`)).toEqual(
      expected.orders,
    );
    expect(await all(db.query, sql`SELECT access_key, status, order_id FROM access_keys ORDER BY id`)).toEqual(expected.access_keys);
    expect(await countOf(db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM form_submissions`)).toBe(expected.form_submissions);
    expect(await countOf(db, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM submission_files WHERE length(content) > 0`)).toBe(
      expected.submission_files,
    );
    // The old seed's moving dates of this year's latest articles become the files' real ones, and
    // the home banner the photo the files now name.
    expect(server.log()).toEqual([
      'content: articles: 2 changed',
      'content: home-sliders: 1 changed',
      expect.stringMatching(/^content: release 1 made from the files/),
    ]);
    const fresh = await start(newDataDir(), ROOT, { now: () => new Date('2026-11-20T03:30:00Z') });
    cleanups.push(fresh.cleanup);
    for (const path of ['/api/v1/articles', '/api/v1/faqs', '/api/v1/shop-plans', `/api/v1/resellers/slug/${DEMO.reseller.slug}`]) {
      expect((await getJson(server.app, path)).body, path).toEqual((await getJson(fresh.app, path)).body);
    }
    expect(await server.app.ctx.repo.getMeta('seed_mode')).toBe('demo');
  });
});

describe('buildServer without a content root', () => {
  it('follows the repository content/ with the product names filled in', async () => {
    const dataDir = newDataDir();
    const app = await buildServer({ dataDir, databaseUrl: await databaseUrlFor(dataDir), demo: true, product: PRODUCT });
    cleanups.push(() => app.close());
    const faqs = ((await getJson(app, '/api/v1/faqs')).body as { data: Items }).data;
    expect(JSON.stringify(faqs)).not.toMatch(/\{(product|short)\}/);
    expect(JSON.stringify(faqs)).toContain('Bantay Doc');
  });
});

describe('npm run content:sync', () => {
  /** The command on the database of `dataDir`: its PostgreSQL schema (DATABASE_URL), else its SQLite file. */
  const sync = async (dataDir: string, root: string) =>
    spawnSync(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), join(ROOT, 'scripts/content-sync.ts'), '--root', root], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: (await databaseUrlFor(dataDir)) ?? '' },
      encoding: 'utf8',
    });

  it('brings the database of a running server to the files: its API serves the change at once', async () => {
    const content = contentCopy();
    const dataDir = newDataDir();
    const server = await start(dataDir, content.root, { demo: false });
    cleanups.push(server.cleanup);

    const jobs = content.read('content/jobs.json');
    jobs.items[0].title = 'Night-shift Telemedicine Physician';
    content.write('content/jobs.json', jobs);
    const synced = await sync(dataDir, content.root);
    expect(synced.status, synced.stderr).toBe(0);
    expect(synced.stdout).toMatch(/^content: jobs: 1 changed\ncontent: release 2 made from the files/);
    const served = ((await getJson(server.app, '/api/v1/jobs')).body as { data: Items }).data;
    expect(served[0].title).toBe('Night-shift Telemedicine Physician');
    // A production database stays without the demo's data.
    expect(await server.app.ctx.repo.count('promos')).toBe(0);

    // Invalid files: nothing changes, and the command says where.
    delete jobs.items[1].title;
    content.write('content/jobs.json', jobs);
    const refused = await sync(dataDir, content.root);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^content\/jobs\.json:\d+:\d+ {2}\/items\/1 {2}missing required property 'title'$/m);
    expect(((await getJson(server.app, '/api/v1/jobs')).body as { data: Items }).data[1].title).toBeTypeOf('string');
    // Two runs of the command, each a process of its own that loads the server's code.
  }, 60_000);

  it("shows in the server's pages within HTML_CACHE_SECONDS, without a new build", async () => {
    // A stand-in server bundle whose page shows the first job's title, read from the API as the
    // real pages read their content (tests/server/render.test.ts describes the stand-in).
    const staticDir = tempDir('telmed-ssr-');
    cleanups.push(() => rmSync(staticDir, { recursive: true, force: true }));
    mkdirSync(join(staticDir, '.ssr'));
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html>\n<html lang="en">\n<head><title>Site</title>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>\n<body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(staticDir, '.ssr', 'entry-server.js'),
      `export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) { return { key: new URL(href, 'http://localhost').pathname }; }
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
export async function renderNotFound() { throw new Error('not used'); }
export async function render(href, options) {
  const jobs = await (await options.fetch(options.apiBaseUrl + '/api/v1/jobs')).json();
  return {
    kind: 'page', status: 200, head: { lang: 'en', title: 'Jobs', description: '' }, styles: '', blocks: [], scriptBlocks: [],
    pageKey: 'p0', data: { fallback: {}, notFound: false }, failed: 0,
    pipe: (destination) => { destination.write('<h2>' + jobs.data[0].title + '</h2>'); destination.end(); },
  };
}
`,
    );
    const content = contentCopy();
    const dataDir = newDataDir();
    const server = await startServer({ dataDir, contentRoot: content.root, staticDir, htmlCacheSeconds: 2, htmlStaleSeconds: 0 });
    cleanups.push(server.cleanup);
    const page = async () => (await server.app.inject({ method: 'GET', url: '/jobs', headers: { accept: 'text/html' } })).body;
    expect(await page()).toContain('<h2>Telemedicine Physician</h2>');

    const jobs = content.read('content/jobs.json');
    jobs.items[0].title = 'Night-shift Telemedicine Physician';
    content.write('content/jobs.json', jobs);
    // The command's work, in process (its own process takes longer than the cache time on a busy machine).
    const database = (await databaseUrlFor(dataDir)) ?? join(dataDir, 'app.db');
    expect(await syncDatabase(database, { root: content.root })).toContain('content: jobs: 1 changed');
    // Within the cache time the cached copy is served; after it, the page shows the change.
    expect(await page()).toContain('<h2>Telemedicine Physician</h2>');
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await page()).toContain('<h2>Night-shift Telemedicine Physician</h2>');
  });

  // A data folder names a SQLite file; a PostgreSQL database is named by DATABASE_URL instead.
  it.skipIf(ON_POSTGRES)('refuses a data folder without a database', async () => {
    const refused = await sync(join(newDataDir(), 'none'), ROOT);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^No database at .*app\.db: set DATA_DIR/);
  });
});
