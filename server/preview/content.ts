import { manilaToday } from '../../domain/dates';
import { resourceOf } from '../content/files';
import { loadContent, type ContentProblem } from '../content/load';
import type { Product } from '../product';
import type { Item } from '../repo';
import { contentFiles, type ContentTexts } from './draft';

/**
 * A draft's texts as the items a preview's API serves, as far as they go: an item with a problem is
 * left out (the page renders without it), and a file with a problem outside its items (it does not
 * parse, it names no kind) is taken as the live release has it.
 */

/** A problem inside an item of a content file: its index. */
const ITEM_POINTER = /^\/items\/(\d+)(?:\/|$)/;

interface DraftLoadOptions {
  /** The project root (schemas/content/ under it). */
  root: string;
  demo: boolean;
  product: Product;
  now: Date;
}

function load(texts: ContentTexts, options: DraftLoadOptions) {
  return loadContent({
    root: options.root,
    demo: options.demo,
    product: options.product,
    today: manilaToday(options.now),
    partial: true,
    files: contentFiles(texts),
  });
}

/** The id of the item at `index` of a content file's text. */
function itemIdAt(text: string | undefined, index: number): unknown {
  try {
    const items = (JSON.parse(text ?? '') as { items?: unknown }).items;
    const item = Array.isArray(items) ? (items[index] as unknown) : undefined;
    return typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  } catch {
    return undefined;
  }
}

/** resource -> items of the draft, and the problems found (each as loadContent gives it). */
export function draftResources(
  texts: ContentTexts,
  live: ContentTexts,
  options: DraftLoadOptions,
): { resources: Map<string, Item[]>; problems: ContentProblem[] } {
  let taken = texts;
  let loaded = load(taken, options);
  const broken = new Set(loaded.problems.filter((problem) => !ITEM_POINTER.test(problem.pointer)).map((problem) => problem.file));
  if (broken.size > 0) {
    taken = { ...texts };
    for (const file of broken) {
      if (live[file] === undefined) delete taken[file];
      else taken[file] = live[file];
    }
    loaded = load(taken, options);
  }
  const left = new Map<string, Set<unknown>>();
  for (const problem of loaded.problems) {
    const index = ITEM_POINTER.exec(problem.pointer)?.[1];
    if (index === undefined) continue;
    const resource = resourceOf(problem.file);
    left.set(resource, (left.get(resource) ?? new Set()).add(itemIdAt(taken[problem.file], Number(index))));
  }
  const resources = new Map(
    [...loaded.resources].map(([resource, items]) => [resource, items.filter((item) => !left.get(resource)?.has(item.id))] as const),
  );
  return { resources, problems: loaded.problems };
}
