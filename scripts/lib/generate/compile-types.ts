import path from 'node:path';
import { isObject, type JsonReadResult } from '../json-file';
import { PROJECT_PATHS } from '../project';
import { mapSchema } from '../schema-walk';
import type { GenerateContext } from './step';

type Schema = Record<string, unknown>;

/** Options shared by every call of json-schema-to-typescript: strict, `unknown` not `any`, no banner. */
const TS_OPTIONS = {
  bannerComment: '',
  unknownAny: true,
  additionalProperties: false,
  ignoreMinAndMaxItems: true,
  strictIndexSignatures: false,
  declareExternallyReferenced: true,
  format: true,
  $refOptions: {
    resolve: {
      http: false,
      // pages.schema.json applies the generated union of the sections (src/generated/sections.schema.json,
      // which refs every block). A block schema may ref a definition of pages.schema.json, which brings the
      // whole file along: its Section is typed by sections.ts instead, so the union is read as empty here
      // (it may not even be written yet).
      sections: {
        order: 0,
        canRead: (file: { url: string }) =>
          [PROJECT_PATHS.sectionsSchema, PROJECT_PATHS.presetsSchema].some((union) => file.url.replace(/\\/g, '/').endsWith(`/${union}`)),
        read: () => '{}',
      },
    },
  },
} as const;

// Loaded on first use: json-schema-to-typescript brings prettier along.
let compiler: Promise<typeof import('json-schema-to-typescript')> | undefined;
function loadCompiler() {
  compiler ??= import('json-schema-to-typescript');
  return compiler;
}

/** Re-roots a schema's local refs ('#/definitions/x') under `base` ('#/definitions/banner'). */
function rebaseLocalRefs(schema: unknown, base: string): unknown {
  return mapSchema(schema, (node) =>
    typeof node.$ref === 'string' && node.$ref.startsWith('#') ? { ...node, $ref: base + node.$ref.slice(1) } : node,
  );
}

/**
 * Drops every `title` (the map names the root): in a form schema titles are field labels ("Member's Name"), which
 * json-schema-to-typescript would otherwise turn into type aliases (MemberSName, MemberSName1, ...).
 */
export function withoutTitles(schema: Schema): Schema {
  return mapSchema(schema, (node) => {
    if (!('title' in node)) return node;
    const { title: _title, ...rest } = node;
    return rest;
  }) as Schema;
}

/** Re-roots a schema's relative file refs ('../x.json#/y') from the schema's folder to `cwd`. */
function rebaseFileRefs(schema: unknown, dir: string, cwd: string): unknown {
  if (dir === cwd) return schema;
  return mapSchema(schema, (node) => {
    if (typeof node.$ref !== 'string' || node.$ref.startsWith('#') || /^[a-z][a-z0-9+.-]*:/i.test(node.$ref)) return node;
    const [file, fragment] = node.$ref.split('#');
    const rebased = path.relative(cwd, path.resolve(dir, file)).split(path.sep).join('/');
    return { ...node, $ref: fragment === undefined ? rebased : `${rebased}#${fragment}` };
  });
}

const CONDITIONAL_KEYWORDS = ['if', 'then', 'else'];

/**
 * Drops what types cannot express and json-schema-to-typescript ignores anyway: if/then/else, and
 * allOf members left empty by that. An allOf of conditions would otherwise turn the entry's type into
 * an alias of an object named after its definition key.
 */
function withoutConditionals(schema: unknown): Schema {
  return mapSchema(schema, (node) => {
    const out: Schema = Object.fromEntries(Object.entries(node).filter(([key]) => !CONDITIONAL_KEYWORDS.includes(key)));
    if (Array.isArray(out.allOf)) {
      const members = out.allOf.filter((member) => !(isObject(member) && Object.keys(member).length === 0));
      if (members.length > 0) out.allOf = members;
      else delete out.allOf;
    }
    return out;
  }) as Schema;
}

