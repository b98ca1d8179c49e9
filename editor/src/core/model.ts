import type { ErrorSchema } from '@rjsf/utils';
import { isWithin, parsePointer } from '../../../domain/json-pointer';
import { pathParams } from '../../../domain/paths';
import { foldSchema, resultAt, through } from '../../../domain/schema-walk';
import { resolveSection } from '../../../domain/page-presets';
import { deepEqual, humanize } from './json';
import { isObject } from '../../../domain/guards';
import type { BlockMeta, Diagnostic, JsonSchema, PagesConfigValue, PageValue, SectionValue, SourceMeta } from './types';
import { PAGES_FILE } from './types';

/** What the pages UI reads of pages.config.json and the block schemas: titles, names, problems, new values. */

/** The block's display title: its schema's title without 'Props' ('PlanGridProps' -> 'Plan grid'). */
export function blockTitle(block: BlockMeta | undefined, type: string): string {
  const title = block?.title ?? (typeof block?.schema.title === 'string' ? block.schema.title : undefined);
  return humanize(title ?? type);
}

export function blockDescription(block: BlockMeta | undefined): string | undefined {
  const description = block?.description ?? block?.schema.description;
  return typeof description === 'string' ? description : undefined;
}

/** A page as the editor lists it: its name in words ('KeyAssignmentFamily' -> 'Key assignment family'). */
export function pageTitle(page: Pick<PageValue, 'name'>): string {
  return humanize(page.name || 'Untitled page');
}

/** A source as the editor shows it: the catalogue's title, else its name in words. */
export function sourceTitle(source: string, sources: readonly SourceMeta[]): string {
  return sources.find((entry) => entry.source === source)?.title ?? humanize(source.split('/')[0]);
}

/** The first non-empty text of `value` at one of `paths` (dotted), placeholders such as {product} kept. */
function textAt(value: unknown, paths: readonly string[]): string | undefined {
  for (const path of paths) {
    let node: unknown = value;
    for (const key of path.split('.')) node = isObject(node) ? node[key] : undefined;
    if (typeof node === 'string' && node.trim() !== '') return node.trim();
  }
  return undefined;
}

/** The props that title a section, where a block has one ('texts.title' of a plan grid, 'title' of a banner). */
const SECTION_TITLE_PROPS = ['texts.title', 'title', 'texts.heading', 'heading', 'texts.header', 'header'];

/**
 * A section as the editor names it: its own title (a title prop, preset applied), else the title of
 * the content it shows ("About us, sections"), else its block's title ("Frequently asked questions").
 * Three sections of one block on a page are told apart by what they say, not by a source's name.
 */
export function sectionTitle(section: SectionValue, block: BlockMeta | undefined, sources: readonly SourceMeta[]): string {
  const own = textAt(section.props, SECTION_TITLE_PROPS);
  if (own) return own.length > 80 ? `${own.slice(0, 79)}…` : own;
  if (typeof section.source === 'string' && section.source) return sourceTitle(section.source, sources);
  return blockTitle(block, section.type);
}

/**
 * The names of a page's sections (sectionTitle), told apart where two would read alike: the second
 * and later of a name get their anchor in words ("About us, sections: Awards"), else their position.
 */
export function sectionTitles(
  sections: readonly SectionValue[],
  config: PagesConfigValue,
  blocks: readonly BlockMeta[],
  sources: readonly SourceMeta[],
): string[] {
  const titles = sections.map((section) => {
    const resolved = resolvedSection(section, config);
    return sectionTitle(
      resolved,
      blocks.find((block) => block.type === section.type),
      sources,
    );
  });
  const seen = new Map<string, number>();
  for (const title of titles) seen.set(title, (seen.get(title) ?? 0) + 1);
  return titles.map((title, index) => {
    if ((seen.get(title) ?? 0) < 2) return title;
    const id = resolvedSection(sections[index], config).id;
    return `${title}: ${typeof id === 'string' && id ? humanize(id) : `section ${index + 1}`}`;
  });
}

/** The block's `x-source`: whether a section of it binds a source ('required', 'optional', 'none'). */
export function sourceUse(block: BlockMeta | undefined): 'required' | 'optional' | 'none' {
  const value = block?.schema['x-source'];
  return value === 'required' || value === 'none' ? value : 'optional';
}

/** The sources a section of the block may bind: those whose item is the schema's `x-item`, when it names one. */
export function sourcesFor(block: BlockMeta | undefined, sources: readonly SourceMeta[]): SourceMeta[] {
  const item = block?.schema['x-item'];
  return typeof item === 'string' ? sources.filter((source) => source.item === item) : [...sources];
}

