import { createRequire } from 'node:module';
import type { FormattingOptions, JSONPath } from 'jsonc-parser';
import { isObject } from '../json-file';

/**
 * The editor's writes (`npm run edit`): a file's new value becomes the smallest text edit of the
 * file as it is, so that what the editor did not change stays byte-identical (its layout, its key
 * order, its `$ref`s). save.ts writes the result once the QA gate (check.ts) passes it.
 *
 * jsonc-parser's `modify` (as scripts/lib/migrations.ts uses it) edits one JSON path at a time with
 * the file's own indentation; each path whose value differs is edited: objects key by key
 * (removed, changed, then added keys, an added key after the key that precedes it in the new
 * value), arrays element by element along their longest common subsequence (an element that moved
 * keeps its text), anything else replaced. The result must parse to the new value, else a coarser
 * edit is tried (each changed top-level key), and last the whole file written afresh.
 */

// jsonc-parser's ESM build does not load in Node: its UMD build, as migrations.ts and json-file.ts do.
const require = createRequire(import.meta.url);
const jsonc = () => require('jsonc-parser') as typeof import('jsonc-parser');

/** The file's own layout: its indentation (from the first indented line; 2 spaces if none) and line ends. */
export function detectFormatting(text: string): FormattingOptions {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const indent = /^([ \t]+)\S/m.exec(text)?.[1];
  if (indent?.startsWith('\t')) return { insertSpaces: false, tabSize: 1, eol };
  return { insertSpaces: true, tabSize: indent ? indent.length : 2, eol };
}

/** A value written afresh in a layout (JSON.stringify's, which is jsonc-parser's formatter's too). */
export function serialise(value: unknown, formatting: FormattingOptions = detectFormatting(''), finalNewline = true): string {
  const eol = formatting.eol ?? '\n';
  const text = JSON.stringify(value, null, formatting.insertSpaces ? formatting.tabSize : '\t').replace(/\n/g, eol);
  return finalNewline ? text + eol : text;
}

/** Whether two JSON values are equal; the order of an object's keys does not count. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, i) => jsonEqual(item, b[i]));
  if (isObject(a)) {
    if (!isObject(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && jsonEqual(a[key], b[key]));
  }
  return false;
}

/** A JSON value as a string that is the same for equal values (object keys sorted). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonical(value[key])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const isContainer = (value: unknown): value is object =>
  (Array.isArray(value) && value.length > 0) || (isObject(value) && Object.keys(value).length > 0);

/** The leading white space of the line holding `offset`. */
function lineIndent(text: string, offset: number): string {
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*/.exec(text.slice(start, offset))![0];
}

/** A value's original text (an object or array of the file before the edit), moved to another depth. */
function reindent(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text.replace(/\n([ \t]*)/g, (all, lead: string) => (lead.startsWith(from) ? `\n${to}${lead.slice(from.length)}` : all));
}

/** Stands for a value whose original text is put in its place once jsonc-parser has placed it. */
const PLACEHOLDER = '\u0000editor: original text goes here\u0000';

/** The text being edited, the file's layout, and the original text of each object and array of the file. */
class TextEditor {
  private origins: Map<string, { text: string; indent: string }> | undefined;

  constructor(
    public text: string,
    private readonly original: string,
    private readonly formatting: FormattingOptions,
  ) {}

  /** The objects and arrays of the original text by canonical value (the first of equal ones). */
  private origin(value: unknown) {
    if (!this.origins) {
      this.origins = new Map();
      const tree = jsonc().parseTree(this.original);
      const walk = (node: import('jsonc-parser').Node, top: boolean) => {
        if (node.type !== 'object' && node.type !== 'array') return;
        for (const child of node.children ?? []) walk(node.type === 'object' ? child.children![1] : child, false);
        if (top || !node.children?.length) return;
        const key = canonical(jsonc().getNodeValue(node));
        if (!this.origins!.has(key)) {
          this.origins!.set(key, {
            text: this.original.slice(node.offset, node.offset + node.length),
            indent: lineIndent(this.original, node.offset),
          });
        }
      };
      if (tree) walk(tree, true);
    }
    return this.origins.get(canonical(value));
  }

  /**
   * Sets (or inserts into an array, or removes with undefined) the value at a path. An object or
   * array that the original file holds somewhere (a section moved to another place) takes that
   * text, indented for its new place; any other value is laid out by jsonc-parser.
   */
  set(at: JSONPath, value: unknown, options: { insert?: boolean; insertionIndex?: (keys: string[]) => number } = {}) {
    const source = isContainer(value) ? this.origin(value) : undefined;
    const edits = jsonc().modify(this.text, at, source ? PLACEHOLDER : value, {
      formattingOptions: this.formatting,
      isArrayInsertion: options.insert,
      getInsertionIndex: options.insertionIndex,
    });
    this.text = jsonc().applyEdits(this.text, edits);
    if (!source) return;
    const node = jsonc().findNodeAtLocation(jsonc().parseTree(this.text)!, at);
    if (!node || node.value !== PLACEHOLDER) throw new Error(`placeholder not found at ${JSON.stringify(at)}`);
    const content = reindent(source.text, source.indent, lineIndent(this.text, node.offset));
    this.text = this.text.slice(0, node.offset) + content + this.text.slice(node.offset + node.length);
  }
}

