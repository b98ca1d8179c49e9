import { isObject } from '../../domain/guards';
import { escapeToken } from '../../domain/json-pointer';
import { foldSchema, resultAt, through, type Folded, type Visit } from '../../domain/schema-walk';

/**
 * Body limits sized to forms: the largest JSON body a valid submission of a form can be, so a
 * route can refuse anything larger before parsing it (Fastify's `bodyLimit`), instead of the
 * default 1 MiB that no form of this site comes near.
 *
 * Worst cases, not typical sizes: a client may escape every character (`\u00e9`), and Ajv's
 * `maxLength` counts code points, so one character outside the BMP is a surrogate pair written as
 * two escapes, 12 bytes. A form submission also carries its fields twice: as members of the body
 * and as `data`, the same fields as JSON text (key assignments alike), where
 * escaping can at most double each byte. Billing bodies carry them once, plus the `products` line.
 */

type Schema = Record<string, unknown>;

/** Bytes of one UTF-16 code unit written as a JSON escape (`\uXXXX`). */
const BYTES_PER_CODE_UNIT = 6;
/** Bytes of one character as `maxLength` counts it (a code point: up to two escaped code units). */
const BYTES_PER_CHARACTER = 2 * BYTES_PER_CODE_UNIT;
/** The longest JSON number (`-1.7976931348623157e+308`). */
const NUMBER_BYTES = 24;
/**
 * Room for what a submission carries besides the form's fields: the envelope (`key`, `reseller_id`,
 * the `data` member's name) and the billing `products` line (eight numbers, and the plan's name and
 * description as the site sends them, up to about 2,000 characters of text).
 */
export const BODY_SLACK_BYTES = 8 * 1024;
/**
 * How many times the fields' JSON fits in a body: once as members, and as the `data` text, whose
 * escaping (`"` -> `\"`, `\` -> `\\`) at most doubles each byte.
 */
const FIELD_COPIES = 3;

/** Formats whose values have a fixed length ('YYYY-MM-DD'). */
const FORMAT_LENGTHS: Readonly<Record<string, number>> = { date: 10 };

/** Bytes of a string of `codeUnits` UTF-16 code units, every one escaped, with its quotes. */
const escapedString = (codeUnits: number) => 2 + codeUnits * BYTES_PER_CODE_UNIT;

/** Bytes of a fixed JSON value (an enum member, a const), strings as fully escaped. */
function fixedValueBytes(value: unknown): number {
  if (typeof value === 'string') return escapedString(value.length);
  if (Array.isArray(value)) return 2 + value.reduce<number>((sum, item, i) => sum + (i > 0 ? 1 : 0) + fixedValueBytes(item), 0);
  if (isObject(value)) {
    return (
      2 +
      Object.entries(value).reduce(
        (sum, [key, item], i) => sum + (i > 0 ? 1 : 0) + escapedString(key.length) + 1 + fixedValueBytes(item),
        0,
      )
    );
  }
  return JSON.stringify(value)?.length ?? 4;
}

/**
 * The most characters (code points) any string matched by `source` can have, or undefined when it
 * is unbounded or not understood. Only a pattern anchored at both ends with no top-level `|`
 * bounds the whole value; `*`, `+`, `{n,}` and backreferences make it unbounded.
 */
export function patternMaxLength(source: string): number | undefined {
  let trailingEscapes = 0;
  for (let i = source.length - 2; i >= 0 && source[i] === '\\'; i--) trailingEscapes++;
  if (!source.startsWith('^') || !source.endsWith('$') || trailingEscapes % 2 === 1) return undefined;
  const body = source.slice(1, -1);
  let pos = 0;

  const quantified = (atom: number): number => {
    const c = body[pos];
    let times = 1;
    if (c === '*' || c === '+') {
      pos++;
      times = Infinity;
    } else if (c === '?') {
      pos++;
    } else if (c === '{') {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(body.slice(pos));
      if (m) {
        pos += m[0].length;
        times = m[2] === undefined ? Number(m[1]) : m[3] === '' ? Infinity : Number(m[3]);
      }
    }
    if (times !== 1 && body[pos] === '?') pos++; // lazy
    return atom === 0 ? 0 : atom * times;
  };

  const escape = (): number => {
    const c = body[pos++];
    if (c === undefined) return Infinity;
    if (/[1-9k]/.test(c)) return Infinity; // a backreference repeats text of any length
    if (c === 'b' || c === 'B') return 0;
    if ((c === 'u' || c === 'p' || c === 'P') && body[pos] === '{') pos = body.indexOf('}', pos) + 1 || body.length;
    else if (c === 'u') pos += 4;
    else if (c === 'x') pos += 2;
    else if (c === 'c') pos += 1;
    return 1;
  };

  const klass = (): number => {
    while (pos < body.length && body[pos] !== ']') pos += body[pos] === '\\' ? 2 : 1;
    if (body[pos] !== ']') return Infinity;
    pos++;
    return 1;
  };

  const sequence = (): number => {
    let total = 0;
    while (pos < body.length && body[pos] !== '|' && body[pos] !== ')') {
      const c = body[pos++];
      let atom: number;
      if (c === '(') {
        let lookaround = false;
        if (body[pos] === '?') {
          const m = /^\?(:|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(body.slice(pos));
          if (!m) return Infinity;
          lookaround = m[1] !== ':' && !m[1].startsWith('<') ? true : m[1] === '<=' || m[1] === '<!';
          pos += m[0].length;
        }
        const inner = alternation();
        if (body[pos] !== ')') return Infinity;
        pos++;
        atom = lookaround ? 0 : inner;
      } else if (c === '[') atom = klass();
      else if (c === '\\') atom = escape();
      else if (c === '^' || c === '$') atom = 0;
      else {
        if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdbff) pos++; // one code point
        atom = 1;
      }
      total += quantified(atom);
    }
    return total;
  };

  const alternation = (): number => {
    let longest = sequence();
    while (body[pos] === '|') {
      pos++;
      longest = Math.max(longest, sequence());
    }
    return longest;
  };

  const top = sequence();
  // A top-level '|' ('^a|b$') anchors only its first and last branch: the value is unbounded.
  if (pos !== body.length) return undefined;
  return Number.isFinite(top) ? top : undefined;
}