export interface TypeEntry {
  /** Key in the map interface ('banner'). */
  key: string;
  /** Name of the entry's own type ('BannerProps'). */
  typeName: string;
  schema: Schema;
  /** The folder of the schema's file, when it is not `cwd` (its relative file refs start there). */
  dir?: string;
}

/**
 * Compiles several schemas into one TypeScript module: an interface `mapName` with a member per
 * entry, plus each entry's type (named `typeName`) and the named types inside them. Compiling them
 * together declares each shared type once. `cwd` is the folder the schemas' relative $refs start from.
 */
async function compileTypeMap(mapName: string, entries: readonly TypeEntry[], cwd: string, description?: string): Promise<string> {
  const definitions: Schema = {};
  const properties: Schema = {};
  for (const { key, typeName, schema, dir } of entries) {
    const defKey = `${mapName}_${key}`;
    const ref = `#/definitions/${encodeURIComponent(defKey)}`;
    const { $id: _id, $schema: _schema, ...rest } = withoutConditionals(rebaseLocalRefs(rebaseFileRefs(schema, dir ?? cwd, cwd), ref));
    definitions[defKey] = { ...rest, title: typeName };
    properties[key] = { $ref: ref };
  }
  const root: Schema = {
    title: mapName,
    ...(description ? { description } : {}),
    type: 'object',
    additionalProperties: false,
    required: entries.map((e) => e.key),
    properties,
    definitions,
  };
  const { compile } = await loadCompiler();
  return compile(root as never, mapName, { ...TS_OPTIONS, cwd });
}

/** Compiles one schema on its own (named by its title, or `name`). */
export async function compileSchema(schema: Schema, name: string, cwd: string): Promise<string> {
  const { compile } = await loadCompiler();
  return compile(withoutConditionals(schema) as never, name, { ...TS_OPTIONS, cwd });
}

/**
 * Like compileTypeMap, but an entry that json-schema-to-typescript cannot compile is left out with
 * a warning instead of failing the whole file (`npm run validate` then says what is wrong with it).
 */
export async function compileTypeMapLeniently(
  ctx: GenerateContext,
  mapName: string,
  entries: readonly (TypeEntry & { file: string })[],
  cwd: string,
  description?: string,
): Promise<{ code: string; entries: TypeEntry[] }> {
  try {
    return { code: await compileTypeMap(mapName, entries, cwd, description), entries: [...entries] };
  } catch {
    const good: TypeEntry[] = [];
    for (const entry of entries) {
      try {
        await compileTypeMap(mapName, [entry], cwd);
        good.push(entry);
      } catch (error) {
        ctx.warn(`${entry.file}: no type generated (${firstLine(error)})`);
      }
    }
    return { code: await compileTypeMap(mapName, good, cwd, description), entries: good };
  }
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0];
}

/** The object schema of a parsed input file, or undefined (with a warning) when it is unusable. */
export function usableSchema(ctx: GenerateContext, file: string, read: JsonReadResult | undefined): Schema | undefined {
  if (!read) return undefined;
  if (!read.ok) {
    ctx.warn(`${file}: skipped, not valid JSON (${read.error.line}:${read.error.column} ${read.error.message})`);
    return undefined;
  }
  if (!isObject(read.json.data)) {
    ctx.warn(`${file}: skipped, not a JSON object`);
    return undefined;
  }
  return read.json.data;
}

/** A JavaScript value as TypeScript source (JSON with the keys that need no quotes unquoted). */
export function literal(value: unknown, indent = ''): string {
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    return `[\n${value.map((item) => inner + literal(item, inner)).join(',\n')},\n${indent}]`;
  }
  if (isObject(value)) {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([key, item]) => `${inner}${propertyKey(key)}: ${literal(item, inner)}`).join(',\n')},\n${indent}}`;
  }
  return typeof value === 'string' ? quote(value) : JSON.stringify(value);
}

export function quote(text: string): string {
  return JSON.stringify(text);
}

export function propertyKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : quote(key);
}
