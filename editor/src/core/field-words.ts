import { isObject } from '../../../domain/guards';
import { parsePointer } from '../../../domain/json-pointer';
import { humanize } from './json';
import WORDS from '../messages.json';
import { pageTitle } from './model';
import { isContentPath, PAGES_FILE, type ContentFileValue, type ContentMeta, type PagesConfigValue } from './types';
import { itemLabel, productNames } from './content-model';

/**
 * The words an editor reads for content fields and for where a problem is: a field's label and
 * help come from messages.json (`contentFields`, by the item schema's title, '*' for every kind),
 * never from the schema's descriptions (notes to developers); a problem names its file by its name
 * in the Content tab, its item by its title and its field by its label, never by a path or a line.
 */

/** An item field's words for editors: its label and the line under it. */
export interface FieldWords {
  label?: string;
  help?: string;
}

/** The words of a kind's fields: those of every kind ('*') with the kind's own over them. */
export function fieldWords(kind: string): Readonly<Record<string, FieldWords>> {
  const all = WORDS.contentFields as unknown as Record<string, unknown>;
  const of = (key: string) => (isObject(all[key]) ? (all[key] as Record<string, FieldWords>) : {});
  return { ...of('*'), ...of(kind) };
}

/** A field's label: the editor's words for it, else its name in words. */
export function fieldLabel(kind: string, key: string): string {
  return fieldWords(kind)[key]?.label ?? humanize(key);
}

/** What the editor knows of the project to name a place in it. */
export interface PlaceContext {
  files: Readonly<Record<string, unknown>>;
  content: readonly ContentMeta[];
}

/** A file by the name an editor reads: the Content tab's name, "Pages", "Form: Contact". */
export function fileTitle(file: string, context: PlaceContext): string {
  const meta = context.content.find((entry) => entry.file === file);
  if (meta) return meta.name;
  if (file === PAGES_FILE) return 'Pages';
  const form = /^forms\/(?:fragments\/)?([^/]+)\.json$/.exec(file);
  if (form) return `Form: ${humanize(form[1])}`;
  return humanize(file.replace(/^.*\//, '').replace(/\.json$/, ''));
}

/** The place of a problem of a content file: "Promo codes (demo) › Welcome offer › Valid end". */
function contentPlace(problem: { file: string; pointer: string }, context: PlaceContext): string {
  const meta = context.content.find((entry) => entry.file === problem.file);
  const [top, index, ...rest] = parsePointer(problem.pointer);
  const parts = [fileTitle(problem.file, context)];
  if (!meta || top !== 'items' || index === undefined) return parts.join(' › ');
  const file = context.files[problem.file] as ContentFileValue | undefined;
  const item = Array.isArray(file?.items) ? file.items[Number(index)] : undefined;
  parts.push(itemLabel(meta, item, productNames(context.files[PAGES_FILE] as PagesConfigValue | undefined)));
  const kind = typeof meta.schema.title === 'string' ? meta.schema.title : '';
  rest.forEach((token, depth) =>
    parts.push(/^\d+$/.test(token) ? `entry ${Number(token) + 1}` : depth === 0 ? fieldLabel(kind, token) : humanize(token)),
  );
  return parts.join(' › ');
}

/** The place of a problem of pages.config.json: "Pages › About us › section 2". */
function pagesPlace(problem: { pointer: string }, context: PlaceContext): string {
  const config = context.files[PAGES_FILE] as PagesConfigValue | undefined;
  const [top, page, sections, section] = parsePointer(problem.pointer);
  const parts = ['Pages'];
  const value = top === 'pages' && page !== undefined ? config?.pages?.[Number(page)] : undefined;
  if (value) parts.push(pageTitle(value));
  if (value && sections === 'sections' && section !== undefined) parts.push(`section ${Number(section) + 1}`);
  return parts.join(' › ');
}

/** Where a problem is, in words: its file's name, and in content its item and field; never a path. */
export function problemPlace(problem: { file: string; pointer: string }, context: PlaceContext): string {
  if (isContentPath(problem.file)) return contentPlace(problem, context);
  if (problem.file === PAGES_FILE) return pagesPlace(problem, context);
  return fileTitle(problem.file, context);
}