/** The section as the page renders it: its preset applied (domain/page-presets.ts). */
export function resolvedSection(section: SectionValue, config: PagesConfigValue): SectionValue {
  return resolveSection(section, config.presets ?? {}) as SectionValue;
}

/** The config's page with every section's preset applied, as the site renders it. */
export function resolvedPage(page: PageValue, config: PagesConfigValue): PageValue {
  return { ...page, sections: (page.sections ?? []).map((section) => resolvedSection(section, config)) };
}

/** A schema's skeleton values, worked out when asked for, at a depth (an object deeper than 8 is left empty). */
interface Skeleton {
  value: (depth: number) => unknown;
  /** An object of the schema's required properties, each its skeleton value. */
  required: (depth: number) => Record<string, unknown>;
}

/** The skeleton of `{}`, for a required property or items that have no schema. */
const NO_SCHEMA: Skeleton = { value: () => null, required: () => ({}) };

/**
 * The smallest value of a schema's shape: its default, else the first of its enum, else an empty
 * value of its type with the required properties of an object and the minimum items of a list. A
 * local `$ref` stands for what it names (once along a path: a schema that contains itself ends there).
 */
function skeleton(schema: JsonSchema): Skeleton {
  const folded = foldSchema<Skeleton>(
    schema,
    '',
    ({ schema: node }, children) => {
      const target = resultAt(children, '$ref');
      if (target) return target;
      const sub = (keyword: string, key?: string | number) => resultAt(children, keyword, key) ?? NO_SCHEMA;
      const required = (depth: number) => {
        const keys = Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === 'string') : [];
        const out: Record<string, unknown> = {};
        for (const key of keys) out[key] = sub('properties', key).value(depth);
        return out;
      };
      const value = (depth: number): unknown => {
        if ('default' in node) return structuredClone(node.default);
        if ('const' in node) return node.const;
        if (Array.isArray(node.enum) && node.enum.length > 0) return node.enum[0];
        const choices = (['oneOf', 'anyOf'] as const).find((keyword) => Array.isArray(node[keyword]) && node[keyword].length > 0);
        const first = choices && resultAt(children, choices, 0);
        if (first) return first.value(depth + 1);
        const type = Array.isArray(node.type) ? node.type[0] : node.type;
        if (type === 'object' || (type === undefined && isObject(node.properties))) return depth > 8 ? {} : required(depth + 1);
        if (type === 'array') {
          const count = typeof node.minItems === 'number' ? node.minItems : 0;
          return Array.from({ length: count }, () => sub('items').value(depth + 1));
        }
        if (type === 'string') return '';
        if (type === 'number' || type === 'integer') return typeof node.minimum === 'number' ? node.minimum : 0;
        if (type === 'boolean') return false;
        return null;
      };
      return { value, required };
    },
    { steps: through('properties', 'items', 'oneOf', 'anyOf'), refs: { root: schema } },
  );
  return folded ?? NO_SCHEMA;
}

/** An object of the schema's required properties, each its skeleton value. */
export function requiredSkeleton(schema: JsonSchema): Record<string, unknown> {
  return skeleton(schema).required(0);
}

/** A new section of the block: its type, and its required props when the schema has any. */
export function newSection(block: BlockMeta): SectionValue {
  const props = requiredSkeleton(block.schema);
  return Object.keys(props).length > 0 ? { type: block.type, props } : { type: block.type };
}

export const PAGE_NAME_PATTERN = /^[A-Z][A-Za-z0-9]*$/;

export interface PageFields {
  name: string;
  path: string;
  title: string;
}

/** What is wrong with a page's name and path among the other pages (`except`: the page's own index). */
export function pageFieldErrors(pages: readonly PageValue[], fields: Pick<PageFields, 'name' | 'path'>, except = -1): Partial<PageFields> {
  const errors: Partial<PageFields> = {};
  const others = pages.filter((_, i) => i !== except);
  if (!fields.name) errors.name = 'A page needs a name.';
  else if (!PAGE_NAME_PATTERN.test(fields.name)) errors.name = 'A capital letter, then letters and digits only (e.g. ShopFaq).';
  else if (others.some((page) => page.name === fields.name)) errors.name = `A page named ${fields.name} exists already.`;
  if (!fields.path) errors.path = 'A page needs a path.';
  else if (!fields.path.startsWith('/')) errors.path = "The path must start with '/'.";
  else if (others.some((page) => page.path === fields.path))
    errors.path = `The page ${others.find((page) => page.path === fields.path)?.name} has this path already.`;
  return errors;
}

/** 'ShopCheckout' -> 'shop-checkout'. */
export function kebab(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase();
}