/**
 * The most characters a string field can hold when valid: the least of its `maxLength`, the
 * length its `format` fixes and its pattern's bound; undefined when nothing bounds it.
 */
export function stringMaxLength(field: Schema): number | undefined {
  const bounds = [
    typeof field.maxLength === 'number' ? field.maxLength : undefined,
    typeof field.format === 'string' ? FORMAT_LENGTHS[field.format] : undefined,
    typeof field.pattern === 'string' ? patternMaxLength(field.pattern) : undefined,
  ].filter((n): n is number => n !== undefined);
  return bounds.length === 0 ? undefined : Math.min(...bounds);
}

/**
 * Bytes of the largest JSON value a subschema accepts, from the sizes of those below it (each a
 * function that works its size out when called, as a subschema that does not count, a property of
 * a schema with an enum, has no bound to give); throws naming the pointer of what has no bound.
 */
function maxBytes({ schema, pointer }: Visit, children: Folded<() => number>[]): number {
  const sub = (keyword: string, key?: string | number) =>
    resultAt(children, keyword, key) ??
    (() => {
      throw new Error(`${pointer}/${keyword}${key === undefined ? '' : `/${escapeToken(key)}`}: not a schema, its size has no bound`);
    });
  if (Array.isArray(schema.enum)) return Math.max(...schema.enum.map(fixedValueBytes));
  if ('const' in schema && !(isObject(schema.const) && '$data' in schema.const)) return fixedValueBytes(schema.const);
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches) && !('type' in schema)) return Math.max(...branches.map((_, i) => sub(keyword, i)()));
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return Math.max(
    ...types.map((type) => {
      switch (type) {
        case 'string': {
          const length = stringMaxLength(schema);
          if (length === undefined) throw new Error(`${pointer}: a string without maxLength, its size has no bound`);
          return 2 + length * BYTES_PER_CHARACTER;
        }
        case 'number':
        case 'integer':
          return NUMBER_BYTES;
        case 'boolean':
          return 5;
        case 'null':
          return 4;
        case 'array': {
          if (typeof schema.maxItems !== 'number') throw new Error(`${pointer}: an array without maxItems, its size has no bound`);
          if (schema.maxItems === 0) return 2;
          return 2 + schema.maxItems * (sub('items')() + 1) - 1;
        }
        case 'object': {
          const properties = isObject(schema.properties) ? Object.keys(schema.properties) : [];
          const members = properties.map((key) => escapedString(key.length) + 1 + sub('properties', key)());
          return 2 + members.reduce((sum, bytes) => sum + bytes, 0) + Math.max(0, members.length - 1);
        }
        default:
          throw new Error(`${pointer || '(root)'}: no type, its size has no bound`);
      }
    }),
  );
}

/** Bytes of the largest JSON value `schema` accepts; throws naming the pointer of what has no bound. */
export function valueMaxBytes(schema: unknown, pointer = ''): number {
  // Along what a value's size depends on: the choices of anyOf and oneOf, a list's items, properties.
  const steps = through('anyOf', 'oneOf', 'items', 'properties');
  const size = foldSchema<() => number>(schema, pointer, (visit, children) => () => maxBytes(visit, children), { steps });
  if (!size) throw new Error(`${pointer || '(root)'}: not a schema, its size has no bound`);
  return size();
}

/** Rounds a byte count up to whole KiB. */
const toKiB = (bytes: number) => Math.ceil(bytes / 1024) * 1024;

/**
 * The largest JSON body a valid submission of a form can be, in bytes rounded up to KiB: its data
 * (the form file's `schema`) FIELD_COPIES times, plus BODY_SLACK_BYTES for the envelope and the
 * billing products line. Properties the schema does not declare count for nothing (the forms
 * refuse them with additionalProperties: false). Throws when a field has no bound.
 */
export function formBodyLimit(schema: object): number {
  return toKiB(FIELD_COPIES * valueMaxBytes(schema) + BODY_SLACK_BYTES);
}
