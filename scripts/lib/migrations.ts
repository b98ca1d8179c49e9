import { createRequire } from 'node:module';
import type { Edit, JSONPath, Node } from 'jsonc-parser';
import { isObject } from './json-file';

// jsonc-parser loads only to migrate: `npm run validate` reads versions alone.
const require = createRequire(import.meta.url);
const jsonc = () => require('jsonc-parser') as typeof import('jsonc-parser');

/**
 * The format versions of the project's JSON and the migrations between them. Each file states the
 * version it is written in (`formatVersion`, beside `$schema`); `npm run migrate` (scripts/migrate.ts)
 * brings older files up to date, and `npm run validate` tells an editor whose file is older to run it.
 *
 * A migration edits the text at the positions of the values it changes (jsonc-parser), so a migrated
 * file keeps its layout, its order and the editor's formatting: only what changes is rewritten.
 *
 * To change the format: add a migration here (its `to` one above the current version) and bump the
 * kind's version in FORMAT_VERSION; change the schema and the code in the same commit.
 */

export type FileKind = 'pages' | 'form';

/** The version this engine reads, per kind of file. */
export const FORMAT_VERSION: Readonly<Record<FileKind, number>> = { pages: 2, form: 1 };

interface Migration {
  kind: FileKind;
  /** The version the file is in after this migration. */
  to: number;
  /** What it changes, as `npm run migrate` prints it. */
  description: string;
  edits(tree: Node, data: unknown): Edit[];
}

/** The paths of every section of block `type`: in the pages and among the presets of pages.config.json. */
function sectionsOf(data: unknown, type: string): JSONPath[] {
  if (!isObject(data)) return [];
  const paths: JSONPath[] = [];
  if (isObject(data.presets)) {
    for (const [name, preset] of Object.entries(data.presets)) if (isObject(preset) && preset.type === type) paths.push(['presets', name]);
  }
  if (Array.isArray(data.pages)) {
    data.pages.forEach((page: unknown, i) => {
      if (!isObject(page) || !Array.isArray(page.sections)) return;
      page.sections.forEach((section: unknown, j) => {
        if (isObject(section) && section.type === type) paths.push(['pages', i, 'sections', j]);
      });
    });
  }
  return paths;
}

/** Renames a prop of a block in every section (and preset) of its type: only the key's text changes. */
function renameBlockProp(type: string, from: string, to: string): Migration['edits'] {
  return (tree, data) =>
    sectionsOf(data, type).flatMap((at) => {
      const key = jsonc().findNodeAtLocation(tree, [...at, 'props', from])?.parent?.children?.[0];
      return key ? [{ offset: key.offset, length: key.length, content: JSON.stringify(to) }] : [];
    });
}

const MIGRATIONS: readonly Migration[] = [
  {
    kind: 'pages',
    to: 2,
    description: "banner: prop 'dropPromoButtons' renamed 'hidePromoButtons'",
    edits: renameBlockProp('banner', 'dropPromoButtons', 'hidePromoButtons'),
  },
];

/** The version a file's data states; undefined when it states none (it predates versions: 1). */
export function statedVersion(data: unknown): number | undefined {
  return isObject(data) && typeof data.formatVersion === 'number' ? data.formatVersion : undefined;
}

export interface MigrationResult {
  text: string;
  /** The version the file was in (1 when it stated none) and is in now. */
  from: number;
  to: number;
  /** The descriptions of the migrations applied, in order. */
  applied: string[];
}

const FORMAT = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };

/**
 * A file's text brought to the current version of its kind, with `formatVersion` set (written after
 * `$schema` when the file had none). A file that is current comes back unchanged; one newer than
 * this engine, or that is not a JSON object, throws.
 */
export function migrateText(kind: FileKind, text: string): MigrationResult {
  const current = FORMAT_VERSION[kind];
  const data: unknown = JSON.parse(text);
  if (!isObject(data)) throw new Error('not a JSON object');
  const stated = statedVersion(data);
  const from = stated ?? 1;
  if (from > current) throw new Error(`format version ${from} is newer than this engine's (${current})`);
  let out = text;
  const applied: string[] = [];
  for (const migration of MIGRATIONS) {
    if (migration.kind !== kind || migration.to <= from || migration.to > current) continue;
    const tree = jsonc().parseTree(out);
    if (!tree) throw new Error('not JSON');
    out = jsonc().applyEdits(out, migration.edits(tree, JSON.parse(out)));
    applied.push(migration.description);
  }
  if (stated !== current) {
    const afterSchema = (keys: string[]) => keys.indexOf('$schema') + 1;
    out = jsonc().applyEdits(out, jsonc().modify(out, ['formatVersion'], current, { ...FORMAT, getInsertionIndex: afterSchema }));
  }
  return { text: out, from, to: current, applied };
}

/** Why a file's version is not the current one (validate's message), or undefined when it is. */
export function versionProblem(kind: FileKind, data: unknown): string | undefined {
  const current = FORMAT_VERSION[kind];
  const stated = statedVersion(data);
  if (stated === current) return undefined;
  if (stated === undefined)
    return `no formatVersion: the file predates format versions; run \`npm run migrate\` (this engine reads version ${current})`;
  if (stated < current) return `written in format version ${stated}, this engine reads version ${current}: run \`npm run migrate\``;
  return `format version ${stated} is newer than this engine's (${current}): update the engine`;
}
