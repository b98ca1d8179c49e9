import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeTotals } from '../../domain/pricing';
import { syncContent } from '../../server/content/sync';
import { all, one, openDatabase, sql, type Db } from '../../server/db';
import { KeyLockout } from '../../server/keys/lockout';
import { KeyActivationStore } from '../../server/keys/store';
import { OutboxStore, type OutgoingMail } from '../../server/mail/outbox';
import { Repo, type Item } from '../../server/repo';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { OrderStore, type NewOrder } from '../../server/shop/store';
import { databaseUrlFor, ON_POSTGRES, startServer } from './helpers';

/**
 * Two instances on one database: the server's own data layer and a second one opened on the same
 * database (another connection, or another pool on PostgreSQL), as a second process has. Whatever
 * must happen once happens once, decided by the database whichever instance asks.
 */
describe(`two instances on one ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'} database`, () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let first: Db;
  let second: Db;
  const now = () => new Date().toISOString();

  beforeAll(async () => {
    server = await startServer();
    first = server.app.ctx.db;
    second = await openDatabase({ dataDir: server.dataDir, databaseUrl: await databaseUrlFor(server.dataDir), poolSize: 4 });
  });
  afterAll(async () => {
    await second?.close();
    await server?.cleanup();
  });

  /** Both instances in turn: even calls on the first, odd on the second. */
  const either = <T>(i: number, on: (db: Db) => T): T => on(i % 2 === 0 ? first : second);

  const order = (overrides: Partial<NewOrder> = {}): NewOrder => ({
    kind: 'standard',
    planId: 1,
    planName: 'Individual',
    resellerId: null,
    quantity: 2,
    members: 0,
    promoId: null,
    totals: computeTotals({ price: 100_000, discount: 0, quantity: 2, memberPrice: null, memberQuantity: 0 }),
    billing: { email: 'buyer@example.com' },
    email: 'buyer@example.com',
    createdAt: now(),
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    ...overrides,
  });

  it('activates a key once when 20 activations race on both', async () => {
    const [pair] = DEMO_KEY_ORDERS[0].keys;
    const lockout = new KeyLockout(server.app.ctx.shared);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        either(i, (db) =>
          new KeyActivationStore(db, lockout).activate(pair.accessKey, pair.activationCode, `198.51.100.${i}`, { i }, now()),
        ),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason !== 'used')).toEqual([]);
    const row = await one<{ status: string }>(first.query, sql`SELECT status FROM access_keys WHERE access_key = ${pair.accessKey}`);
    expect(row?.status).toBe('used');
  });

  it('issues the keys of a payment once when 30 notifications of it race on both', async () => {
    const created = await new OrderStore(first).create(order());
    const event = {
      id: `evt_race_${created.id}`,
      type: 'payment.succeeded' as const,
      order_id: created.id,
      amount: created.total,
      currency: 'PHP',
    };
    const compose = (paid: { id: number; email: string }): OutgoingMail => ({
      kind: 'keys',
      to: [paid.email],
      subject: 'Your keys',
      text: 'keys',
      orderId: paid.id,
    });
    const outcomes = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        either(i, (db) =>
          new OrderStore(db).applyNotification(event, {
            now: now(),
            keyPrefix: 'BD',
            compose,
            outbox: new OutboxStore(db, 'example.test'),
          }),
        ),
      ),
    );
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['paid', ...Array(29).fill('duplicate')].sort());
    expect(await new OrderStore(second).keysOf(created.id)).toHaveLength(2);
    expect(await all(first.query, sql`SELECT id FROM outbox WHERE order_id = ${created.id}`)).toHaveLength(1);
  });

  it('expires an order once when both sweep at the same time', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    const store = new OrderStore(first);
    for (let i = 0; i < 10; i++) await store.create(order({ expiresAt: past }));
    const counts = await Promise.all([first, second, first, second].map((db) => new OrderStore(db).expirePending(now())));
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(10);
  });

  it('sends each outbox row once when the senders of both claim together', async () => {
    const outbox = new OutboxStore(first, 'example.test');
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(await outbox.enqueue({ kind: 'form', to: ['staff@example.com'], subject: `s${i}`, text: 't' }, now()));
    const claimed: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, i) => {
        const store = new OutboxStore(i % 2 === 0 ? first : second, 'example.test');
        for (;;) {
          const rows = await store.claim({ now: new Date(), leaseMs: 60_000, limit: 3, claimer: `sender-${i}` });
          if (rows.length === 0) return;
          claimed.push(...rows.map((row) => row.id));
        }
      }),
    );
    const mine = claimed.filter((id) => ids.includes(id));
    expect(mine.sort((a, b) => a - b)).toEqual(ids);
  });

  it('applies a content change once when both sync at the same time', async () => {
    const repo = new Repo(first);
    const faqs = await repo.list<Item>('faqs');
    const resources = new Map<string, Item[]>();
    for (const row of await all<{ resource: string; body: string }>(
      first.query,
      sql`SELECT resource, body FROM content ORDER BY resource, id`,
    )) {
      resources.set(row.resource, [...(resources.get(row.resource) ?? []), JSON.parse(row.body) as Item]);
    }
    resources.set('faqs', [...faqs, { ...faqs[0], id: 9001, question: 'Raced in?' }]);
    const [a, b] = await Promise.all([syncContent(new Repo(first), resources), syncContent(new Repo(second), resources)]);
    expect([...a, ...b]).toEqual([{ resource: 'faqs', added: 1, changed: 0, removed: 0 }]);
    expect((await new Repo(second).get('faqs', 9001))?.id).toBe(9001);
  });
});
