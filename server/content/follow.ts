import { manilaToday } from '../../domain/dates';
import type { Product } from '../product';
import type { Item, Repo } from '../repo';
import { recordSeedMode } from '../seed';
import { formatContentProblems, loadContent } from './load';
import { describeChanges, syncContent } from './sync';

/** Content files that do not pass their checks: the server does not start on them. */
export class ContentError extends Error {
  constructor(readonly problems: string) {
    super(`The content files have problems (npm run validate shows the same); nothing was changed:\n${problems}`);
    this.name = 'ContentError';
  }
}

/** The checked content of a project for a start, or a ContentError that lists every problem. */
export function checkedContent(options: { root: string; demo: boolean; product: Product; now: Date }): Map<string, Item[]> {
  const loaded = loadContent({ root: options.root, demo: options.demo, product: options.product, today: manilaToday(options.now) });
  if (loaded.problems.length > 0) throw new ContentError(formatContentProblems(loaded.problems));
  return loaded.resources;
}

/**
 * Brings the database's content to the files' (one transaction) and records the database's mode
 * when it is new. Returns the log lines: one per changed resource, or one that says nothing changed.
 */
export async function followContent(
  repo: Repo,
  resources: ReadonlyMap<string, readonly Item[]>,
  options: { demo: boolean; now: Date },
): Promise<string[]> {
  const started = performance.now();
  const changes = await syncContent(repo, resources);
  await recordSeedMode(repo, options.demo);
  if (changes.length > 0) await repo.setMeta('content_synced_at', options.now.toISOString());
  const took = `${Math.round(performance.now() - started)} ms`;
  const items = [...resources.values()].reduce((n, list) => n + list.length, 0);
  return changes.length > 0
    ? [...describeChanges(changes).map((line) => `content: ${line}`), `content: follows the files (${items} items, ${took})`]
    : [`content: up to date with the files (${items} items, ${took})`];
}
