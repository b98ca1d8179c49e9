import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isObject, listJson } from '../json-file';
import { blockInfo, parsed, PROJECT_PATHS, readInputs, sourceCatalogue, type SourceMode } from '../project';
import { contentName } from '../../../domain/content-names';
import { templateParams } from '../../../domain/paths';
import { contentCatalogue, type ContentMeta } from './content-catalogue';
import { DEMO_CONTENT, editablePathProblem } from './paths';

/**
 * What the visual editor (`npm run edit`) reads of the project: the files it edits
 * (pages.config.json and each form file forms/<name>.json) with the hash of their text, and what
 * it builds its forms from: the block schemas, the source catalogue, the forms' fragments.
 */

/** A file the editor edits, as GET /project gives it. */
export interface EditorFile {
  /** The parsed JSON, `$ref`s as written; null when the file is not valid JSON (then `error` says why). */
  value: unknown;
  /** sha256 hex of the file's text on disk: the baseHash of a save. */
  hash: string;
  error?: string;
}

/** A block type: its folder's name and its schema.json as is. */
export interface BlockMeta {
  type: string;
  title?: string;
  description?: string;
  schema: Record<string, unknown>;
  /** x-source: whether a section of this type must, may or must not name a source (default 'optional'). */
  source: SourceMode;
  /** x-item: the resource kind the block expects of its source, or null. */
  item: string | null;
}

/** A source of schemas/api/sources.json, for a section's source, query, pick and bind. */
export interface SourceMeta {
  /** As a section writes it: '{short}' and ':param' included ('shop-plans/:id'). */
  source: string;
  /** The resource kind of its items (schemas/api/resources/<item>.json). */
  item?: string;
  /** 'list' (pick: all | first applies), 'single' or 'nested'. */
  shape?: string;
  /** The query parameters it takes ([] for none; absent when the catalogue does not say). */
  query?: string[];
  /** Its ':param's: each must be a parameter of the page's path (or the page owner's). */
  params: string[];
  /** What an editor reads for it: "About us, sections", "Articles: the one the page's address names". */
  title: string;
  /** The catalogue entry's description, else its item resource's. */
  description?: string;
  /** Dotted paths of the item's fields (resource schema, objects followed, arrays not): what a bind may name. */
  fields?: string[];
}

export interface ProjectSnapshot {
  files: Record<string, EditorFile>;
  blocks: BlockMeta[];
  sources: SourceMeta[];
  /** The form fragments (forms/fragments/*.json and any JSON in a folder of forms/) by path, parsed. */
  fragments: Record<string, unknown>;
  /** The names of the form files (forms/<name>.json): the values of the form block's `form` prop. */
  formKinds: string[];
  /** The content files (content/*.json, content/demo/*.json), named, with their item schemas. */
  content: ContentMeta[];
}

/** The files the editor edits that exist: pages.config.json, forms/<name>.json by name, then the content files. */
export function editableFiles(root: string): string[] {
  const forms = listJson(root, PROJECT_PATHS.forms).map((name) => `${PROJECT_PATHS.forms}/${name}.json`);
  const content = [
    ...listJson(root, PROJECT_PATHS.content).map((name) => `${PROJECT_PATHS.content}/${name}.json`),
    ...listJson(root, DEMO_CONTENT).map((name) => `${DEMO_CONTENT}/${name}.json`),
  ];
  const config = existsSync(path.join(root, PROJECT_PATHS.config)) ? [PROJECT_PATHS.config] : [];
  return [...config, ...[...forms, ...content].filter((file) => !editablePathProblem(file))];
}

/** A content resource as an editor names it (domain/content-names.ts: one name everywhere). */
export { contentName };

/**
 * A content source as an editor names it: the content it serves ("shop-plans" -> "Shop plans and
 * prices", "{short}-app-sliders" -> "App page banners"), and for a source of one item chosen by the
 * page's address ("articles/:id"), "Articles: the one the page's address names".
 */
