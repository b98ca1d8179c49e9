import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { findNodeAtLocation, getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, daysBetween } from '../../domain/dates';
import { isObject } from '../../domain/guards';
import { parsePointer } from '../../domain/json-pointer';
import { describeSyntaxError, positionAt } from '../../domain/json-syntax';
import { kept } from '../kept';
import type { Item } from '../repo';
import { readContentFiles, type ContentFile } from './files';
import { contentRuleProblems, fillNames, type ContentFileData } from './rules';

/** One problem of a content file, where an editor finds it. */
export interface ContentProblem {
  file: string;
  line: number;
  column: number;
  pointer: string;
  message: string;
}

export interface LoadedContent {
  /** resource -> items, as the API serves them: placeholders filled, demo dates moved. */
  resources: Map<string, Item[]>;
  problems: ContentProblem[];
  /** The files read, for the log. */
  files: number;
}

export interface LoadOptions {
  /** The project root (content/ and schemas/ under it). */
  root: string;
  /** Demo start: content/demo/ too, its dates moved to `today`. */
  demo: boolean;
  product: { name: string; short: string };
  /** Today in Manila (YYYY-MM-DD): where the demo's moving dates land. */
  today: string;
  /**
   * The editor's preview of a draft being written: the items are given even with problems (those of
   * every file that parsed and names its kind; an item needs an object with a whole-number id, the
   * first of an id wins). A server never starts on them.
   */
  partial?: boolean;
  /**
   * The content files to check instead of those on disk (a release's texts, a draft's): only those
   * of content/demo/ too when `demo`. The schemas are still read from `root`.
   */
  files?: readonly ContentFile[];
}

const SCHEMA_BASE = 'https://content.invalid/';
const CONTENT_SCHEMAS = 'schemas/content';
const RESOURCE_SCHEMAS = 'schemas/api/resources';

/** The validator of each content-file kind (schemas/content/<kind>.json), compiled once per root. */
const validatorsByRoot = new Map<string, Map<string, ValidateFunction>>();

function contentValidators(root: string): Map<string, ValidateFunction> {
  const known = validatorsByRoot.get(root);
  if (known) return known;
  const ajv = new Ajv({ allErrors: true, strict: false });
  const load = (dir: string) =>
    readdirSync(join(root, dir))
      .filter((name) => name.endsWith('.json'))
      .map((name) => {
        const schema = JSON.parse(readFileSync(join(root, dir, name), 'utf8')) as Record<string, unknown>;
        ajv.addSchema({ ...schema, $id: `${SCHEMA_BASE}${dir}/${name}` });
        return name.slice(0, -'.json'.length);
      });
  load(RESOURCE_SCHEMAS);
  const validators = new Map(load(CONTENT_SCHEMAS).map((kind) => [kind, ajv.getSchema(`${SCHEMA_BASE}${CONTENT_SCHEMAS}/${kind}.json`)!]));
  validatorsByRoot.set(root, validators);
  return validators;
}

/** The kind a content file declares: `…/schemas/content/<kind>.json` in its `$schema`. */
const KIND = /(?:^|\/)schemas\/content\/([a-z0-9-]+)\.json$/;

/** An Ajv error in the words of the QA gate. */
function describe(error: ErrorObject): { pointer: string; message: string } {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required')
    return { pointer: error.instancePath, message: `missing required property '${String(params.missingProperty)}'` };
  if (error.keyword === 'additionalProperties') {
    return {
      pointer: `${error.instancePath}/${String(params.additionalProperty)}`,
      message: `unknown property '${String(params.additionalProperty)}'`,
    };
  }
  return { pointer: error.instancePath, message: error.message ?? error.keyword };
}

/** The offset of a pointer's value in a parsed tree (the nearest parent that exists). */
function offsetOf(tree: Node | undefined, pointer: string): number {
  if (!tree) return 0;
  const path = parsePointer(pointer).map((token) => (/^\d+$/.test(token) ? Number(token) : token));
  for (let n = path.length; n >= 0; n--) {
    const node = findNodeAtLocation(tree, path.slice(0, n));
    if (node)
      return node.parent?.type === 'property' && n === path.length && typeof path[n - 1] === 'string' ? node.parent.offset : node.offset;
  }
  return 0;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Moves every date (YYYY-MM-DD) of a value by `days`. */
function moveDates<T>(value: T, days: number): T {
  if (typeof value === 'string') return (DATE.test(value) ? addDays(value, days) : value) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => moveDates(item, days)) as T;
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, moveDates(item, days)])) as T;
  return value;
}

interface Parsed extends ContentFileData {
  tree: Node | undefined;
  text: string;
}

function parse(file: ContentFile, problems: ContentProblem[]): Parsed | undefined {
  const errors: ParseError[] = [];
  const tree = parseTree(file.text, errors, { allowTrailingComma: false, disallowComments: true });
  if (errors.length > 0 || !tree) {
    const error = errors[0];
    const { pos, message } = describeSyntaxError(
      file.text,
      error && { offset: error.offset, length: error.length, code: printParseErrorCode(error.error) },
    );
    problems.push({ file: file.file, ...positionAt(file.text, pos), pointer: '', message });
    return undefined;
  }
  return { ...file, data: getNodeValue(tree) as unknown, tree };
}

