import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundleForm, type BundledForm } from '../../domain/form-bundle';
import { isObject, listJson, readJson, type JsonFile, type JsonReadResult } from './json-file';

/** Where the pipeline finds its inputs, relative to the project root. */
export const PROJECT_PATHS = {
  config: 'pages.config.json',
  pagesSchema: 'schemas/pages.schema.json',
  formSchema: 'schemas/form.schema.json',
  /** One folder per block type: <type>/schema.json (props), index.tsx (component), styles, tests. */
  blocks: 'src/blocks',
  /** A block folder's schema file. */
  blockSchema: 'schema.json',
  sources: 'schemas/api/sources.json',
  resources: 'schemas/api/resources',
  forms: 'forms',
  /** Shared pieces of forms ($ref'd by them): any JSON in a folder of forms/ (forms/fragments/). */
  formFragments: 'forms/fragments',
  schemas: 'schemas',
  /** The site's content: <resource>.json, and demo/<resource>.json for the demo's partners and codes. */
  content: 'content',
  /** The schema of each kind of content file (a file's `$schema` names one). */
  contentSchemas: 'schemas/content',
  /** The generated union of the sections (one branch per block folder) that pages.schema.json applies. */
  sectionsSchema: 'src/generated/sections.schema.json',
  /** The same for a preset (schemas/pages.schema.json, SectionPreset): each block's props in part. */
  presetsSchema: 'src/generated/presets.schema.json',
  /** Each block's schema with nothing required, for props a preset and a section complete together. */
  partialProps: 'src/generated/partial-props',
} as const;

/**
 * The name of a form file, forms/<name>.json: lowercase letters, digits and hyphens, at most 64,
 * starting with a letter or digit. It names the form in a page's form block, the generated
 * validator's module and a release's served files, so the build, the gate, the editor and the
 * server's release forms all take this one rule.
 */
export const FORM_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The form's name when `file` is forms/<name>.json with a name FORM_NAME accepts, else undefined. */
export function formNameOf(file: string): string | undefined {
  const prefix = `${PROJECT_PATHS.forms}/`;
  if (!file.startsWith(prefix) || !file.endsWith('.json')) return undefined;
  const name = file.slice(prefix.length, -'.json'.length);
  return FORM_NAME.test(name) ? name : undefined;
}

/** The keys every section has beside its block's `props` (which the block schema describes). */
export const COMMON_SECTION_KEYS = ['type', 'id', 'source', 'query', 'pick', 'bind'] as const;

export interface NamedInput {
  /** The block type (its folder's name), or the file name without .json: resource kind, form name. */
  name: string;
  file: string;
  read: JsonReadResult;
  /** Of a form: the file with its fragments resolved and default messages expanded (domain/form-bundle.ts). */
  bundle?: BundledForm;
}

/** Every JSON file the pipeline reads, parsed (or with its syntax error); absent files are undefined. */
export interface ProjectInputs {
  root: string;
  config?: JsonReadResult;
  pagesSchema?: JsonReadResult;
  formSchema?: JsonReadResult;
  sources?: JsonReadResult;
  blocks: NamedInput[];
  resources: NamedInput[];
  forms: NamedInput[];
  /** The JSON files in folders of forms/ (fragments the forms $ref), read whether used or not. */
  formFragments: NamedInput[];
  /** Any other JSON under schemas/ (shared definitions a schema may $ref). */
  otherSchemas: NamedInput[];
  /** The content files (name: the resource), content/demo/ included. */
  content: NamedInput[];
}

function readDir(root: string, dir: string): NamedInput[] {
  return listJson(root, dir).flatMap((name) => {
    const file = `${dir}/${name}.json`;
    const read = readJson(root, file);
    return read ? [{ name, file, read }] : [];
  });
}

/** The block folders of src/blocks/ that hold a schema.json, each with its schema read. */
function readBlocks(root: string): NamedInput[] {
  const abs = path.join(root, PROJECT_PATHS.blocks);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const file = `${PROJECT_PATHS.blocks}/${name}/${PROJECT_PATHS.blockSchema}`;
      const read = readJson(root, file);
      return read ? [{ name, file, read }] : [];
    });
}

function listJsonDeep(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return listJsonDeep(root, rel);
      return entry.isFile() && entry.name.endsWith('.json') ? [rel] : [];
    })
    .sort();
}

export function readInputs(root: string): ProjectInputs {
  const blocks = readBlocks(root);
  const resources = readDir(root, PROJECT_PATHS.resources);
  const known = new Set<string>([
    PROJECT_PATHS.pagesSchema,
    PROJECT_PATHS.formSchema,
    PROJECT_PATHS.sources,
    ...blocks.map((b) => b.file),
    ...resources.map((r) => r.file),
  ]);
  const otherSchemas = listJsonDeep(root, PROJECT_PATHS.schemas)
    .filter((file) => !known.has(file))
    .flatMap((file) => {
      const read = readJson(root, file);
      return read ? [{ name: path.basename(file, '.json'), file, read }] : [];
    });
  const forms = readDir(root, PROJECT_PATHS.forms);
  const formFragments = listJsonDeep(root, PROJECT_PATHS.forms)
    .filter((file) => file.split('/').length > 2)
    .flatMap((file) => {
      const read = readJson(root, file);
      return read ? [{ name: path.basename(file, '.json'), file, read }] : [];
    });
  const reads = new Map<string, JsonReadResult>([...forms, ...formFragments].map((input) => [input.file, input.read]));
  for (const form of forms) form.bundle = bundleForm(form.file, (file) => reads.get(file));
  return {
    root,
    config: readJson(root, PROJECT_PATHS.config),
    pagesSchema: readJson(root, PROJECT_PATHS.pagesSchema),
    formSchema: readJson(root, PROJECT_PATHS.formSchema),
    sources: readJson(root, PROJECT_PATHS.sources),
    blocks,
    resources,
    forms,
    formFragments,
    otherSchemas,
    content: listJsonDeep(root, PROJECT_PATHS.content).flatMap((file) => {
      const read = readJson(root, file);
      return read ? [{ name: path.basename(file, '.json'), file, read }] : [];
    }),
  };
}

