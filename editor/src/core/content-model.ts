import { isObject } from '../../../domain/guards';
import { parsePointer } from '../../../domain/json-pointer';
import { fillPlaceholders } from '../../../domain/text';
import type { ContentFileValue, ContentMeta, Diagnostic, JsonSchema, PagesConfigValue, PageValue } from './types';

/**
 * What the Content tab reads and writes of a content file (`{ $schema, items }`), without React: an
 * item's name in a list, the list's order, a new item, a move, the problems of an item, the page
 * that shows a resource.
 */

type Item = Record<string, unknown>;

/** The text of an HTML string (a rich-text field), for a list's label. */
function plain(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The product's names the site fills into content texts ({product}, {short}). */
export interface ProductNames {
  product: string;
  short: string;
}

/** The product's names of the pages config (`site.product`): what the site fills into {product} and {short}. */
export function productNames(config: PagesConfigValue | undefined): ProductNames {
  const product = isObject(config?.site) && isObject(config.site.product) ? config.site.product : {};
  return { product: String(product.name ?? ''), short: String(product.short ?? '') };
}

/**
 * An item as a list names it: its title, name, question or code, else "Item <id>", with the
 * product's names filled in as the site shows it ("Why {product}?" reads "Why Telmed?").
 */
export function itemLabel(meta: Pick<ContentMeta, 'labelField'>, item: unknown, names?: ProductNames): string {
  const label = rawItemLabel(meta, item);
  if (!names) return label;
  const values = Object.fromEntries(Object.entries(names).filter(([, value]) => value !== ''));
  return fillPlaceholders(label, values);
}

function rawItemLabel(meta: Pick<ContentMeta, 'labelField'>, item: unknown): string {
  if (!isObject(item)) return 'Item';
  const fields = [meta.labelField, 'title', 'name', 'question', 'code', 'header'].filter((field): field is string => !!field);
  for (const field of fields) {
    const value = item[field];
    if (typeof value === 'string' && plain(value) !== '') return plain(value).slice(0, 120);
  }
  return `Item ${String(item.id ?? '')}`.trim();
}

/** The items' indices in the order the site shows them: by `orderBy` (then by index) when the resource has it, else as stored. */
export function displayOrder(meta: Pick<ContentMeta, 'orderBy'>, items: readonly unknown[]): number[] {
  const indices = items.map((_, index) => index);
  const by = meta.orderBy;
  if (!by) return indices;
  const rank = (index: number) => {
    const value = isObject(items[index]) ? items[index][by] : undefined;
    return typeof value === 'number' ? value : Number.MAX_SAFE_INTEGER;
  };
  return indices.sort((a, b) => rank(a) - rank(b) || a - b);
}

/** The next free id: one more than the largest. */
export function nextId(items: readonly unknown[]): number {
  return items.reduce<number>((max, item) => (isObject(item) && typeof item.id === 'number' && item.id > max ? item.id : max), 0) + 1;
}

const DATE = /^\^\\d\{4\}-\\d\{2\}-\\d\{2\}\$$/;

/** Today in Manila (the site's days are Manila's), YYYY-MM-DD. */
export function todayInManila(now = new Date()): string {
  return new Date(now.getTime() + 8 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** A value a new item starts with for a property: its default, today for a date, now for a time, an empty text, 0. */
function startValue(schema: unknown, now: Date): unknown {
  if (!isObject(schema)) return undefined;
  if ('default' in schema) return structuredClone(schema.default);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const pattern = typeof schema.pattern === 'string' ? schema.pattern : '';
  if (type === 'string') {
    if (schema.format === 'date' || DATE.test(pattern)) return todayInManila(now);
    if (pattern.startsWith('^\\d{4}-\\d{2}-\\d{2}T')) return now.toISOString().replace(/\.\d+Z$/, 'Z');
    if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
    return '';
  }
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 0;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'object') return newObject(schema, now);
  return undefined;
}

/** An object of a schema with its required properties (and those with a default) started. */
function newObject(schema: JsonSchema, now: Date): Item {
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const properties = isObject(schema.properties) ? schema.properties : {};
  const out: Item = {};
  for (const [key, property] of Object.entries(properties)) {
    if (!required.has(key) && !(isObject(property) && 'default' in property)) continue;
    const value = startValue(property, now);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/** A new item of a resource: the next free id, the schema's defaults, today for its dates, last in the order. */
export function newItem(meta: ContentMeta, items: readonly unknown[], now = new Date()): Item {
  const item: Item = { ...newObject(meta.schema, now), id: nextId(items) };
  if (meta.orderBy) item[meta.orderBy] = nextRank(meta, items);
  return item;
}

/** One more than the largest `orderBy` value. */
function nextRank(meta: ContentMeta, items: readonly unknown[]): number {
  const by = meta.orderBy!;
  return items.reduce<number>((max, item) => (isObject(item) && typeof item[by] === 'number' && item[by] > max ? item[by] : max), 0) + 1;
}

/** A copy of an item with the next free id (and last in the order), its title marked as a copy. */
export function duplicateItem(meta: ContentMeta, items: readonly unknown[], index: number): Item {
  const copy = structuredClone(items[index]) as Item;
  copy.id = nextId(items);
  if (meta.orderBy) copy[meta.orderBy] = nextRank(meta, items);
  const field = meta.labelField;
  if (field && typeof copy[field] === 'string') copy[field] = `${copy[field] as string} (copy)`;
  // A slug must stay unique: the copy's gets the new id.
  if (typeof copy.slug === 'string' && copy.slug) copy.slug = `${copy.slug}-${String(copy.id)}`;
  return copy;
}

/**
 * Moves the item at `index` one place up (-1) or down (+1) in the order the site shows: by swapping
 * the two items' `orderBy` values when the resource is ordered by it (equal values are first
 * numbered 1…n in the order shown), else by swapping the two items in the array. Answers the
 * item's index afterwards, or undefined when it cannot move.
 */
export function moveItem(meta: ContentMeta, file: ContentFileValue, index: number, by: -1 | 1): number | undefined {
  const order = displayOrder(meta, file.items);
  const at = order.indexOf(index);
  const other = order[at + by];
  if (at < 0 || other === undefined) return undefined;
  const key = meta.orderBy;
  if (!key) {
    const items = file.items;
    [items[index], items[other]] = [items[other], items[index]];
    return other;
  }
  const a = file.items[index];
  const b = file.items[other];
  if (a[key] === b[key] || typeof a[key] !== 'number' || typeof b[key] !== 'number') {
    order.forEach((position, rank) => (file.items[position][key] = rank + 1));
  }
  [a[key], b[key]] = [b[key], a[key]];
  return index;
}

/** The gate's problems of one item of a content file (pointer /items/<index>/…). */
export function itemProblems(problems: readonly Diagnostic[], file: string, index: number): Diagnostic[] {
  const prefix = `/items/${index}`;
  return problems.filter((problem) => problem.file === file && (problem.pointer === prefix || problem.pointer.startsWith(`${prefix}/`)));
}

/** rjsf's `extraErrors` from an item's problems: '/items/3/valid_end' is an error of the field valid_end. */
export function itemErrorSchema(problems: readonly Diagnostic[], index: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  const prefix = `/items/${index}`;
  for (const problem of problems) {
    let node = root;
    for (const token of parsePointer(problem.pointer.slice(prefix.length))) {
      if (token === '__errors') break;
      node = (node[token] ??= {}) as Record<string, unknown>;
    }
    const errors = (node.__errors ??= []) as string[];
    if (!errors.includes(problem.message)) errors.push(problem.message);
  }
  return root;
}

/** Problems per file, for the counts in the list of resources. */
export function problemCounts(problems: readonly Diagnostic[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const problem of problems) counts.set(problem.file, (counts.get(problem.file) ?? 0) + 1);
  return counts;
}

/** 'Clinic visits & more' -> 'clinic-visits-more' (an article address's last part). */
export function slugify(text: string): string {
  return (
    plain(text)
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'article'
  );
}

/**
 * The page that shows a resource best, where it is not the first page whose sections list it (the
 * shop for its plans), or where no section names it (the media archive lists articles itself).
 */
const RESOURCE_PAGES: Record<string, string> = { articles: 'Media', promos: 'Shop', 'shop-plans': 'Shop' };

/** The sources a page's sections name (presets followed), '{short}' as written. */
function pageSources(page: PageValue, config: PagesConfigValue): string[] {
  return (page.sections ?? []).flatMap((section) => {
    const preset = section.preset ? config.presets?.[section.preset] : undefined;
    const source = section.source ?? preset?.source;
    return typeof source === 'string' ? [source] : [];
  });
}

/**
 * The page the preview shows beside a resource and its address: the media article page for an
 * article (at that article's address), else the page of RESOURCE_PAGES, else the first page whose
 * sections list the resource; undefined when no page shows it.
 */
export function pageForContent(
  config: PagesConfigValue | undefined,
  resource: string,
  item: unknown,
  short: string,
): { index: number; page: PageValue; url?: string } | undefined {
  if (!config) return undefined;
  const pages = config.pages;
  const resolved = resource.replace(short ? new RegExp(`^${short.replace(/[^A-Za-z0-9]/g, '\\$&')}-`) : /^$/, '{short}-');
  if (resource === 'articles' && isObject(item) && typeof item.id === 'number') {
    const index = pages.findIndex((page) => page.name === 'MediaArticle');
    if (index >= 0) return { index, page: pages[index], url: `/media/article/${item.id}/${slugify(String(item.title ?? ''))}` };
  }
  const matches = (source: string) => {
    const first = source.split('/')[0];
    return first === resource || first === resolved;
  };
  const preferred = RESOURCE_PAGES[resource];
  let index = preferred ? pages.findIndex((page) => page.name === preferred) : -1;
  if (index < 0) index = pages.findIndex((page) => pageSources(page, config).some(matches));
  return index >= 0 ? { index, page: pages[index] } : undefined;
}
