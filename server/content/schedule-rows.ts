import { all, one, run, sql, type Db, type Queryable } from '../db';

/**
 * The rows of content_schedules: content changes to publish at a time. A row waits until its
 * run_at; an instance then claims it (running, with its claimed_at as the claim's mark) and it ends
 * done (with the release it made), failed (with why) or, while it waits, cancelled.
 */

export type ScheduleState = 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';

/** Path -> new text; null removes the file. */
export type ScheduledChanges = Record<string, string | null>;

export interface Schedule {
  id: number;
  accountId: number | null;
  authorName: string | null;
  authorEmail: string | null;
  changes: ScheduledChanges;
  summary: string[];
  baseRelease: number;
  runAt: string;
  state: ScheduleState;
  error: string | null;
  release: number | null;
  createdAt: string;
  claimedAt: string | null;
  finishedAt: string | null;
}

export interface NewSchedule {
  author: { id: number; name: string; email: string };
  changes: ScheduledChanges;
  summary: string[];
  baseRelease: number;
  runAt: string;
  createdAt: string;
}

/** The lock of the schedules' writes. */
export const SCHEDULE_LOCK = 'content-schedules';

interface Row {
  id: number;
  account_id: number | null;
  author_name: string | null;
  author_email: string | null;
  changes: string;
  summary: string;
  base_release: number;
  run_at: string;
  state: ScheduleState;
  error: string | null;
  release: number | null;
  created_at: string;
  claimed_at: string | null;
  finished_at: string | null;
}

const scheduleOf = (row: Row): Schedule => ({
  id: Number(row.id),
  accountId: row.account_id === null ? null : Number(row.account_id),
  authorName: row.author_name,
  authorEmail: row.author_email,
  changes: JSON.parse(row.changes) as ScheduledChanges,
  summary: JSON.parse(row.summary) as string[],
  baseRelease: Number(row.base_release),
  runAt: row.run_at,
  state: row.state,
  error: row.error,
  release: row.release === null ? null : Number(row.release),
  createdAt: row.created_at,
  claimedAt: row.claimed_at,
  finishedAt: row.finished_at,
});

export async function insertSchedule(q: Queryable, schedule: NewSchedule): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO content_schedules (account_id, author_name, author_email, changes, summary, base_release, run_at, created_at)
        VALUES (${schedule.author.id}, ${schedule.author.name}, ${schedule.author.email}, ${JSON.stringify(schedule.changes)},
                ${JSON.stringify(schedule.summary)}, ${schedule.baseRelease}, ${schedule.runAt}, ${schedule.createdAt})
        RETURNING id`,
  );
  return Number(row!.id);
}

export async function scheduleById(q: Queryable, id: number): Promise<Schedule | undefined> {
  const row = await one<Row>(q, sql`SELECT * FROM content_schedules WHERE id = ${id}`);
  return row && scheduleOf(row);
}

/** What is coming (waiting or running, soonest first) and what failed (newest first), at most `limit` each. */
export async function listSchedules(q: Queryable, limit: number): Promise<{ coming: Schedule[]; failed: Schedule[] }> {
  const coming = await all<Row>(
    q,
    sql`SELECT * FROM content_schedules WHERE state IN ('waiting', 'running') ORDER BY run_at, id LIMIT ${limit}`,
  );
  const failed = await all<Row>(
    q,
    sql`SELECT * FROM content_schedules WHERE state = 'failed' ORDER BY finished_at DESC, id DESC LIMIT ${limit}`,
  );
  return { coming: coming.map(scheduleOf), failed: failed.map(scheduleOf) };
}

/** Cancels a waiting schedule; whether it was waiting. */
export async function cancelSchedule(q: Queryable, id: number, now: string): Promise<boolean> {
  return (
    (await run(q, sql`UPDATE content_schedules SET state = 'cancelled', finished_at = ${now} WHERE id = ${id} AND state = 'waiting'`)) > 0
  );
}

/**
 * Takes the next due schedule: waiting with run_at <= now, or running with a claim older than
 * `staleBefore` (an instance that stopped mid-run; a publish it had committed marked the row done in
 * its own transaction). One UPDATE … RETURNING in a write transaction, its subquery FOR UPDATE SKIP
 * LOCKED on PostgreSQL, so exactly one instance gets each row.
 */
export async function claimDue(db: Db, now: string, staleBefore: string): Promise<Schedule | undefined> {
  const lock = db.engine === 'postgres' ? sql`FOR UPDATE SKIP LOCKED` : sql``;
  const row = await db.write(SCHEDULE_LOCK, (q) =>
    one<Row>(
      q,
      sql`UPDATE content_schedules SET state = 'running', claimed_at = ${now}
          WHERE id IN (
            SELECT id FROM content_schedules
            WHERE (state = 'waiting' AND run_at <= ${now}) OR (state = 'running' AND claimed_at <= ${staleBefore})
            ORDER BY run_at, id LIMIT 1 ${lock})
          RETURNING *`,
    ),
  );
  return row && scheduleOf(row);
}

/** Marks a claimed schedule done with its release; whether the claim was still this one's (else nothing changes). */
export async function markDone(q: Queryable, schedule: Schedule, release: number, now: string): Promise<boolean> {
  return (
    (await run(
      q,
      sql`UPDATE content_schedules SET state = 'done', release = ${release}, error = NULL, finished_at = ${now}
          WHERE id = ${schedule.id} AND state = 'running' AND claimed_at = ${schedule.claimedAt}`,
    )) > 0
  );
}

/** Marks a claimed schedule failed with why, unless another claim took it meanwhile. */
export async function markFailed(q: Queryable, schedule: Schedule, error: string, now: string): Promise<boolean> {
  return (
    (await run(
      q,
      sql`UPDATE content_schedules SET state = 'failed', error = ${error}, finished_at = ${now}
          WHERE id = ${schedule.id} AND state = 'running' AND claimed_at = ${schedule.claimedAt}`,
    )) > 0
  );
}