/**
 * A form file as the site and the server run it (its bundle: fragments resolved, messages expanded),
 * in the shape of a read; the read itself when it failed or the bundle has no data.
 */
export function bundledRead(input: NamedInput): JsonReadResult | undefined {
  if (!input.read?.ok || input.bundle?.data === undefined) return input.read;
  return { ok: true, json: { ...input.read.json, data: input.bundle.data } };
}

/** The parsed file, or undefined when it is absent or not valid JSON. */
export function parsed(read: JsonReadResult | undefined): JsonFile | undefined {
  return read?.ok ? read.json : undefined;
}

export type SourceMode = 'required' | 'optional' | 'none';
export const SOURCE_MODES: readonly SourceMode[] = ['required', 'optional', 'none'];

/**
 * x-skeleton: the height of the shape shown while a section of the block loads (px, or a CSS length
 * when the block's height follows the viewport; 0 shows none), or that height unless the boolean
 * prop `noneWhen` is true (the block then usually renders nothing).
 */
export type SkeletonSpec = number | string | { height: number | string; noneWhen: string };

/** Whether a value is a usable x-skeleton (validate-project says what is wrong with one that is not). */
export function isSkeletonSpec(value: unknown): value is SkeletonSpec {
  const height = (h: unknown) =>
    (typeof h === 'number' && Number.isFinite(h) && h >= 0) || (typeof h === 'string' && /^[^;{}<>]+$/.test(h));
  if (isObject(value)) return Object.keys(value).length === 2 && height(value.height) && typeof value.noneWhen === 'string';
  return height(value);
}

/** What a block schema declares beside its props: content binding and skeleton. */
export interface BlockInfo {
  type: string;
  file: string;
  schema: Record<string, unknown>;
  /** x-source: whether a section of this type must, may or must not name a source (default optional). */
  source: SourceMode;
  /** x-item: the resource kind the block expects from its source, when declared. */
  item: string | null;
  /** x-skeleton, when the schema gives a usable one (else the engine's 120 px). */
  skeleton: SkeletonSpec | undefined;
  /**
   * x-hydrate: 'never' for a block whose server-rendered HTML is final (no handler, no state, no
   * effect): the browser never hydrates its sections nor downloads its code. Absent: the block runs.
   */
  hydrateNever: boolean;
  /**
   * x-hydrate: 'first' for a block that sets up what the page's other sections act in (the shop
   * scope): input a visitor gave before the page ran is replayed only once it has run.
   */
  hydrateFirst: boolean;
}

export function blockInfo(input: NamedInput): BlockInfo | undefined {
  const json = parsed(input.read);
  if (!json || !isObject(json.data)) return undefined;
  const schema = json.data;
  const mode = schema['x-source'];
  const item = schema['x-item'];
  return {
    type: input.name,
    file: input.file,
    schema,
    source: SOURCE_MODES.includes(mode as SourceMode) ? (mode as SourceMode) : 'optional',
    item: typeof item === 'string' ? item : null,
    skeleton: isSkeletonSpec(schema['x-skeleton']) ? schema['x-skeleton'] : undefined,
    hydrateNever: schema['x-hydrate'] === 'never',
    hydrateFirst: schema['x-hydrate'] === 'first',
  };
}

/** One entry of schemas/api/sources.json. */
export interface SourceEntry {
  item?: string;
  shape?: string;
  query?: string[];
}

/** The content-source catalogue by name (as written, with '{short}' and ':param'); empty if absent. */
export function sourceCatalogue(read: JsonReadResult | undefined): Map<string, SourceEntry> {
  const data = parsed(read)?.data;
  const sources = isObject(data) && isObject(data.sources) ? data.sources : {};
  const catalogue = new Map<string, SourceEntry>();
  for (const [name, raw] of Object.entries(sources)) {
    const entry = isObject(raw) ? raw : {};
    catalogue.set(name, {
      item: typeof entry.item === 'string' ? entry.item : undefined,
      shape: typeof entry.shape === 'string' ? entry.shape : undefined,
      query: Array.isArray(entry.query) ? entry.query.filter((q): q is string => typeof q === 'string') : undefined,
    });
  }
  return catalogue;
}

/** The product's short name from pages.config.json (for '{short}'), when the file says it. */
export function productShort(read: JsonReadResult | undefined): string | undefined {
  const data = parsed(read)?.data;
  if (!isObject(data) || !isObject(data.site) || !isObject(data.site.product)) return undefined;
  const short = data.site.product.short;
  return typeof short === 'string' ? short : undefined;
}

/** The product's display name from pages.config.json (for '{product}'), when the file says it. */
export function productName(read: JsonReadResult | undefined): string | undefined {
  const data = parsed(read)?.data;
  if (!isObject(data) || !isObject(data.site) || !isObject(data.site.product)) return undefined;
  const name = data.site.product.name;
  return typeof name === 'string' ? name : undefined;
}

/** 'richText' -> 'RichText', 'privacy-policy' -> 'PrivacyPolicy'. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}
