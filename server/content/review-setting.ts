import { one, run, sql, type Queryable } from '../db';

/**
 * The studio setting "Review before publish" (off unless an admin switches it on), in the meta
 * table that every instance shares: each publish, rollback and schedule reads it from the database,
 * so a change applies on every instance at once (no cache).
 */

const REVIEW_KEY = 'studio_review_required';

export async function reviewRequired(q: Queryable): Promise<boolean> {
  const row = await one<{ value: string }>(q, sql`SELECT value FROM meta WHERE key = ${REVIEW_KEY}`);
  return row?.value === 'on';
}

export async function setReviewRequired(q: Queryable, on: boolean): Promise<void> {
  const value = on ? 'on' : 'off';
  await run(q, sql`INSERT INTO meta (key, value) VALUES (${REVIEW_KEY}, ${value}) ON CONFLICT (key) DO UPDATE SET value = excluded.value`);
}
