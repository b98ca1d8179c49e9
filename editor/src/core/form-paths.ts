import WORDS from '../messages.json';
import { humanize } from './json';
import { resolvedSection, pageTitle } from './model';
import { isObject } from '../../../domain/guards';
import { isFormPath, type BlockMeta, type PagesConfigValue } from './types';

/** The form files among the editor's files, by path. */
export function formPaths(files: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(files).filter(isFormPath).sort();
}

/** The form the Forms tab shows: the selected one while it exists, else the first. */
export function shownForm(paths: readonly string[], selected: string | null): string | null {
  return selected !== null && paths.includes(selected) ? selected : (paths[0] ?? null);
}

/** A form as the Forms list names it: its file's name in words ('forms/apply-now.json' → 'Apply now'). */
export function formTitle(path: string): string {
  return humanize(path.replace(/^forms\//, '').replace(/\.json$/, ''));
}

/** The `form` prop's default in a block's schema (the key assignment block's card form), if any. */
function defaultForm(block: BlockMeta | undefined): unknown {
  const property = isObject(block?.schema.properties) ? block.schema.properties.form : undefined;
  return isObject(property) ? property.default : undefined;
}

/**
 * The pages that show each form, by the form's path, in the config's page order: a page shows a form
 * when one of its sections (its preset applied) names it in the `form` prop, or its block's schema
 * does by default. A form no section names (the checkout's billing forms, which the shop's code
 * picks) is absent.
 */
export function formUses(config: PagesConfigValue | undefined, blocks: readonly BlockMeta[]): Map<string, string[]> {
  const uses = new Map<string, string[]>();
  if (!config) return uses;
  for (const page of config.pages) {
    for (const section of page.sections ?? []) {
      const resolved = resolvedSection(section, config);
      const form = resolved.props?.form ?? defaultForm(blocks.find((block) => block.type === resolved.type));
      if (typeof form !== 'string') continue;
      const path = `forms/${form}.json`;
      const pages = uses.get(path) ?? [];
      if (!pages.includes(pageTitle(page))) pages.push(pageTitle(page));
      uses.set(path, pages);
    }
  }
  return uses;
}

/** Where a form shows, in words for the Forms list (messages.json formsList): "On Contact", "Not in a page's sections". */
export function formUseWords(pages: readonly string[] | undefined): string {
  return pages && pages.length > 0 ? WORDS.formsList.on.replace('{pages}', pages.join(', ')) : WORDS.formsList.nowhere;
}
