import { all, one, run, sql, type Queryable } from '../db';
import type { ScheduledChanges } from './schedule-rows';

/**
 * The rows of content_reviews and content_review_comments: a review request keeps exactly what
 * would be published (the changes and the release they were made from); it stays open until a
 * publisher approves it (the release it made) or sends it back, or its author withdraws it.
 */

export type ReviewState = 'open' | 'approved' | 'sent-back' | 'withdrawn';

export interface Review {
  id: number;
  authorId: number | null;
  authorEmail: string;
  message: string;
  changes: ScheduledChanges;
  summary: string[];
  baseRelease: number;
  state: ReviewState;
  decidedBy: string | null;
  release: number | null;
  createdAt: string;
  decidedAt: string | null;
}

export interface ReviewComment {
  id: number;
  authorEmail: string;
  text: string;
  createdAt: string;
}

interface Row {
  id: number;
  author_id: number | null;
  author_email: string;
  message: string;
  changes: string;
  summary: string;
  base_release: number;
  state: ReviewState;
  decided_by: string | null;
  release: number | null;
  created_at: string;
  decided_at: string | null;
}

const reviewOf = (row: Row): Review => ({
  id: Number(row.id),
  authorId: row.author_id === null ? null : Number(row.author_id),
  authorEmail: row.author_email,
  message: row.message,
  changes: JSON.parse(row.changes) as ScheduledChanges,
  summary: JSON.parse(row.summary) as string[],
  baseRelease: Number(row.base_release),
  state: row.state,
  decidedBy: row.decided_by,
  release: row.release === null ? null : Number(row.release),
  createdAt: row.created_at,
  decidedAt: row.decided_at,
});

export async function insertReview(
  q: Queryable,
  review: { authorId: number; authorEmail: string; message: string; changes: ScheduledChanges; summary: string[]; baseRelease: number },
  now: string,
): Promise<number> {
  const row = await one<{ id: number }>(
    q,
    sql`INSERT INTO content_reviews (author_id, author_email, message, changes, summary, base_release, created_at)
        VALUES (${review.authorId}, ${review.authorEmail}, ${review.message}, ${JSON.stringify(review.changes)},
                ${JSON.stringify(review.summary)}, ${review.baseRelease}, ${now})
        RETURNING id`,
  );
  return Number(row!.id);
}

export async function reviewById(q: Queryable, id: number): Promise<Review | undefined> {
  const row = await one<Row>(q, sql`SELECT * FROM content_reviews WHERE id = ${id}`);
  return row && reviewOf(row);
}

/** The open requests, oldest first. */
export async function openReviews(q: Queryable, limit: number): Promise<Review[]> {
  const rows = await all<Row>(q, sql`SELECT * FROM content_reviews WHERE state = 'open' ORDER BY id LIMIT ${limit}`);
  return rows.map(reviewOf);
}

/** Ends an open request; whether it was still open (else nothing changes). */
export async function decideReview(
  q: Queryable,
  id: number,
  decision: { state: Exclude<ReviewState, 'open'>; by: string; release?: number },
  now: string,
): Promise<boolean> {
  return (
    (await run(
      q,
      sql`UPDATE content_reviews SET state = ${decision.state}, decided_by = ${decision.by}, release = ${decision.release ?? null},
            decided_at = ${now}
          WHERE id = ${id} AND state = 'open'`,
    )) > 0
  );
}

export async function addComment(q: Queryable, reviewId: number, authorEmail: string, text: string, now: string): Promise<void> {
  await run(
    q,
    sql`INSERT INTO content_review_comments (review_id, author_email, text, created_at) VALUES (${reviewId}, ${authorEmail}, ${text}, ${now})`,
  );
}

export async function commentsOf(q: Queryable, reviewId: number): Promise<ReviewComment[]> {
  const rows = await all<{ id: number; author_email: string; text: string; created_at: string }>(
    q,
    sql`SELECT id, author_email, text, created_at FROM content_review_comments WHERE review_id = ${reviewId} ORDER BY id`,
  );
  return rows.map((row) => ({ id: Number(row.id), authorEmail: row.author_email, text: row.text, createdAt: row.created_at }));
}

/** The e-mails of the enabled accounts holding `role`. */
export async function emailsWithRole(q: Queryable, role: string): Promise<string[]> {
  const rows = await all<{ email: string; roles: string; disabled: number | boolean }>(
    q,
    sql`SELECT email, roles, disabled FROM studio_accounts ORDER BY id`,
  );
  return rows.filter((row) => Number(row.disabled) !== 1 && (JSON.parse(row.roles) as unknown[]).includes(role)).map((row) => row.email);
}

/** The author's open request, if any (an author has at most one open at a time). */
export async function openReviewOf(q: Queryable, authorId: number): Promise<Review | undefined> {
  const row = await one<Row>(q, sql`SELECT * FROM content_reviews WHERE author_id = ${authorId} AND state = 'open' ORDER BY id LIMIT 1`);
  return row && reviewOf(row);
}
