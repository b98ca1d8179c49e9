import { readFileSync } from 'node:fs';
import path from 'node:path';
import { contentName, LABEL_FIELDS } from '../../../domain/content-names';
import { isObject } from '../json-file';
import { PROJECT_PATHS } from '../project';
import { DEMO_CONTENT, isContentFile } from './paths';

/**
 * The content files as the visual editor's Content tab lists them: named, grouped, with the item
 * schema of their kind (schemas/content/<kind>.json, every `$ref` to schemas/ inlined).
 */

/** A content file as the Content tab lists it. */
export interface ContentMeta {
  /** content/<name>.json or content/demo/<name>.json. */
  file: string;
  /** The resource the API serves it as (the file's name). */
  resource: string;
  /** The kind of content file (schemas/content/<kind>.json, from its `$schema`). */
  kind: string;
  /** The name an editor reads: "Shop plans and prices". */
  name: string;
  /** Where the Content tab lists it: "Site content", "Page banners", "Testimonials", "Demo partners and codes". */
  group: string;
  /** The item schema (schemas/api/resources/<item>.json, `$ref`s resolved). */
  schema: Record<string, unknown>;
  /** The item's field that orders the list ('precedence'), when it has one; else the array's order counts. */
  orderBy?: string;
  /** The item's field that names an item in a list (title, name, question, code). */
  labelField?: string;
}

/** The schema a `$ref` relative to `from` (a file of the project) names; fragments '#/…' followed. */
function resolveRef(root: string, from: string, ref: string, depth: number): Record<string, unknown> | undefined {
  if (depth > 8) return undefined;
  const [target, fragment = ''] = ref.split('#');
  const file = target ? path.posix.normalize(path.posix.join(path.posix.dirname(from), target)) : from;
  if (file.startsWith('..') || !file.startsWith(`${PROJECT_PATHS.schemas}/`)) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path.join(root, file), 'utf8'));
  } catch {
    return undefined;
  }
  for (const token of fragment.split('/').filter(Boolean))
    value = isObject(value) ? value[token.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined;
  return isObject(value) ? inlineRefs(root, file, value, depth + 1) : undefined;
}

/** A schema with every `$ref` to a file of schemas/ replaced by what it names (depth-bounded). */
function inlineRefs(root: string, from: string, schema: unknown, depth = 0): Record<string, unknown> {
  const walk = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(walk);
    if (!isObject(value)) return value;
    if (typeof value.$ref === 'string') {
      const { $ref, ...rest } = value;
      const target = resolveRef(root, from, $ref, depth);
      if (target) return { ...target, ...(walk(rest) as Record<string, unknown>) };
    }
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, walk(inner)]));
  };
  return walk(schema) as Record<string, unknown>;
}

/** The content files the editor edits, named, grouped and with their item schemas (see ContentMeta). */
export function contentCatalogue(root: string, files: Readonly<Record<string, { value: unknown }>>): ContentMeta[] {
  const metas: ContentMeta[] = [];
  for (const [file, read] of Object.entries(files)) {
    if (!isContentFile(file) || !isObject(read.value) || typeof read.value.$schema !== 'string') continue;
    const kind = path.posix.basename(read.value.$schema, '.json');
    const kindFile = `${PROJECT_PATHS.contentSchemas}/${kind}.json`;
    const fileSchema = resolveRef(root, kindFile, '', 0);
    const items = isObject(fileSchema?.properties) ? fileSchema.properties.items : undefined;
    const schema = isObject(items) && isObject(items.items) ? items.items : undefined;
    if (!schema) continue;
    const properties = isObject(schema.properties) ? schema.properties : {};
    const resource = path.basename(file, '.json');
    const demo = file.startsWith(`${DEMO_CONTENT}/`);
    metas.push({
      file,
      resource,
      kind,
      name: contentName(file),
      group: demo
        ? 'Demo partners and codes'
        : kind === 'banner'
          ? 'Page banners'
          : kind === 'testimonial'
            ? 'Testimonials'
            : 'Site content',
      schema,
      ...('precedence' in properties ? { orderBy: 'precedence' } : {}),
      ...(LABEL_FIELDS.some((field) => field in properties) ? { labelField: LABEL_FIELDS.find((field) => field in properties) } : {}),
    });
  }
  return metas.sort((a, b) => a.name.localeCompare(b.name));
}
