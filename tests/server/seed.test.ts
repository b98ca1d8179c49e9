import Database from 'better-sqlite3';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations, openDatabase } from '../../server/db';
import { verifyActivationCode } from '../../server/keys/code-hash';
import { Repo } from '../../server/repo';
import { buildSeed, DEMO_KEY_ORDERS, seedDemoKeys, seedIfEmpty } from '../../server/seed';
import { manilaToday } from '../../domain/dates';
import { getJson, startServer, tempDir, type Items } from './helpers';

describe('database and seeding', () => {
  it('creates the database on first start, seeds it once and keeps it on restart', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = await startServer({ dataDir, now: () => new Date('2026-03-10T02:00:00Z') });
    const seededAt = first.app.ctx.repo.getMeta('seeded_at');
    const count = first.app.ctx.repo.count();
    expect(count).toBeGreaterThan(100);
    // An editor's change must survive a restart (no reseeding of a non-empty database).
    first.app.ctx.db.prepare("DELETE FROM content WHERE resource = 'faqs' AND id = 1").run();
    await first.cleanup();

    const second = await startServer({ dataDir, now: () => new Date('2027-01-01T00:00:00Z') });
    expect(second.app.ctx.repo.getMeta('seeded_at')).toBe(seededAt);
    expect(second.app.ctx.repo.count()).toBe(count - 1);
    await second.cleanup();

    const db = new Database(join(dataDir, 'app.db'), { readonly: true });
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('user_version', { simple: true })).toBe(Math.max(...migrations.map((m) => m.version)));
    db.close();
    rmSync(join(dataDir, '..', '..'), { recursive: true, force: true });
  });
});

describe('articles', () => {
  const years = (items: Items) => new Set(items.map((a) => (a.post_date as string).slice(0, 4)));

  it('spreads 20-30 articles over the current year and the two before, never in the future', async () => {
    const now = new Date('2026-07-15T03:00:00Z');
    const { app, cleanup } = await startServer({ now: () => now });
    const all = ((await getJson(app, '/api/v1/articles')).body as { data: Items }).data;
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all.length).toBeLessThanOrEqual(30);
    expect(years(all)).toEqual(new Set(['2024', '2025', '2026']));
    expect(all.every((a) => (a.post_date as string) <= '2026-07-15')).toBe(true);
    // Default order: newest first.
    const dates = all.map((a) => a.post_date as string);
    expect(dates).toEqual([...dates].sort().reverse());
    // Several months are empty in a past year.
    const months2025 = new Set(
      all.filter((a) => (a.post_date as string).startsWith('2025')).map((a) => (a.post_date as string).slice(5, 7)),
    );
    expect(months2025.size).toBeGreaterThan(3);
    expect(months2025.size).toBeLessThan(10);
    // One article exercises the site's sanitizer.
    expect(all.some((a) => /<script|onerror=/i.test(a.description as string))).toBe(true);
    expect(all.every((a) => (a.description as string).includes('<p>'))).toBe(true);
    await cleanup();
  });

  it('filters by year and orders by post_date', async () => {
    const { app, cleanup } = await startServer({ now: () => new Date('2026-07-15T03:00:00Z') });
    for (const year of ['2024', '2025', '2026']) {
      const desc = ((await getJson(app, `/api/v1/articles?year=${year}&order_by=DESC`)).body as { data: Items }).data;
      const asc = ((await getJson(app, `/api/v1/articles?year=${year}&order_by=ASC`)).body as { data: Items }).data;
      expect(desc.length).toBeGreaterThan(0);
      expect(years(desc)).toEqual(new Set([year]));
      expect(asc.map((a) => a.id)).toEqual(desc.map((a) => a.id).reverse());
      const dates = asc.map((a) => a.post_date as string);
      expect(dates).toEqual([...dates].sort());
    }
    expect(((await getJson(app, '/api/v1/articles?year=2019')).body as { data: Items }).data).toEqual([]);
    const one = await getJson(app, '/api/v1/articles/3');
    expect(one.status).toBe(200);
    expect((one.body as { data: { id: number } }).data.id).toBe(3);
    await cleanup();
  });

  it('uses the Manila calendar: seeded at 17:00 UTC on 31 Dec, the current year is the next one', async () => {
    const now = new Date('2025-12-31T17:00:00Z');
    expect(manilaToday(now)).toBe('2026-01-01');
    const { app, cleanup } = await startServer({ now: () => now });
    const current = ((await getJson(app, '/api/v1/articles?year=2026')).body as { data: Items }).data;
    expect(current.length).toBeGreaterThanOrEqual(2);
    expect(current.every((a) => a.post_date === '2026-01-01')).toBe(true);
    const all = ((await getJson(app, '/api/v1/articles')).body as { data: Items }).data;
    expect(years(all)).toEqual(new Set(['2024', '2025', '2026']));
    await cleanup();
  });
});

