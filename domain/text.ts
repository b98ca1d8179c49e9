import { isObject } from './guards';

/**
 * What text a visitor types may not contain: every C0 and C1 control character (and DEL), and the
 * invisible bidirectional controls (marks, embeddings, overrides, isolates: U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069) that can make a name or an address read as something else in an
 * e-mail. Multi-line text (a textarea) keeps tab, line feed and carriage return. Each is one
 * character class: a search is linear in the length of the text.
 */
export const REFUSED_IN_TEXT = {
  'single-line': '[\\u0000-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]',
  'multi-line': '[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F\\u061C\\u200E\\u200F\\u202A-\\u202E\\u2066-\\u2069]',
} as const;

export type TextKind = keyof typeof REFUSED_IN_TEXT;

const SINGLE_LINE = new RegExp(REFUSED_IN_TEXT['single-line']);
const MULTI_LINE = new RegExp(REFUSED_IN_TEXT['multi-line']);

/** Whether `text` holds a character REFUSED_IN_TEXT refuses for its kind. */
export function hasRefusedCharacters(text: string, kind: TextKind = 'single-line'): boolean {
  return (kind === 'multi-line' ? MULTI_LINE : SINGLE_LINE).test(text);
}

/**
 * Substitutes `{name}` placeholders of an editor's text with `values`, in one pass (a value that
 * holds braces is never read as a placeholder); an unknown placeholder stays as written.
 */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string | number>>): string {
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(values, key) ? String(values[key]) : whole));
}

/** `value` with `map` applied to every string in it, deep in objects and lists (a copy; `value` is not changed). */
export function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, mapStrings(child, map)]));
  return value;
}
