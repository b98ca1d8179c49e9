import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { addDays, isoDate, manilaToday } from '../domain/dates';
import { isObject } from '../domain/guards';
import { toCentavos } from '../domain/money';
import { computeTotals, memberPriceOf } from '../domain/pricing';
import { ROOT_DIR, type Product } from './context';
import type { Item, Repo } from './repo';
import { OrderStore } from './shop/store';

/**
 * The seed: demo content for every read of spec section 7, as data. Each stored resource is a
 * fixture, `server/fixtures/content/<resource>.json`: the list of items exactly as the API returns
 * them, with tokens for what follows the product's names and the seeding day (server/README.md):
 * `{product}`, `{short}`, `{today-30}`/`{today+60}`, `{year-2}`, `{recent-1}`..`{recent-6}`. The
 * seeder fills them on the seeding day in Asia/Manila, so the demo never goes stale.
 *
 * Demo identifiers (also listed in the README; the fixtures hold them, the tests use these):
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
  product: Product;
  /** Demo mode: also the demo partners and codes (DEMO_ONLY_RESOURCES). Default true. */
  demo?: boolean;
}

/**
 * Resources that hold demo partners and codes: promo codes, promotions and their codes, merchants,
 * resellers and everything of theirs. A production start (demo off) seeds none of them: real
 * partners and codes are entered by the operator, never invented.
 */
const DEMO_ONLY_RESOURCES: readonly RegExp[] = [/^promos$/, /^promotion/, /^merchant/, /^reseller/];
const isDemoOnlyResource = (resource: string) => DEMO_ONLY_RESOURCES.some((pattern) => pattern.test(resource));

const FIXTURES_DIR = join(ROOT_DIR, 'server', 'fixtures');
const CONTENT_DIR = join(FIXTURES_DIR, 'content');

/** How many articles the current year holds: `{recent-1}` (the oldest) to `{recent-6}`. */
const RECENT_ARTICLES = 6;

/**
 * The days of the current year's articles, oldest first: in the months up to the seeding day's
 * (several left empty), never after it. The articles of the two years before have fixed days
 * (`{year-2}-03-08`).
 */
function recentArticleDays(today: string): string[] {
  const [y, m, d] = today.split('-').map(Number);
  const months = [m, m - 1, m - 2, m - 4, m - 6].filter((month) => month >= 1);
  const currentMonthDays = [d, Math.max(1, d - 3), Math.max(1, Math.ceil(d / 2)), 1];
  const fixedDays = [6, 13, 22, 27];
  const days: string[] = [];
  let k = 0;
  for (const month of months) days.push(isoDate(y, month, month === m ? currentMonthDays[k++ % 4] : fixedDays[month % 4]));
  while (days.length < RECENT_ARTICLES) days.push(isoDate(y, m, currentMonthDays[k++ % 4]));
  return days.sort();
}

/** A token of a fixture's text: `{name}`, or `{name+N}` / `{name-N}`. */
const TOKEN = /\{([a-z]+)(?:([+-])(\d+))?\}/g;

/** The text of each token on a seeding day (YYYY-MM-DD in Manila) for a product; undefined for an unknown token. */
function tokenValues(today: string, product: Product): (name: string, sign: string | undefined, n: number) => string | undefined {
  const year = Number(today.slice(0, 4));
  const recent = recentArticleDays(today);
  return (name, sign, n) => {
    if (sign === undefined) return name === 'product' ? product.name : name === 'short' ? product.short : undefined;
    if (name === 'today') return addDays(today, sign === '-' ? -n : n);
    if (name === 'year' && sign === '-') return String(year - n).padStart(4, '0');
    if (name === 'recent' && sign === '-' && n >= 1 && n <= RECENT_ARTICLES) return recent[n - 1];
    return undefined;
  };
}

/** The value with the tokens of its texts filled; `where` names the fixture in the error of an unknown token. */
function fill<T>(value: T, values: ReturnType<typeof tokenValues>, where: string): T {
  if (typeof value === 'string') {
    return value.replace(TOKEN, (token, name: string, sign: string | undefined, n: string | undefined) => {
      const text = values(name, sign, Number(n));
      if (text === undefined) throw new Error(`${where}: unknown token ${token}`);
      return text;
    }) as T;
  }
  if (Array.isArray(value)) return value.map((item: unknown) => fill(item, values, where)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fill(item, values, where)])) as T;
  return value;
}