/**
 * The seeded database, compared with a snapshot (tests/server/fixtures/seed-snapshot.json) taken
 * from the seed as it was written in code, before it became fixtures: the content rows, meta, and
 * the demo orders (without their random payment token) and keys, for one product and seeding day;
 * on other days, the rows that follow the seeding day (articles, promo windows). After an intended
 * change of the demo content, rewrite it with `UPDATE_SEED_SNAPSHOT=1 npx vitest run
 * tests/server/seed.test.ts` and review the diff.
 */
describe('the seeded database', () => {
  const SNAPSHOT_FILE = join(__dirname, 'fixtures', 'seed-snapshot.json');
  /** Not the site's product: a name written into the content instead of `{product}` would show. */
  const PRODUCT = { name: 'Snapshot Care', short: 'snapcare' };
  const BASE_DAY = '2026-07-15T03:00:00.000Z';
  /** New Year's Day in Manila (17:00 UTC on 31 Dec), and an early day of March (windows across February). */
  const OTHER_DAYS = ['2025-12-31T17:00:00.000Z', '2026-03-02T03:00:00.000Z'];
  /** The resources that follow the seeding day. */
  const DATED = new Set(['articles', 'promos']);

  type Row = Record<string, unknown>;
  interface Tables {
    content: Row[];
    meta: Row[];
    orders: Row[];
    access_keys: Row[];
  }
  interface Snapshot {
    product: typeof PRODUCT;
    base: { now: string; tables: Tables };
    days: Record<string, Row[]>;
  }

  function seeded(now: string): Tables {
    const dataDir = tempDir();
    const db = openDatabase(dataDir);
    try {
      const repo = new Repo(db);
      seedIfEmpty(repo, { now: new Date(now), product: PRODUCT, demo: true });
      seedDemoKeys(repo, { now: new Date(now), product: PRODUCT });
      const rows = (sql: string) => db.prepare(sql).all() as Row[];
      return {
        content: rows('SELECT * FROM content ORDER BY resource, id'),
        meta: rows('SELECT * FROM meta ORDER BY key'),
        orders: rows('SELECT * FROM orders ORDER BY id').map(({ token: _token, ...row }) => row),
        access_keys: rows('SELECT * FROM access_keys ORDER BY id'),
      };
    } finally {
      db.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const dated = (rows: Row[]) => rows.filter((row) => DATED.has(row.resource as string));

  /**
   * The key rows as the snapshot has them: a stored code hash that verifies the demo pair's code is
   * written as that code (a hash is salted at random; one that does not verify stays and fails).
   */
  async function withDemoCodes(rows: Row[]): Promise<Row[]> {
    const codes = new Map(DEMO_KEY_ORDERS.flatMap((order) => order.keys).map((pair) => [pair.accessKey, pair.activationCode]));
    return Promise.all(
      rows.map(async ({ activation_code_hash: hash, ...row }) => {
        const code = codes.get(row.access_key as string);
        const verified = code !== undefined && (await verifyActivationCode(code, hash as string));
        return verified ? { ...row, activation_code: code } : { ...row, activation_code_hash: hash };
      }),
    );
  }
  const undated = (rows: Row[]) => rows.filter((row) => !DATED.has(row.resource as string));

  async function current(): Promise<Snapshot> {
    const base = seeded(BASE_DAY);
    base.access_keys = await withDemoCodes(base.access_keys);
    return {
      product: PRODUCT,
      base: { now: BASE_DAY, tables: base },
      days: Object.fromEntries(OTHER_DAYS.map((day) => [day, dated(seeded(day).content)])),
    };
  }

  it('is the snapshot: every content row (body included, to the byte), meta, demo orders and keys', async () => {
    const now = await current();
    if (process.env.UPDATE_SEED_SNAPSHOT === '1') writeFileSync(SNAPSHOT_FILE, `${JSON.stringify(now, null, 1)}\n`);
    const snapshot = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Snapshot;
    expect(now.base).toEqual(snapshot.base);
    for (const day of OTHER_DAYS) expect(now.days[day], day).toEqual(snapshot.days[day]);
  });

  it('fills every token of the fixtures (an unknown one fails the seed)', () => {
    const text = JSON.stringify(buildSeed({ now: new Date(BASE_DAY), product: PRODUCT }));
    expect(text.match(/\{[A-Za-z]+(?:[+-]\d+)?\}/g)).toBeNull();
  });

  it('changes with the seeding day only in the articles and promo windows', () => {
    const base = undated(seeded(BASE_DAY).content);
    for (const day of OTHER_DAYS) expect(undated(seeded(day).content), day).toEqual(base);
  });
});
