import { createHash } from 'node:crypto';
import { all, one, sql, type Db, type Queryable } from '../db';
import { csvRecord } from '../desk/submissions';
import type { AuditEntryRow } from '../../domain/audit';

/**
 * The studio's audit trail (table studio_audit): who did what, when, from where, with a short
 * before/after. Rows are only ever appended. Each carries the hash of the row before it (prev_hash)
 * and its own hash, the SHA-256 of prev_hash and its canonical fields: a row changed breaks its own
 * hash, a row removed breaks the prev_hash of the one after it (verifyAuditChain finds either).
 * Removing the newest rows leaves a shorter chain that still holds: the count of rows and the last
 * hash, copied elsewhere (a backup, a log line), show that.
 */

/** The lock of the transactions that append (studio writes run under it: one chain, one writer at a time). */
export const STUDIO_LOCK = 'studio';

/** What happened, as the route that did it tells it. */
export interface AuditEntry {
  /** The account's e-mail that acted; null: nobody signed in (a failed sign-in, the command line). */
  actor: string | null;
  ip: string | null;
  requestId: string | null;
  /** What was done, dotted: 'sign-in', 'sign-in.failed', 'account.roles', 'invitation.sent', 'audit.export'. */
  action: string;
  /** What it was done to: an e-mail, an account. */
  target: string | null;
  /** The state before and after, small (roles, disabled): stored as JSON, at most MAX_STATE characters. */
  before?: unknown;
  after?: unknown;
}

/** A stored row: the entry and its link in the hash chain. */
export interface AuditRow extends AuditEntryRow {
  prev_hash: string;
  hash: string;
}

/** The prev_hash of the first row. */
const GENESIS = '0'.repeat(64);
/** The longest before/after kept: the trail says what changed, not whole records. */
const MAX_STATE = 500;

const state = (value: unknown): string | null => {
  if (value === undefined) return null;
  const text = JSON.stringify(value);
  return text.length > MAX_STATE ? JSON.stringify({ clipped: text.slice(0, MAX_STATE - 20) }) : text;
};

/** The hash of a row: SHA-256 over the previous row's hash and the row's fields, as one JSON array. */
export function auditHash(row: Omit<AuditRow, 'hash'>): string {
  const fields = [row.id, row.at, row.actor, row.ip, row.request_id, row.action, row.target, row.before, row.after];
  return createHash('sha256').update(row.prev_hash).update('\n').update(JSON.stringify(fields)).digest('hex');
}

/**
 * Appends a row; call inside a `db.write(STUDIO_LOCK, …)` transaction, on its `q`, with what it
 * records, so that the row exists exactly when its cause does and the chain has one writer at a time.
 */
export async function appendAudit(q: Queryable, entry: AuditEntry, at: Date): Promise<void> {
  const last = await one<{ id: number; hash: string }>(q, sql`SELECT id, hash FROM studio_audit ORDER BY id DESC LIMIT 1`);
  const row = {
    id: Number(last?.id ?? 0) + 1,
    at: at.toISOString(),
    actor: entry.actor,
    ip: entry.ip,
    request_id: entry.requestId,
    action: entry.action,
    target: entry.target,
    before: state(entry.before),
    after: state(entry.after),
    prev_hash: last?.hash ?? GENESIS,
  };
  await sql`INSERT INTO studio_audit (id, at, actor, ip, request_id, action, target, before, after, prev_hash, hash)
    VALUES (${row.id}, ${row.at}, ${row.actor}, ${row.ip}, ${row.request_id}, ${row.action}, ${row.target}, ${row.before},
      ${row.after}, ${row.prev_hash}, ${auditHash(row)})`.execute(q);
}

/** Appends one row in a transaction of its own. */
export const audit = (db: Db, entry: AuditEntry, at: Date): Promise<void> => db.write(STUDIO_LOCK, (q) => appendAudit(q, entry, at));

/** What verifyAuditChain found: the chain holds, or the first row that was changed or is missing. */
export type ChainCheck = { ok: true; rows: number; last: string } | { ok: false; id: number; problem: 'changed' | 'removed' };

/** Walks the whole trail in order (in pages: it may be long) and reports the first break. */
export async function verifyAuditChain(q: Queryable): Promise<ChainCheck> {
  let prev = GENESIS;
  let expectedId = 1;
  let rows = 0;
  for (;;) {
    const page = await all<AuditRow>(q, sql`SELECT * FROM studio_audit WHERE id >= ${expectedId} ORDER BY id LIMIT 1000`);
    if (page.length === 0) return { ok: true, rows, last: prev };
    for (const row of page) {
      const id = Number(row.id);
      if (id !== expectedId) return { ok: false, id: expectedId, problem: 'removed' };
      // The row before was rewritten with a hash to match: this row still names the old one.
      if (row.prev_hash !== prev) return { ok: false, id: id - 1, problem: 'changed' };
      if (auditHash({ ...row, id }) !== row.hash) return { ok: false, id, problem: 'changed' };
      prev = row.hash;
      expectedId = id + 1;
      rows += 1;
    }
  }
}

/** Filters of the trail's list and export: an action (or its start, 'sign-in' takes 'sign-in.failed' too), an actor, a period. */
export interface AuditFilter {
  action?: string;
  actor?: string;
  from?: string;
  to?: string;
  /** Rows before this id (the next page); newest first. */
  before?: number;
  limit: number;
}

export async function listAudit(q: Queryable, filter: AuditFilter): Promise<AuditRow[]> {
  const conditions = [sql`1 = 1`];
  if (filter.action) conditions.push(sql`(action = ${filter.action} OR action LIKE ${`${filter.action.replace(/[%_\\]/g, '')}.%`})`);
  if (filter.actor) conditions.push(sql`actor = ${filter.actor.toLowerCase()}`);
  if (filter.from) conditions.push(sql`at >= ${filter.from}`);
  if (filter.to) conditions.push(sql`at < ${filter.to}`);
  if (filter.before) conditions.push(sql`id < ${filter.before}`);
  const rows = await all<AuditRow>(
    q,
    sql`SELECT * FROM studio_audit WHERE ${sql.join(conditions, sql` AND `)} ORDER BY id DESC LIMIT ${filter.limit}`,
  );
  return rows.map((row) => ({ ...row, id: Number(row.id) }));
}

/** The rows as CSV (RFC 4180, formula-safe: the submissions export's cells). */
export function auditCsv(rows: readonly AuditRow[]): string {
  const header = csvRecord(['id', 'at', 'actor', 'ip', 'request id', 'action', 'target', 'before', 'after', 'hash']);
  return (
    header +
    rows
      .map((row) =>
        csvRecord(
          [row.id, row.at, row.actor, row.ip, row.request_id, row.action, row.target, row.before, row.after, row.hash].map((cell) =>
            cell === null ? '' : String(cell),
          ),
        ),
      )
      .join('')
  );
}