function sourceTitle(source: string): string {
  const [first, ...rest] = source.split('/');
  const name = contentName(`${PROJECT_PATHS.content}/${first.replace(/^\{short\}-/, '')}.json`);
  return rest.length > 0 ? `${name}: the one the page's address names` : name;
}

/** A file's text as it is on disk, or undefined when it is absent. */
export function readText(root: string, file: string): string | undefined {
  try {
    return readFileSync(path.join(root, file), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** The sha256 hex of a file's text, as GET /project and /hashes give it. */
export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** The hash of each editable file now on disk (GET /hashes). */
export function fileHashes(root: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const file of editableFiles(root)) {
    const text = readText(root, file);
    if (text !== undefined) hashes[file] = sha256(text);
  }
  return hashes;
}

function readFile(root: string, file: string): EditorFile | undefined {
  const text = readText(root, file);
  if (text === undefined) return undefined;
  try {
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text), hash: sha256(text) };
  } catch (error) {
    return { value: null, hash: sha256(text), error: `invalid JSON: ${(error as Error).message}` };
  }
}

/** The dotted paths of an item schema's properties (nested objects followed, arrays and $refs not). */
function fieldPaths(schema: unknown, prefix = ''): string[] {
  if (!isObject(schema) || !isObject(schema.properties)) return [];
  return Object.entries(schema.properties).flatMap(([name, property]) => {
    const at = prefix + name;
    return [at, ...fieldPaths(property, `${at}.`)];
  });
}

/** Everything GET /project gives: see ProjectSnapshot. */
export function projectSnapshot(root: string): ProjectSnapshot {
  const inputs = readInputs(root);
  const files: Record<string, EditorFile> = {};
  for (const file of editableFiles(root)) {
    const read = readFile(root, file);
    if (read) files[file] = read;
  }
  const blocks = inputs.blocks.flatMap((input) => {
    const info = blockInfo(input);
    if (!info) return [];
    // The editor's words for the block (`x-title`, `x-summary`); the schema's own title and
    // description are written for a developer's editor and are the fallback.
    const title = info.schema['x-title'] ?? info.schema.title;
    const description = info.schema['x-summary'] ?? info.schema.description;
    return [
      {
        type: info.type,
        ...(typeof title === 'string' ? { title } : {}),
        ...(typeof description === 'string' ? { description } : {}),
        schema: info.schema,
        source: info.source,
        item: info.item,
      },
    ];
  });
  const resources = new Map(inputs.resources.map((input) => [input.name, parsed(input.read)?.data]));
  const raw = parsed(inputs.sources)?.data;
  const rawSources = isObject(raw) && isObject(raw.sources) ? raw.sources : {};
  const sources = [...sourceCatalogue(inputs.sources)].map(([source, entry]): SourceMeta => {
    const rawEntry = rawSources[source];
    const resource = entry.item === undefined ? undefined : resources.get(entry.item);
    const description = isObject(rawEntry) && typeof rawEntry.description === 'string' ? rawEntry.description : undefined;
    const fields = fieldPaths(resource);
    return {
      source,
      title: isObject(rawEntry) && typeof rawEntry.title === 'string' ? rawEntry.title : sourceTitle(source),
      ...(entry.item !== undefined ? { item: entry.item } : {}),
      ...(entry.shape !== undefined ? { shape: entry.shape } : {}),
      ...(entry.query !== undefined ? { query: entry.query } : {}),
      params: templateParams(source),
      ...(description !== undefined
        ? { description }
        : isObject(resource) && typeof resource.description === 'string'
          ? { description: resource.description }
          : {}),
      ...(fields.length > 0 ? { fields } : {}),
    };
  });
  const fragments: Record<string, unknown> = {};
  for (const fragment of inputs.formFragments) {
    const json = parsed(fragment.read);
    if (json) fragments[fragment.file] = json.data;
  }
  return { files, blocks, sources, fragments, formKinds: inputs.forms.map((form) => form.name), content: contentCatalogue(root, files) };
}