/** The content of every fixture, filled for the seeding day and product: resource -> items. */
export function buildSeed({ now, product }: SeedOptions): Record<string, Item[]> {
  const values = tokenValues(manilaToday(now), product);
  const files = readdirSync(CONTENT_DIR)
    .filter((file) => file.endsWith('.json'))
    .sort();
  return Object.fromEntries(
    files.map((file) => {
      const where = join(CONTENT_DIR, file);
      return [basename(file, '.json'), fill(JSON.parse(readFileSync(where, 'utf8')) as Item[], values, where)];
    }),
  );
}

/** The meta key that says which mode a database was seeded in: 'demo' or 'production'. */
const SEED_MODE_KEY = 'seed_mode';
export type SeedMode = 'demo' | 'production';

/**
 * The mode a database was seeded in. A database of an earlier version has no record of it: one
 * that ever ran in demo mode has the demo keys (every demo start seeds them), so that marks it; the
 * mode found is then recorded.
 */
export function seedMode(repo: Repo): SeedMode | undefined {
  const recorded = repo.getMeta(SEED_MODE_KEY);
  if (recorded === 'demo' || recorded === 'production') return recorded;
  if (repo.count() === 0) return undefined;
  const inferred: SeedMode = repo.getMeta('demo_keys_seeded') !== undefined ? 'demo' : 'production';
  repo.setMeta(SEED_MODE_KEY, inferred);
  return inferred;
}

/**
 * Why a database cannot serve this mode, or undefined: a production start never runs on a database
 * the demo seeded (its promo codes, keys and partners are made up and would be honoured), and the
 * demo never runs on a production database (it would add them).
 */
export function seedModeProblem(repo: Repo, demo: boolean, where: string): string | undefined {
  const mode = seedMode(repo);
  if (mode === 'demo' && !demo) {
    return `${where} was seeded by the demo (npm start): its promo codes, access keys and partners are made up, and production would honour them. Start production on its own data folder (DATA_DIR; the demo's default is ./data/demo)`;
  }
  if (mode === 'production' && demo) {
    return `${where} is a production database: the demo would add made-up promo codes, access keys and partners to it. Start the demo on its own data folder (its default is ./data/demo)`;
  }
  return undefined;
}

/** Seeds the content when the content table is empty (the demo partners and codes only in demo mode). Returns true when it seeded. */
export function seedIfEmpty(repo: Repo, options: SeedOptions): boolean {
  if (repo.count() > 0) return false;
  const data = buildSeed(options);
  const demo = options.demo ?? true;
  // Checked again under the write lock: of several processes starting on one new database, one seeds.
  return repo.db
    .transaction(() => {
      if (repo.count() > 0) return false;
      for (const [resource, items] of Object.entries(data)) {
        if (!demo && isDemoOnlyResource(resource)) continue;
        for (const item of items) repo.insert(resource, item);
      }
      repo.setMeta('seeded_at', options.now.toISOString());
      repo.setMeta('seed_day', manilaToday(options.now));
      repo.setMeta(SEED_MODE_KEY, demo ? 'demo' : 'production');
      return true;
    })
    .immediate();
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
export function seedDemoKeys(repo: Repo, options: SeedOptions): boolean {
  if (repo.getMeta('demo_keys_seeded') !== undefined) return false;
  const store = new OrderStore(repo.db);
  const createdAt = options.now.toISOString();
  const buyer = DEMO_ORDERS.buyer;
  return repo.db
    .transaction(() => {
      if (repo.getMeta('demo_keys_seeded') !== undefined) return false;
      for (const group of DEMO_KEY_ORDERS) {
        const plan = repo.get<Item & { name: string; price: number; discount: number; other_details: null }>('shop-plans', group.planId);
        if (!plan) continue;
        const quantity = group.keys.length;
        const totals = computeTotals({
          price: toCentavos(plan.price),
          discount: toCentavos(plan.discount),
          quantity,
          memberPrice: memberPriceOf(plan.other_details, toCentavos),
          memberQuantity: 0,
        });
        const order = store.create({
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
        });
        store.addKeys(order.id, group.keys, createdAt);
      }
      repo.setMeta('demo_keys_seeded', createdAt);
      return true;
    })
    .immediate();
}
