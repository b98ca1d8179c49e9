import { all, run, sql, type Queryable } from '../db';
import type { Item, Repo } from '../repo';

/** What a sync changed in one resource. */
export interface ResourceChange {
  resource: string;
  added: number;
  changed: number;
  removed: number;
}

interface Row {
  resource: string;
  id: number;
  body: string;
}

/** The lock of every transaction that writes the content table (syncs and releases take turns). */
export const CONTENT_LOCK = 'content';

/**
 * Brings the content table to exactly the given items, in one transaction: items added, changed
 * (a different body) and removed, per resource; a resource the files no longer have is emptied.
 * Orders, keys, submissions and uploads live in other tables and are not touched; an order keeps the
 * plan name and amounts it was sold at. The transaction takes the write lock before it reads, so of
 * several instances starting together one applies the change and the others find nothing to do.
 */
export function syncContent(repo: Repo, resources: ReadonlyMap<string, readonly Item[]>): Promise<ResourceChange[]> {
  return repo.db.write(CONTENT_LOCK, (q) => syncContentIn(q, repo, resources));
}

/**
 * syncContent's work inside a transaction the caller holds (under CONTENT_LOCK), so that the
 * content and what records it (a release's row, its meta) commit together or not at all.
 */
export async function syncContentIn(q: Queryable, repo: Repo, resources: ReadonlyMap<string, readonly Item[]>): Promise<ResourceChange[]> {
  const stored = new Map<string, Map<number, string>>();
  for (const row of await all<Row>(q, sql`SELECT resource, id, body FROM content`)) {
    let items = stored.get(row.resource);
    if (!items) stored.set(row.resource, (items = new Map()));
    items.set(row.id, row.body);
  }
  const remove = (resource: string, id: number) => run(q, sql`DELETE FROM content WHERE resource = ${resource} AND id = ${id}`);
  const changes: ResourceChange[] = [];
  const inserts: Array<[string, Item]> = [];
  for (const resource of new Set([...stored.keys(), ...resources.keys()])) {
    const before = stored.get(resource) ?? new Map<number, string>();
    const after = resources.get(resource) ?? [];
    const change: ResourceChange = { resource, added: 0, changed: 0, removed: 0 };
    const kept = new Set<number>();
    for (const item of after) {
      kept.add(item.id);
      const body = before.get(item.id);
      if (body === JSON.stringify(item)) continue;
      if (body === undefined) change.added++;
      else {
        change.changed++;
        await remove(resource, item.id);
      }
      inserts.push([resource, item]);
    }
    for (const id of before.keys()) {
      if (kept.has(id)) continue;
      await remove(resource, id);
      change.removed++;
    }
    if (change.added || change.changed || change.removed) changes.push(change);
  }
  // Inserted after every removal: an item may take a slug another one gave up.
  for (const [resource, item] of inserts) await repo.insert(resource, item, q);
  return changes.sort((a, b) => (a.resource < b.resource ? -1 : 1));
}

/** One line per changed resource: `articles: 1 added, 2 changed`. */
export function describeChanges(changes: readonly ResourceChange[]): string[] {
  return changes.map(({ resource, added, changed, removed }) => {
    const parts = [added && `${added} added`, changed && `${changed} changed`, removed && `${removed} removed`].filter(Boolean);
    return `${resource}: ${parts.join(', ')}`;
  });
}
