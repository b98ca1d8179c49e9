import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toCentavos } from '../domain/money';
import { computeTotals, memberPriceOf } from '../domain/pricing';
import { ROOT_DIR } from './root';
import type { Item, Repo } from './repo';
import { OrderStore } from './shop/store';

/**
 * The demo's data beside its content files: which database mode a data folder is in, and the demo's
 * paid orders with unused keys (server/fixtures/demo-orders.json). The content itself lives in
 * content/ (content/demo/ for the demo's partners and codes) and server/content/ keeps the database
 * equal to it.
 *
 * Demo identifiers (also listed in the README; content/demo/ holds them, the tests use these):
 * - promo codes: WELCOME10 (valid now), EXPIRED10 (ended), FUTURE10 (starts later), OTHERPLAN (valid
 *   now, for the second plan)
 * - merchant slug demo-merchant (id 101), promotion slug demo-promotion (id 201, code UNLOCK2026),
 *   reseller slug demo-reseller (id 301)
 */
export const DEMO = {
  merchant: { id: 101, slug: 'demo-merchant' },
  otherMerchant: { id: 102, slug: 'sampaguita-pharmacy' },
  promotion: { id: 201, slug: 'demo-promotion', code: 'UNLOCK2026', planId: 22 },
  reseller: { id: 301, slug: 'demo-reseller' },
  promoCodes: { valid: 'WELCOME10', expired: 'EXPIRED10', future: 'FUTURE10', otherPlan: 'OTHERPLAN' },
} as const;

export interface SeedOptions {
  now: Date;
}

const FIXTURES_DIR = join(ROOT_DIR, 'server', 'fixtures');

/** The meta key that says which mode a database was seeded in: 'demo' or 'production'. */
const SEED_MODE_KEY = 'seed_mode';
export type SeedMode = 'demo' | 'production';

/**
 * The mode a database was seeded in. A database of an earlier version has no record of it: one
 * that ever ran in demo mode has the demo keys (every demo start seeds them), so that marks it; the
 * mode found is then recorded.
 */
export async function seedMode(repo: Repo): Promise<SeedMode | undefined> {
  const recorded = await repo.getMeta(SEED_MODE_KEY);
  if (recorded === 'demo' || recorded === 'production') return recorded;
  if ((await repo.count()) === 0) return undefined;
  const inferred: SeedMode = (await repo.getMeta('demo_keys_seeded')) !== undefined ? 'demo' : 'production';
  await repo.setMeta(SEED_MODE_KEY, inferred);
  return inferred;
}

/**
 * Why a database cannot serve this mode, or undefined: a production start never runs on a database
 * the demo seeded (its promo codes, keys and partners are made up and would be honoured), and the
 * demo never runs on a production database (it would add them).
 */
export async function seedModeProblem(repo: Repo, demo: boolean, where: string): Promise<string | undefined> {
  const mode = await seedMode(repo);
  if (mode === 'demo' && !demo) {
    return `${where} was seeded by the demo (npm start): its promo codes, access keys and partners are made up, and production would honour them. Start production on its own data folder (DATA_DIR; the demo's default is ./data/demo)`;
  }
  if (mode === 'production' && demo) {
    return `${where} is a production database: the demo would add made-up promo codes, access keys and partners to it. Start the demo on its own data folder (its default is ./data/demo)`;
  }
  return undefined;
}

/** Records the mode of a database that has none yet (a new one, on its first start). */
export async function recordSeedMode(repo: Repo, demo: boolean): Promise<void> {
  if ((await repo.getMeta(SEED_MODE_KEY)) === undefined) await repo.setMeta(SEED_MODE_KEY, demo ? 'demo' : 'production');
}

interface DemoOrders {
  /** The billing form of the demo orders. */
  buyer: Record<string, unknown> & { email: string };
  orders: ReadonlyArray<{ planId: number; keys: ReadonlyArray<{ accessKey: string; activationCode: string }> }>;
}

/** server/fixtures/demo-orders.json: two paid demo orders, their buyer and unused keys. */
const DEMO_ORDERS = JSON.parse(readFileSync(join(FIXTURES_DIR, 'demo-orders.json'), 'utf8')) as DemoOrders;

/**
 * Unused demo access keys for the key-assignment screens (also in server/README.md), issued for two
 * seeded demo orders that are already paid: 4 × Individual (plan 1) and 4 × Family (plan 3).
 */
export const DEMO_KEY_ORDERS: DemoOrders['orders'] = DEMO_ORDERS.orders;

/** Seeds the demo paid orders and their unused keys once per database (demo mode). Returns true when it seeded. */
export async function seedDemoKeys(repo: Repo, options: SeedOptions): Promise<boolean> {
  if ((await repo.getMeta('demo_keys_seeded')) !== undefined) return false;
  const store = new OrderStore(repo.db);
  const createdAt = options.now.toISOString();
  const buyer = DEMO_ORDERS.buyer;
  return repo.db.write('orders', async (q) => {
    if ((await repo.getMeta('demo_keys_seeded', q)) !== undefined) return false;
    for (const group of DEMO_KEY_ORDERS) {
      const plan = await repo.get<Item & { name: string; price: number; discount: number; other_details: null }>(
        'shop-plans',
        group.planId,
        q,
      );
      if (!plan) continue;
      const quantity = group.keys.length;
      const totals = computeTotals({
        price: toCentavos(plan.price),
        discount: toCentavos(plan.discount),
        quantity,
        memberPrice: memberPriceOf(plan.other_details, toCentavos),
        memberQuantity: 0,
      });
      const order = await store.create(
        {
          kind: 'standard',
          planId: plan.id,
          planName: plan.name,
          resellerId: null,
          quantity,
          members: 0,
          promoId: null,
          totals,
          billing: { ...buyer },
          email: buyer.email,
          createdAt,
          expiresAt: null,
          status: 'paid',
        },
        q,
      );
      await store.addKeys(order.id, group.keys, createdAt, q);
    }
    await repo.setMeta('demo_keys_seeded', createdAt, q);
    return true;
  });
}