/**
 * A copy of the page under a new unique name ('<Name>Copy', then 'Copy2'...: a page name has no
 * spaces) and path ('/<name>-copy', keeping the original's ':param' segments, which its sections use).
 */
export function duplicatePage(page: PageValue, pages: readonly PageValue[]): PageValue {
  const names = new Set(pages.map((p) => p.name));
  const paths = new Set(pages.map((p) => p.path));
  let name = `${page.name}Copy`;
  for (let n = 2; names.has(name); n++) name = `${page.name}Copy${n}`;
  const params = pathParams(page.path)
    .map(({ name, optional }) => `/:${name}${optional ? '?' : ''}`)
    .join('');
  const base = `/${kebab(page.name)}-copy`;
  let path = `${base}${params}`;
  for (let n = 2; paths.has(path); n++) path = `${base}-${n}${params}`;
  return { ...structuredClone(page), name, path };
}

/** The gate's problems of pages.config.json under a pointer prefix ('/pages/2/sections/1'). */
export function problemsUnder(problems: readonly Diagnostic[], prefix: string): Diagnostic[] {
  return problems.filter((problem) => problem.file === PAGES_FILE && isWithin(problem.pointer, prefix));
}

export function sectionPointer(page: number, section: number): string {
  return `/pages/${page}/sections/${section}`;
}

/** Counts of problems by section index of one page. */
/**
 * The gate's problems of pages.config.json as it was (`before`) moved onto its sections as they are
 * now (`after`): a check takes a moment, and a section moved meanwhile keeps its problems, found by
 * identity (a change leaves the sections it does not touch the same objects) or else by value (undo
 * and redo give copies). A section changed in place keeps its index; one removed takes its problems
 * with it. Other problems stay as they are.
 */
export function followSections(problems: Diagnostic[], before: unknown, after: unknown): Diagnostic[] {
  if (before === after) return problems;
  const pagesBefore = (before as PagesConfigValue | undefined)?.pages ?? [];
  const pagesAfter = (after as PagesConfigValue | undefined)?.pages ?? [];
  let changed = false;
  const followed = problems.flatMap((problem) => {
    const match = problem.file === PAGES_FILE ? /^\/pages\/(\d+)\/sections\/(\d+)(\/.*)?$/.exec(problem.pointer) : null;
    if (!match) return [problem];
    const page = Number(match[1]);
    const index = Number(match[2]);
    const was = pagesBefore[page]?.sections ?? [];
    const now = pagesAfter[page]?.sections ?? [];
    let to = now.indexOf(was[index] as (typeof now)[number]);
    // Undo and redo give copies: the same value then.
    if (to < 0 && index < was.length) to = now.findIndex((section) => deepEqual(section, was[index]));
    // Not found: changed in place (the section at its index is not one of the sections before), or removed.
    if (to < 0 && index < now.length && !was.includes(now[index])) to = index;
    if (to === index) return [problem];
    changed = true;
    return to < 0 ? [] : [{ ...problem, pointer: `/pages/${page}/sections/${to}${match[3] ?? ''}` }];
  });
  return changed ? followed : problems;
}

export function problemsBySection(problems: readonly Diagnostic[], page: number): Map<number, Diagnostic[]> {
  const out = new Map<number, Diagnostic[]>();
  const prefix = `/pages/${page}/sections/`;
  for (const problem of problems) {
    if (problem.file !== PAGES_FILE || !problem.pointer.startsWith(prefix)) continue;
    const index = Number(problem.pointer.slice(prefix.length).split('/')[0]);
    if (!Number.isInteger(index)) continue;
    out.set(index, [...(out.get(index) ?? []), problem]);
  }
  return out;
}

/**
 * rjsf's `extraErrors` from the gate's problems of a section's props: a problem at
 * '/pages/0/sections/1/props/texts/title' is an error of the field texts.title; one at the props
 * object itself is an error of the form's root.
 */
export function propsErrorSchema(problems: readonly Diagnostic[], sectionPrefix: string): ErrorSchema {
  const root: Record<string, unknown> = {};
  const prefix = `${sectionPrefix}/props`;
  for (const problem of problemsUnder(problems, prefix)) {
    let node = root;
    for (const token of parsePointer(problem.pointer.slice(prefix.length))) {
      if (token === '__errors') break;
      node = (node[token] ??= {}) as Record<string, unknown>;
    }
    const errors = (node.__errors ??= []) as string[];
    errors.push(problem.message);
  }
  return root as ErrorSchema;
}

/** Where a problem of a section points, relative to it ('props/texts/title', 'source', '' for the section). */
export function relativePointer(problem: Diagnostic, sectionPrefix: string): string {
  return problem.pointer.slice(sectionPrefix.length).replace(/^\//, '');
}