/** The items a database can hold whatever their other problems: objects with a whole-number id, the first of each id. */
function servableItems(items: readonly unknown[]): Item[] {
  const ids = new Set<number>();
  return items.filter((item): item is Item => {
    if (!isObject(item) || !Number.isInteger(item.id) || ids.has(item.id as number)) return false;
    ids.add(item.id as number);
    return true;
  });
}

/** One file as loadContent takes it: parsed, its kind's validator when it names one, its own problems. */
interface CheckedFile {
  parsed: Parsed | undefined;
  kinded: boolean;
  problems: ContentProblem[];
}

/** A file's parse and schema check, by everything they depend on (files, root, product). */
const checkedFiles = kept<CheckedFile>({ count: 200, chars: 8_000_000 });

/** Parses `file` and checks it against the schema of the kind it names, as served (names filled in). */
function checkFile(file: ContentFile, validators: Map<string, ValidateFunction>, product: LoadOptions['product']): CheckedFile {
  const problems: ContentProblem[] = [];
  const parsed = parse(file, problems);
  if (!parsed) return { parsed, kinded: false, problems };
  const locate = (pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...positionAt(file.text, offsetOf(parsed.tree, pointer)) });
  const declared = isObject(parsed.data) && typeof parsed.data.$schema === 'string' ? parsed.data.$schema : undefined;
  const kind = declared !== undefined ? KIND.exec(declared)?.[1] : undefined;
  const validate = kind !== undefined ? validators.get(kind) : undefined;
  if (!validate) {
    locate(declared === undefined ? '' : '/$schema', `$schema must name a file of ${CONTENT_SCHEMAS}/ (the kind of this resource's items)`);
    return { parsed: lean(parsed), kinded: false, problems };
  }
  // Checked as served: a slug written `{short}-shop` is a slug once the product's short name is in.
  if (!validate(fillNames(parsed.data, product)))
    for (const error of validate.errors ?? []) {
      const { pointer, message } = describe(error);
      locate(pointer, message);
    }
  return { parsed: lean(parsed), kinded: true, problems };
}

/** A parsed file without its syntax tree (ten times the text), which a located problem parses again. */
const lean = (parsed: Parsed): Parsed => ({ ...parsed, tree: undefined });

/**
 * Reads and checks the content files of a project (each against its schemas/content/ kind, then the
 * shared rules) and gives the items the API serves. Problems come with file, line, column and pointer;
 * a caller that gets any must not use the items. A file's own check is kept by its text: a preview
 * loads the whole set at each keystroke, and one file changed.
 */
export function loadContent(options: LoadOptions): LoadedContent {
  const problems: ContentProblem[] = [];
  const files = options.files
    ? options.files.filter((file) => options.demo || !file.demo)
    : readContentFiles(options.root, { demo: options.demo });
  const validators = contentValidators(options.root);
  const { name, short } = options.product;
  const checked = files.map((file) =>
    checkedFiles.get(JSON.stringify([options.root, name, short, file.file, file.resource, file.demo, file.text]), () =>
      checkFile(file, validators, options.product),
    ),
  );
  for (const file of checked) problems.push(...file.problems.map((problem) => ({ ...problem })));
  const parsed = checked.flatMap((file) => file.parsed ?? []);
  /** The files that name a kind they are checked as. */
  const kinded = new Set(checked.flatMap((file) => (file.kinded && file.parsed ? [file.parsed] : [])));
  const locate = (file: Parsed, pointer: string, message: string) =>
    problems.push({ file: file.file, pointer, message, ...positionAt(file.text, offsetOf(file.tree ?? parseTree(file.text), pointer)) });
  const byFile = new Map(parsed.map((file) => [file.file, file]));
  for (const problem of contentRuleProblems(parsed)) locate(byFile.get(problem.file)!, problem.pointer, problem.message);

  const resources = new Map<string, Item[]>();
  if (problems.length === 0 || options.partial) {
    for (const file of parsed) {
      const data = file.data as { items: Item[]; demoDatesAsOf?: string };
      if (!kinded.has(file) || !Array.isArray(data.items)) continue;
      const moved = file.demo && data.demoDatesAsOf ? moveDates(data.items, daysBetween(data.demoDatesAsOf, options.today)) : data.items;
      // A demo file adds its items to those of content/ (the same resource in both folders).
      resources.set(file.resource, [...(resources.get(file.resource) ?? []), ...fillNames(moved, options.product)]);
    }
    if (problems.length > 0) for (const [resource, items] of resources) resources.set(resource, servableItems(items));
  }
  problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column));
  return { resources, problems, files: files.length };
}

/** The problems as the QA gate prints them: `file:line:column  /pointer  message`, one per line. */
export function formatContentProblems(problems: readonly ContentProblem[]): string {
  return problems.map((p) => `${p.file}:${p.line}:${p.column}  ${p.pointer || '(root)'}  ${p.message}`).join('\n');
}
