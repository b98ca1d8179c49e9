import { contentName, LABEL_FIELDS } from '../../domain/content-names';
import { isObject } from '../../domain/guards';
import { formatPesos, toCentavos } from '../../domain/money';
import { configChanges, formChange } from '../../scripts/lib/editor/config-changes';
import { isFormFile } from '../../scripts/lib/editor/paths';
import { PROJECT_PATHS } from '../../scripts/lib/project';
import words from './change-words.json';

/**
 * A content change in plain words: one line per content file that changed (one per page for
 * pages.config.json: "Pages: Home: Banner changed"), for a release's summary,
 * the studio's list and the git record's commit message ("Shop plans and prices: Individual, price
 * ₱1,499.00 → ₱1,799.00"). Items are matched by id; an item is named by its label field or `#id`.
 */

/** How the caller names a file's resource and its items, when it knows better (the editor's catalogue). */
export type ContentNames = Readonly<Record<string, { name?: string; labelField?: string }>>;

/** Items named in one line at most; the rest are counted ("and 2 more"). */
const NAMED_ITEMS = 3;
/** A scalar longer than this, written out, is only named ("description changed"). */
const SHORT_VALUE = 40;
/** Fields that hold pesos as numbers (1499 is ₱1,499.00): price, discount, amount and their compounds. */
const MONEY_FIELD = /(^|_)(price|discount|amount)(_|$)|^(price|discount|amount)[A-Z]/i;

type Item = Record<string, unknown>;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));

/** A text's JSON, or undefined when it is absent or not JSON. */
function parseJson(text: string | undefined): unknown {
  try {
    return text === undefined ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

function parse(text: string | undefined): { items: Item[]; rest: string } | undefined {
  if (text === undefined) return { items: [], rest: '' };
  try {
    const data: unknown = JSON.parse(text);
    if (!isObject(data)) return undefined;
    const { items, ...rest } = data;
    return { items: Array.isArray(items) ? items.filter(isObject) : [], rest: JSON.stringify(rest) };
  } catch {
    return undefined;
  }
}

/** A value as the line writes it, or undefined when it is too long or nested to be written. */
function shown(field: string, value: unknown): string | undefined {
  let text: string;
  if (typeof value === 'number' && MONEY_FIELD.test(field)) text = `₱${formatPesos(toCentavos(value))}`;
  else if (typeof value === 'string') text = JSON.stringify(value);
  else if (value === null || value === undefined) text = 'none';
  else if (typeof value === 'number' || typeof value === 'boolean') text = String(value);
  else return undefined;
  return text.length <= SHORT_VALUE ? text : undefined;
}

function fieldChange(field: string, before: unknown, after: unknown): string {
  const from = shown(field, before);
  const to = shown(field, after);
  return from !== undefined && to !== undefined
    ? fill(words.fieldValue, { field, before: from, after: to })
    : fill(words.fieldChanged, { field });
}

/** An item as the change in words (and the media library) names it: its label field, else `#id`. */
export function label(item: Item, labelField?: string): string {
  const field = labelField ?? LABEL_FIELDS.find((name) => typeof item[name] === 'string' && item[name] !== '');
  const value = field !== undefined ? item[field] : undefined;
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : `#${String(item.id)}`;
}

/** The changes of one item, field by field: "Individual, price ₱1,499.00 → ₱1,799.00". */
function itemChange(before: Item, after: Item, labelField: string | undefined): string | undefined {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  if (fields.length === 0) return undefined;
  return [label(after, labelField), ...fields.map((field) => fieldChange(field, before[field], after[field]))].join(', ');
}

const byId = (items: readonly Item[]) => new Map(items.filter((item) => item.id !== undefined).map((item) => [String(item.id), item]));

/** What changed in one file's items, in parts ("1 added", "Individual, price …"), empty when nothing did. */
function fileParts(before: string | undefined, after: string | undefined, labelField: string | undefined): string[] {
  const old = parse(before);
  const now = parse(after);
  if (!old || !now) return [words.unreadable];
  const oldItems = byId(old.items);
  const newItems = byId(now.items);
  const added = [...newItems.keys()].filter((id) => !oldItems.has(id)).length;
  const removed = [...oldItems.keys()].filter((id) => !newItems.has(id)).length;
  const changed = [...newItems].flatMap(([id, item]) => {
    const was = oldItems.get(id);
    return was ? (itemChange(was, item, labelField) ?? []) : [];
  });
  const parts = [
    ...(added > 0 ? [fill(words.added, { count: added })] : []),
    ...(removed > 0 ? [fill(words.removed, { count: removed })] : []),
    ...changed.slice(0, NAMED_ITEMS),
    ...(changed.length > NAMED_ITEMS ? [fill(words.more, { count: changed.length - NAMED_ITEMS })] : []),
  ];
  if (parts.length > 0) return parts;
  const order = (items: Item[]) => items.map((item) => String(item.id)).join(',');
  if (order(old.items) !== order(now.items)) return [words.order];
  return old.rest !== now.rest || before !== after ? [words.other] : [];
}

/**
 * One line per content file whose text differs between `before` and `after` (path -> text), in the
 * order of the paths: "<resource's name>: <what changed>". Pure: no file is read.
 */
export function describeContentChange(
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
  names: ContentNames = {},
): string[] {
  const paths = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((path) => before[path] !== after[path]).sort();
  return paths.flatMap((path) => {
    if (isFormFile(path)) return [formChange(path, parseJson(before[path]), parseJson(after[path]))];
    if (path === PROJECT_PATHS.config)
      return configChanges(parseJson(before[path]), parseJson(after[path])).map((line) => `${words.pages}: ${line}`);
    const parts = fileParts(before[path], after[path], names[path]?.labelField);
    return parts.length > 0 ? [`${names[path]?.name ?? contentName(path)}: ${parts.join('; ')}`] : [];
  });
}
