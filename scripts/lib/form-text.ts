import type { SchemaIssue } from './ajv';
import { stringMaxLength } from '../../server/forms/limits';
import { isObject } from './json-file';
import { isSilenced, walkSchema, type Visit } from './schema-walk';

type Schema = Record<string, unknown>;

/**
 * The rules for the text fields of a form (every string a visitor sends), so that the server can
 * bound a submission's size (server/forms/limits.ts, which computes the bound this gate requires)
 * and no field carries control characters:
 * - a bound: `maxLength`, unless the value is one of a list (`enum`, a fixed `const`), a `format`
 *   of fixed length (date) or the `pattern` bounds it (`^[0-9]{4}$`);
 * - no control characters: `"x-text": "single-line"` (or `"multi-line"` on a textarea), unless a
 *   `format` (PLAIN_FORMATS) or the field's `pattern` already refuses them.
 */
/** ajv-formats formats whose grammars admit no control character. */
const PLAIN_FORMATS = ['date', 'time', 'date-time', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uuid'];

function isStringField(node: Schema): boolean {
  const { type } = node;
  if (!(type === 'string' || (Array.isArray(type) && type.includes('string')))) return false;
  if (Array.isArray(node.enum)) return false;
  // A fixed value is bounded; `{ "$data": "1/email" }` (equal to another field) is not a fixed value.
  return !('const' in node) || (isObject(node.const) && '$data' in node.const);
}

/** A control character: C0, DEL or C1. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
/** Escaped punctuation: the character itself. */
const PUNCTUATION = /^[\\/^$.|?*+()[\]{}-]$/;
/** Escapes outside a class that match no character or only printable ones: \d \w, \b \B, backreferences. */
const PRINTABLE_ESCAPE = /^[dwbB1-9]$/;

/**
 * Whether every string that `source` matches (with Ajv's 'u' flag) is free of control characters,
 * judged conservatively from the source: anchored at both ends with no top-level `|`, and made only
 * of printable literals, positive classes and ranges of them, and the escapes \d \w \b \B \1 and
 * escaped punctuation; a negated class, `.`, \s \S \W \D \p \u \x \c \0 \t \n make it "not proven".
 */
export function refusesControlCharacters(source: string): boolean {
  if (!source.startsWith('^') || !source.endsWith('$') || source.endsWith('\\$')) return false;
  let depth = 0;
  let inClass = false;
  let rangeStart: number | undefined; // the last literal of a class, which a '-' may turn into a range
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (isControl(c.codePointAt(0)!)) return false;
    if (inClass) {
      if (c === ']') {
        inClass = false;
      } else if (c === '-' && rangeStart !== undefined && source[i + 1] !== ']') {
        const escaped = source[i + 1] === '\\';
        const end = escaped ? source[i + 2] : source[i + 1];
        if (end === undefined || (escaped && !PUNCTUATION.test(end))) return false;
        // Printable ends can still span DEL and C1 ('~-¡').
        if (rangeStart <= 0x9f && end.codePointAt(0)! >= 0x7f) return false;
        i += escaped ? 2 : 1;
        rangeStart = undefined;
      } else if (c === '\\') {
        const next = source[++i];
        if (next === 'd' || next === 'w')
          rangeStart = undefined; // printable sets, never a range end
        else if (next !== undefined && PUNCTUATION.test(next)) rangeStart = next.codePointAt(0);
        else return false; // \b is a backspace here; \s, \u, \x, ... may be control characters
      } else {
        rangeStart = c.codePointAt(0);
      }
      continue;
    }
    if (c === '\\') {
      const next = source[++i];
      if (next === undefined || !(PRINTABLE_ESCAPE.test(next) || PUNCTUATION.test(next))) return false;
    } else if (c === '[') {
      if (source[i + 1] === '^') return false;
      inClass = true;
      rangeStart = undefined;
    } else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '.' || (c === '|' && depth === 0)) return false;
  }
  return !inClass && depth === 0;
}

/**
 * The uiSchema entry of a field reached through `properties` only ({} when it has none: a plain
 * input); undefined for a field elsewhere (items, definitions), whose widget is not known here.
 */
function uiOf(visit: Visit, uiSchema: Schema | undefined): Schema | undefined {
  if (!visit.dataPath) return undefined;
  let ui: unknown = uiSchema;
  for (const step of visit.dataPath) {
    if (step.kind !== 'property') return undefined;
    ui = isObject(ui) ? ui[String(step.key)] : undefined;
  }
  return isObject(ui) ? ui : {};
}

/** The text-field rules above, for a form's data schema (at `rootPointer`) and its uiSchema. */
export function textFieldIssues(schema: unknown, uiSchema: Schema | undefined, rootPointer = ''): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  walkSchema(schema, rootPointer, (visit) => {
    const node = visit.schema;
    if (!isStringField(node) || isSilenced(visit)) return;
    const { pointer } = visit;
    const format = typeof node.format === 'string' ? node.format : undefined;
    if (stringMaxLength(node) === undefined) {
      issues.push({
        pointer,
        at: 'key',
        message: 'text field has no maxLength: give it the bound of what it holds (e.g. 100 for a name, 254 for an e-mail)',
      });
    }
    const kind = node['x-text'];
    const plain =
      kind !== undefined ||
      (format !== undefined && PLAIN_FORMATS.includes(format)) ||
      (typeof node.pattern === 'string' && refusesControlCharacters(node.pattern));
    if (!plain) {
      issues.push({
        pointer,
        at: 'key',
        message:
          'text field accepts control characters: add "x-text": "single-line" ("multi-line" for a textarea) or a pattern that refuses them',
      });
    }
    const ui = uiOf(visit, uiSchema);
    if (kind === 'multi-line' && ui !== undefined && ui['ui:widget'] !== 'textarea') {
      issues.push({ pointer: `${pointer}/x-text`, at: 'value', message: 'only a textarea takes multi-line text: use "single-line"' });
    }
  });
  return issues;
}
