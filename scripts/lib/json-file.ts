import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Node, ParseError } from 'jsonc-parser';
import { escapeToken, parentOf } from '../../domain/json-pointer';
import { describeSyntaxError, positionAt, type Position } from '../../domain/json-syntax';

const require = createRequire(import.meta.url);
/** jsonc-parser loads only when a position is needed. */
const jsonc = () => require('jsonc-parser') as typeof import('jsonc-parser');

/** Where a pointer's value starts in the text, and its key's for a property (character offsets). */
export interface PointerEntry {
  value: { pos: number };
  key?: { pos: number };
}

/** Every pointer of a JSON text with its positions (jsonc-parser's syntax tree, walked once). */
function pointersOf(source: string): Record<string, PointerEntry> {
  const pointers: Record<string, PointerEntry> = {};
  const walk = (node: Node, pointer: string, key?: Node) => {
    pointers[pointer] = key ? { value: { pos: node.offset }, key: { pos: key.offset } } : { value: { pos: node.offset } };
    if (node.type === 'object') {
      for (const property of node.children ?? []) {
        const [name, value] = property.children ?? [];
        if (name && value) walk(value, `${pointer}/${escapeToken(String(name.value))}`, name);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((child, index) => walk(child, `${pointer}/${index}`));
    }
  };
  const tree = jsonc().parseTree(source, [], { disallowComments: true, allowTrailingComma: false });
  if (tree) walk(tree, '');
  return pointers;
}

/** A JSON file of the project, parsed, with a map from JSON pointers to source positions. */
export interface JsonFile {
  /** Path relative to the project root, forward slashes. */
  file: string;
  text: string;
  data: unknown;
  /** The positions of every pointer: worked out on first use (only a problem to report needs them). */
  pointers(): Record<string, PointerEntry>;
}

interface JsonSyntaxError {
  file: string;
  line: number;
  column: number;
  message: string;
}

export type JsonReadResult = { ok: true; json: JsonFile } | { ok: false; error: JsonSyntaxError };

/**
 * The first syntax error of JSON text: its offset and what is wrong in plain words. jsonc-parser reads
 * the text strictly (no comments, no trailing commas) and names each error by its offset.
 */
function firstSyntaxError(text: string, parseError: unknown): { pos: number; message: string } {
  if (text.trim() === '') return describeSyntaxError(text, undefined);
  const { parse, printParseErrorCode } = jsonc();
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: true, allowTrailingComma: false });
  const error = errors[0];
  // Both parsers read JSON as the standard has it; should they ever disagree, JSON.parse's words stand.
  if (!error) return { pos: 0, message: `invalid JSON: ${parseError instanceof Error ? parseError.message : String(parseError)}` };
  return describeSyntaxError(text, { offset: error.offset, length: error.length, code: printParseErrorCode(error.error) });
}

/**
 * Parses JSON text; a syntax error comes back with the line and column of its first offending
 * token. The data comes from JSON.parse (native, several times faster); jsonc-parser parses the text
 * again only for the position of a problem.
 */
function parseJson(file: string, text: string): JsonReadResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  let data: unknown;
  try {
    data = JSON.parse(source);
  } catch (error) {
    const { pos, message } = firstSyntaxError(source, error);
    return { ok: false, error: { file, ...positionAt(source, pos), message } };
  }
  let pointers: Record<string, PointerEntry> | undefined;
  return { ok: true, json: { file, text: source, data, pointers: () => (pointers ??= pointersOf(source)) } };
}

export function readJson(root: string, file: string): JsonReadResult | undefined {
  const abs = path.join(root, file);
  if (!existsSync(abs)) return undefined;
  return parseJson(file, readFileSync(abs, 'utf8'));
}

/** Names (without .json) of the JSON files directly in a folder of the project, sorted; [] if absent. */
export function listJson(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => entry.name.slice(0, -'.json'.length))
    .sort();
}

/**
 * Where a pointer sits in the file: its value, or its key for `at: 'key'` (the name of an unknown
 * property). A pointer that the file does not hold falls back to its nearest ancestor.
 */
export function locate(json: JsonFile, pointer: string, at: 'value' | 'key' = 'value'): Position {
  let current = pointer;
  for (;;) {
    const entry = json.pointers()[current];
    if (entry) {
      const loc = at === 'key' && entry.key && current === pointer ? entry.key : entry.value;
      return positionAt(json.text, loc.pos);
    }
    if (current === '') return { line: 1, column: 1 };
    current = parentOf(current);
  }
}

export { isObject } from '../../domain/guards';

/** A key that appears twice in one object: JSON.parse keeps the last silently. */
export interface DuplicateKey {
  key: string;
  /** Pointer of the member (the same for both occurrences). */
  pointer: string;
  /** Offset of the repeated key. */
  pos: number;
}

type Frame = { kind: 'object'; pointer: string; keys: Set<string>; current: string } | { kind: 'array'; pointer: string; index: number };

/** Finds repeated keys in JSON text that is known to parse. */
export function duplicateKeys(text: string): DuplicateKey[] {
  const found: DuplicateKey[] = [];
  const stack: Frame[] = [];
  let expectKey = false;
  const childPointer = () => {
    const top = stack[stack.length - 1];
    if (!top) return '';
    return top.kind === 'object' ? `${top.pointer}/${escapeToken(top.current)}` : `${top.pointer}/${top.index}`;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === 'object') {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) found.push({ key, pointer: `${top.pointer}/${escapeToken(key)}`, pos: i });
        top.keys.add(key);
        top.current = key;
        expectKey = false;
      }
      i = j;
    } else if (c === '{') {
      stack.push({ kind: 'object', pointer: childPointer(), keys: new Set(), current: '' });
      expectKey = true;
    } else if (c === '[') {
      stack.push({ kind: 'array', pointer: childPointer(), index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
      expectKey = false;
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') expectKey = true;
      else if (top) top.index++;
    }
  }
  return found;
}
