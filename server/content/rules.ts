import { isObject } from '../../domain/guards';
import { valuesWithPointers } from '../../domain/json-pointer';
import { didYouMean } from '../../domain/suggest';

/**
 * The rules of the site's content that a schema cannot say, shared by `npm run validate` and the
 * server's start: ids, slugs and codes unique, references to plans and partners that exist, promo
 * windows that end after they start, placeholders the server knows. Each file's items are already
 * checked against their resource schema; the rules read only what they need and skip the rest.
 */

export interface ContentFileData {
  file: string;
  resource: string;
  demo: boolean;
  /** The parsed file: `{ $schema, items: [...] }`. */
  data: unknown;
}

export interface ContentRuleProblem {
  file: string;
  pointer: string;
  message: string;
}

/**
 * Every resource the server's routes read: a content file is named after one of them. A file with
 * another name would be stored and never served, so it is refused.
 */
export const CONTENT_RESOURCES: readonly string[] = [
  'about-us-sections',
  'about-us-sliders',
  'app-sliders',
  'articles',
  'business-sliders',
  'business-testimonials',
  'callback-sliders',
  'career-sliders',
  'contact-us-sliders',
  'data-privacies',
  'faqs',
  'feature-parallaxes',
  'footers',
  'home-sliders',
  'home-testimonials',
  'how-it-works',
  'job-testimonials',
  'jobs',
  'merchant-shop-plans',
  'merchant-shop-sliders',
  'merchants',
  'partners',
  'privacy-policy-sliders',
  'promos',
  'promotion-codes',
  'promotion-shop-plans',
  'promotion-shop-sliders',
  'promotions',
  'reseller-data-privacies',
  'reseller-faqs',
  'reseller-how-it-works',
  'reseller-shop-plans',
  'reseller-shop-sliders',
  'reseller-terms-and-conditions',
  'resellers',
  'shop-assignment-sliders',
  'shop-checkout-sliders',
  'shop-plans',
  'shop-sliders',
  'shop-testimonials',
  'tele-treatments',
  'terms-and-conditions',
  'video-descriptions',
  'video-sliders',
];

/** Resources that hold plans; a plan's id is unique across all of them (orders name plans by id alone). */
export const PLAN_RESOURCES = ['shop-plans', 'merchant-shop-plans', 'promotion-shop-plans', 'reseller-shop-plans'] as const;

/** The owners of a partner's resources: `merchant-shop-plans` items belong (reseller_id) to a merchant. */
const OWNERS: ReadonlyArray<{ prefix: string; owners: string }> = [
  { prefix: 'merchant-', owners: 'merchants' },
  { prefix: 'promotion-', owners: 'promotions' },
  { prefix: 'reseller-', owners: 'resellers' },
];

/** A placeholder of a content text: `{product}` or `{short}` (the product's names, filled by the server). */
export const PLACEHOLDER = /\{([a-z]+)\}/g;
export const KNOWN_PLACEHOLDERS = ['product', 'short'] as const;

/** Fills `{product}` and `{short}` in every text of a value. */
export function fillNames<T>(value: T, product: { name: string; short: string }): T {
  if (typeof value === 'string')
    return value.replace(PLACEHOLDER, (token, name: string) =>
      name === 'product' ? product.name : name === 'short' ? product.short : token,
    ) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => fillNames(item, product)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, fillNames(item, product)])) as T;
  return value;
}

interface Located {
  file: string;
  pointer: string;
  item: Record<string, unknown>;
}

function itemsOf(file: ContentFileData): Located[] {
  if (!isObject(file.data) || !Array.isArray(file.data.items)) return [];
  return file.data.items.flatMap((item, index) => (isObject(item) ? [{ file: file.file, pointer: `/items/${index}`, item }] : []));
}

/** Every string of a value with its pointer. */
function* strings(value: unknown, pointer: string): Generator<{ pointer: string; text: string }> {
  for (const at of valuesWithPointers(value, pointer)) if (typeof at.value === 'string') yield { pointer: at.pointer, text: at.value };
}

const where = (at: Located) => `${at.file} ${at.pointer}`;

