import Database from 'better-sqlite3';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { all, migrations, openDatabase, sql } from '../../server/db';
import { verifyActivationCode } from '../../server/keys/code-hash';
import { Repo } from '../../server/repo';
import { checkedContent, followContent } from '../../server/content/follow';
import { DEMO_KEY_ORDERS, seedDemoKeys } from '../../server/seed';
import { databaseUrlFor, dropDatabaseOf, ON_POSTGRES, startServer, tempDir } from './helpers';

describe('the database', () => {
  it('is created on first start with the content of the files, and kept on restart', async () => {
    const dataDir = join(tempDir(), 'nested', 'data');
    const first = await startServer({ dataDir, now: () => new Date('2026-03-10T02:00:00Z') });
    const count = await first.app.ctx.repo.count();
    expect(count).toBeGreaterThan(100);
    expect(await first.app.ctx.repo.getMeta('content_synced_at')).toBe('2026-03-10T02:00:00.000Z');
    await first.cleanup();

    // Nothing changed in the files and the same day (the demo's promo windows move with the day):
    // nothing to write on the next start.
    const second = await startServer({ dataDir, now: () => new Date('2026-03-10T09:00:00Z') });
    expect(await second.app.ctx.repo.count()).toBe(count);
    expect(await second.app.ctx.repo.getMeta('content_synced_at')).toBe('2026-03-10T02:00:00.000Z');
    await second.cleanup();

    // The SQLite file: in WAL mode, at the latest schema version.
    if (!ON_POSTGRES) {
      const db = new Database(join(dataDir, 'app.db'), { readonly: true });
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.prepare('SELECT name FROM kysely_migration ORDER BY name').pluck().all()).toEqual(Object.keys(migrations).sort());
      db.close();
    }
    rmSync(join(dataDir, '..', '..'), { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
});

/**
 * The demo database, compared with a snapshot of the seed it replaced (tests/server/fixtures/
 * seed-snapshot.json: the database the seeder made from its token-filled fixtures, for one product
 * and seeding day, and the dated rows of two other days). Made from the content files instead, it
 * must hold the same rows: the same bodies to the byte, but for the articles' dates, which are now
 * real dates; promo windows still move with today; the same demo orders and keys.
 */
describe('the demo database made from the content files', () => {
  const SNAPSHOT_FILE = join(__dirname, 'fixtures', 'seed-snapshot.json');
  /** Not the site's product: a name written into the content instead of `{product}` would show. */
  const PRODUCT = { name: 'Snapshot Care', short: 'snapcare' };
  const BASE_DAY = '2026-07-15T03:00:00.000Z';
  /** New Year's Day in Manila (17:00 UTC on 31 Dec), and an early day of March (windows across February). */
  const OTHER_DAYS = ['2025-12-31T17:00:00.000Z', '2026-03-02T03:00:00.000Z'];
  const ROOT = join(__dirname, '..', '..');

  type Row = Record<string, unknown>;
  interface Tables {
    content: Row[];
    meta: Row[];
    orders: Row[];
    access_keys: Row[];
  }
  interface Snapshot {
    base: { now: string; tables: Tables };
    days: Record<string, Row[]>;
  }
  const snapshot = JSON.parse(readFileSync(SNAPSHOT_FILE, 'utf8')) as Snapshot;

  async function made(now: string): Promise<Tables> {
    const dataDir = tempDir();
    const db = await openDatabase({ dataDir, databaseUrl: await databaseUrlFor(dataDir) });
    try {
      const repo = new Repo(db);
      await followContent(repo, checkedContent({ root: ROOT, demo: true, product: PRODUCT, now: new Date(now) }), {
        demo: true,
        now: new Date(now),
      });
      await seedDemoKeys(repo, { now: new Date(now) });
      return {
        content: await all<Row>(db.query, sql`SELECT * FROM content ORDER BY resource, id`),
        meta: await all<Row>(db.query, sql`SELECT * FROM meta ORDER BY key`),
        orders: (await all<Row>(db.query, sql`SELECT * FROM orders ORDER BY id`)).map(({ token: _token, ...row }) => row),
        access_keys: await all<Row>(db.query, sql`SELECT * FROM access_keys ORDER BY id`),
      };
    } finally {
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabaseOf(dataDir);
    }
  }

  /** An article row without its dates (the old seed moved them with the seeding day). */
  const undated = (row: Row): Row => {
    if (row.resource !== 'articles') return row;
    const { post_date: _date, created_at: _created, ...body } = JSON.parse(row.body as string) as Row;
    return { ...row, post_date: null, body };
  };

  /**
   * A snapshot row as the content is now, where it was changed on purpose since: the home page's
   * first banner is a photo of content/media, no longer the old seed's drawing.
   */
  const HOME_BANNER = (JSON.parse(readFileSync(join(ROOT, 'content', 'home-sliders.json'), 'utf8')) as { items: Row[] }).items[0];
  const sinceTheSeed = (row: Row): Row => {
    if (row.resource !== 'home-sliders' || row.id !== HOME_BANNER.id) return row;
    const body = JSON.parse(row.body as string) as Row;
    return { ...row, body: JSON.stringify({ ...body, background_image: HOME_BANNER.background_image }) };
  };

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

  it('holds every content row of the old seed, the same demo orders and keys', async () => {
    const now = await made(BASE_DAY);
    const before = snapshot.base.tables;
    expect(now.content.map(undated)).toEqual(before.content.map(sinceTheSeed).map(undated));
    expect(now.orders).toEqual(before.orders);
    expect(await withDemoCodes(now.access_keys)).toEqual(before.access_keys);
    const mode = (rows: Row[]) => rows.filter((row) => row.key === 'seed_mode' || row.key === 'demo_keys_seeded');
    expect(mode(now.meta)).toEqual(mode(before.meta));
  });

  it('moves the promo windows with today as the old seed did, and keeps the articles on their dates', async () => {
    const articles = (await made(BASE_DAY)).content.filter((row) => row.resource === 'articles');
    for (const day of OTHER_DAYS) {
      const rows = (await made(day)).content;
      const promos = (list: Row[]) => list.filter((row) => row.resource === 'promos');
      expect(promos(rows), day).toEqual(promos(snapshot.days[day]));
      expect(
        rows.filter((row) => row.resource === 'articles'),
        day,
      ).toEqual(articles);
    }
  });
});