/** Where a key that the new value adds goes: after the nearest key that precedes it there and that the object has. */
function insertionIndex(existing: string[], order: string[], key: string): number {
  for (let i = order.indexOf(key) - 1; i >= 0; i--) {
    const at = existing.indexOf(order[i]);
    if (at >= 0) return at + 1;
  }
  return 0;
}

/** Arrays larger than this (old × new elements) are replaced whole rather than aligned. */
const MAX_ALIGNMENT = 250_000;

/** Edits the value at `at` from `before` to `after`, path by path. */
function editValue(editor: TextEditor, at: JSONPath, before: unknown, after: unknown): void {
  if (jsonEqual(before, after)) return;
  if (isObject(before) && isObject(after)) {
    for (const key of Object.keys(before)) if (!Object.hasOwn(after, key)) editor.set([...at, key], undefined);
    const order = Object.keys(after);
    for (const key of order) if (Object.hasOwn(before, key)) editValue(editor, [...at, key], before[key], after[key]);
    for (const key of order) {
      if (!Object.hasOwn(before, key)) editor.set([...at, key], after[key], { insertionIndex: (keys) => insertionIndex(keys, order, key) });
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after) && before.length * after.length <= MAX_ALIGNMENT) {
    editArray(editor, at, before, after);
    return;
  }
  editor.set(at, after);
}

/**
 * An array edited along the longest common subsequence of its elements: the elements between two
 * kept ones are paired in order (each pair edited, or replaced when the new one moved from elsewhere
 * in the array), the extra old ones removed and the extra new ones inserted. Runs from the end so
 * that the indices still to edit are the old ones.
 */
function editArray(editor: TextEditor, at: JSONPath, before: unknown[], after: unknown[]): void {
  const old = before.map(canonical);
  const now = after.map(canonical);
  const n = old.length;
  const m = now.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) lcs[i][j] = old[i] === now[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1]);
  }
  const anchors: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < n && j < m;) {
    if (old[i] === now[j]) anchors.push([i++, j++]);
    else if (lcs[i + 1][j] >= lcs[i][j + 1]) i++;
    else j++;
  }
  anchors.push([n, m]);
  const segments: Array<{ from: number; to: number; newFrom: number; newTo: number }> = [];
  let i = 0;
  let j = 0;
  for (const [a, b] of anchors) {
    if (a > i || b > j) segments.push({ from: i, to: a, newFrom: j, newTo: b });
    i = a + 1;
    j = b + 1;
  }
  const oldSet = new Set(old);
  for (const { from, to, newFrom, newTo } of segments.reverse()) {
    const removed = to - from;
    const added = newTo - newFrom;
    const paired = Math.min(removed, added);
    for (let t = 0; t < paired; t++) {
      const value = after[newFrom + t];
      if (oldSet.has(now[newFrom + t])) editor.set([...at, from + t], value);
      else editValue(editor, [...at, from + t], before[from + t], value);
    }
    for (let t = removed - 1; t >= paired; t--) editor.set([...at, from + t], undefined);
    for (let t = paired; t < added; t++) editor.set([...at, from + t], after[newFrom + t], { insert: true });
  }
}

/**
 * The text of a file whose value becomes `value`: the smallest edits of `text` (see above), or, when
 * the file is absent or not JSON, the value written afresh (2 spaces, a final newline). The result
 * always parses to `value`.
 */
export function editText(text: string | undefined, value: unknown): string {
  if (text === undefined) return serialise(value);
  const bom = text.charCodeAt(0) === 0xfeff ? '\ufeff' : '';
  const source = bom ? text.slice(1) : text;
  const formatting = detectFormatting(source);
  const finalNewline = /\r?\n$/.test(source) || source.trim() === '';
  let before: unknown;
  try {
    before = JSON.parse(source);
  } catch {
    return bom + serialise(value, formatting, finalNewline);
  }
  const attempts: Array<() => string> = [
    // Path by path.
    () => {
      const editor = new TextEditor(source, source, formatting);
      editValue(editor, [], before, value);
      return editor.text;
    },
    // Each changed top-level key replaced whole.
    () => {
      const editor = new TextEditor(source, source, formatting);
      if (!isObject(before) || !isObject(value)) editor.set([], value);
      else {
        for (const key of Object.keys(before)) if (!Object.hasOwn(value, key)) editor.set([key], undefined);
        for (const key of Object.keys(value)) if (!jsonEqual(before[key], value[key])) editor.set([key], value[key]);
      }
      return editor.text;
    },
  ];
  for (const attempt of attempts) {
    try {
      const result = attempt();
      if (jsonEqual(JSON.parse(result), value)) return bom + result;
    } catch {
      // the next, coarser attempt
    }
  }
  return bom + serialise(value, formatting, finalNewline);
}