/** Every problem of the rules in a set of content files (one resource per file name). */
export function contentRuleProblems(files: readonly ContentFileData[]): ContentRuleProblem[] {
  const problems: ContentRuleProblem[] = [];
  const report = (at: Located, field: string, message: string) =>
    problems.push({ file: at.file, pointer: field ? `${at.pointer}/${field}` : at.pointer, message });
  const byResource = new Map<string, Located[]>();

  for (const file of files) {
    if (!CONTENT_RESOURCES.includes(file.resource)) {
      problems.push({
        file: file.file,
        pointer: '',
        message: `no resource '${file.resource}': a content file is named after a resource the API serves${didYouMean(file.resource, CONTENT_RESOURCES)}`,
      });
      continue;
    }
    // A resource may have a file in content/ and one in content/demo/: the demo adds its items.
    byResource.set(file.resource, [...(byResource.get(file.resource) ?? []), ...itemsOf(file)]);
    if (!file.demo && isObject(file.data) && 'demoDatesAsOf' in file.data) {
      problems.push({ file: file.file, pointer: '/demoDatesAsOf', message: 'only demo data (content/demo/) moves its dates with today' });
    }
  }

  /** Reports the second and later items with the same key; returns the first item of each key. */
  const unique = (items: readonly Located[], field: string, keyOf: (item: Located) => string | undefined, what: string) => {
    const first = new Map<string, Located>();
    for (const at of items) {
      const key = keyOf(at);
      if (key === undefined) continue;
      const seen = first.get(key);
      if (seen) report(at, field, `duplicate ${what} ${JSON.stringify(at.item[field])} (also at ${where(seen)})`);
      else first.set(key, at);
    }
    return first;
  };
  const numberKey = (field: string) => (at: Located) => (typeof at.item[field] === 'number' ? String(at.item[field]) : undefined);
  const stringKey = (field: string) => (at: Located) => (typeof at.item[field] === 'string' ? (at.item[field] as string) : undefined);

  for (const items of byResource.values()) {
    unique(items, 'id', numberKey('id'), 'id');
    unique(items, 'slug', stringKey('slug'), 'slug');
  }

  // Plans: one id space across the plan lists.
  const planIds = new Map<string, Set<number>>();
  const allPlans = new Map<number, Located>();
  for (const resource of PLAN_RESOURCES) {
    const ids = new Set<number>();
    for (const at of byResource.get(resource) ?? []) {
      const id = at.item.id;
      if (typeof id !== 'number') continue;
      ids.add(id);
      const seen = allPlans.get(id);
      if (seen && seen.file !== at.file)
        report(at, 'id', `plan id ${id} is also a plan of ${where(seen)}: plan ids are unique across the plan lists`);
      else if (!seen) allPlans.set(id, at);
    }
    planIds.set(resource, ids);
  }

  // Standard promo codes: a code names a standard plan, its window ends on or after its start, codes differ.
  const promos = byResource.get('promos') ?? [];
  unique(promos, 'code', (at) => (typeof at.item.code === 'string' ? at.item.code.trim().toLowerCase() : undefined), 'code');
  for (const at of promos) {
    const { valid_start: start, valid_end: end, shop_plan_id: plan } = at.item;
    if (typeof start === 'string' && typeof end === 'string' && end < start) {
      report(at, 'valid_end', `the code's window ends (${end}) before it starts (${start})`);
    }
    if (typeof plan === 'number' && !planIds.get('shop-plans')?.has(plan)) report(at, 'shop_plan_id', `no plan ${plan} in shop-plans`);
  }

  // A partner's items belong to a partner that exists; a promotion's code unlocks one of its plans.
  for (const { prefix, owners } of OWNERS) {
    const ownerIds = new Set((byResource.get(owners) ?? []).map((at) => at.item.id));
    for (const [resource, items] of byResource) {
      if (!resource.startsWith(prefix)) continue;
      for (const at of items) {
        const owner = at.item.reseller_id;
        if (typeof owner === 'number' && !ownerIds.has(owner))
          report(at, 'reseller_id', `no ${owners.slice(0, -1)} with id ${owner} in ${owners}`);
      }
    }
  }
  const promotionPlans = byResource.get('promotion-shop-plans') ?? [];
  const codes = byResource.get('promotion-codes') ?? [];
  unique(
    codes,
    'code',
    (at) => (typeof at.item.code === 'string' ? `${String(at.item.reseller_id)}\0${at.item.code.trim().toLowerCase()}` : undefined),
    'code',
  );
  for (const at of codes) {
    const plan = at.item.shop_plan_id;
    if (typeof plan !== 'number') continue;
    const target = promotionPlans.find((p) => p.item.id === plan);
    if (!target) report(at, 'shop_plan_id', `no plan ${plan} in promotion-shop-plans`);
    else if (target.item.reseller_id !== at.item.reseller_id)
      report(at, 'shop_plan_id', `plan ${plan} belongs to another promotion (${String(target.item.reseller_id)})`);
  }

  // Placeholders: only the product's names.
  for (const items of byResource.values()) {
    for (const at of items) {
      for (const { pointer, text } of strings(at.item, at.pointer)) {
        for (const match of text.matchAll(PLACEHOLDER)) {
          if (!(KNOWN_PLACEHOLDERS as readonly string[]).includes(match[1])) {
            problems.push({ file: at.file, pointer, message: `unknown placeholder ${match[0]}: the texts know {product} and {short}` });
          }
        }
      }
    }
  }
  return problems;
}
