import { one, run, sql, type Db, type Queryable } from '../db';
import { verifyActivationCode } from './code-hash';

/** Why a key pair cannot be activated (each has its own message in activation.ts). */
export type ActivationRefusal = 'unknown' | 'used' | 'unpaid' | 'locked';

/**
 * Wrong activation codes for one access key from one client (routes/keys.ts: an IP address, an IPv6
 * /64) that lock the key for that client, and for how long. Other clients are not locked by them: the
 * buyer on their own phone still gets in.
 */
export const KEY_LOCKOUT = { failures: 5, minutes: 15 } as const;

/** Wrong activation codes for one access key from all clients together that lock it for everyone (a guess spread over many addresses). */
export const KEY_CEILING = { failures: 50, minutes: 15 } as const;

/**
 * Failures are counted for this long from the first one (then the count starts afresh); a row of
 * key_attempts untouched for this long counts nothing and is deleted.
 */
export const ATTEMPT_WINDOW_MINUTES = 60;

/** The client of the key-wide count (no client key looks like it). */
const ALL_CLIENTS = '*';

export type ActivationResult =
  | { ok: true; accessKey: string; activatedAt: string }
  | { ok: false; reason: Exclude<ActivationRefusal, 'locked'> }
  | { ok: false; reason: 'locked'; retryAfterSeconds: number };

interface PairRow {
  id: number;
  access_key: string;
  activation_code_hash: string;
  status: 'unused' | 'used';
  order_status: string | null;
  order_id: number | null;
}

interface AttemptRow {
  failures: number;
  window_start: string;
  locked_until: string | null;
}

const plusMinutes = (now: string, minutes: number) => new Date(Date.parse(now) + minutes * 60_000).toISOString();

/**
 * Activation of access keys (access_keys, migration 3): a pair issued for a paid order (or issued
 * without an order) goes from 'unused' to 'used' once, with activated_at and the member's data.
 *
 * Guessing is limited by key_attempts, per access key as typed (known or not, so a lockout never
 * tells that a key exists) and client: KEY_LOCKOUT per client, KEY_CEILING for all clients together.
 * An unknown key and a wrong code get the same answer in the same time: the code is checked against
 * a dummy hash when the key is unknown, and the failure is counted alike.
 */
export class KeyActivationStore {
  constructor(private readonly db: Db) {}

  private find(accessKey: string, q: Queryable): Promise<PairRow | undefined> {
    return one<PairRow>(
      q,
      sql`SELECT k.id, k.access_key, k.activation_code_hash, k.status, k.order_id, o.status AS order_status
          FROM access_keys k LEFT JOIN orders o ON o.id = k.order_id WHERE k.access_key = ${accessKey}`,
    );
  }

  /** The lock on `accessKey` for `client` (its own, or the key-wide one) at `now`, if any. */
  private async lockOf(accessKey: string, client: string, now: string, q: Queryable): Promise<ActivationResult | undefined> {
    const row = await one<{ until: string | null }>(
      q,
      sql`SELECT max(locked_until) AS until FROM key_attempts
          WHERE access_key = ${accessKey} AND client IN (${client}, ${ALL_CLIENTS}) AND locked_until > ${now}`,
    );
    const until = row?.until ?? null;
    if (until === null) return undefined;
    return { ok: false, reason: 'locked', retryAfterSeconds: Math.max(1, Math.ceil((Date.parse(until) - Date.parse(now)) / 1000)) };
  }

  /** Counts a wrong code for (accessKey, client); true when it reaches `limit.failures` and locks. */
  private async countFailure(
    accessKey: string,
    client: string,
    limit: { failures: number; minutes: number },
    now: string,
    q: Queryable,
  ): Promise<boolean> {
    const row = await one<AttemptRow>(
      q,
      sql`SELECT failures, window_start, locked_until FROM key_attempts WHERE access_key = ${accessKey} AND client = ${client}`,
    );
    const fresh =
      !row || row.window_start <= plusMinutes(now, -ATTEMPT_WINDOW_MINUTES) || (row.locked_until !== null && row.locked_until <= now);
    const failures = (fresh ? 0 : row.failures) + 1;
    const lockedUntil = failures >= limit.failures ? plusMinutes(now, limit.minutes) : null;
    // A lock starts the count afresh once it ends.
    const stored = lockedUntil ? 0 : failures;
    const windowStart = fresh ? now : row.window_start;
    await run(
      q,
      sql`INSERT INTO key_attempts (access_key, client, failures, window_start, locked_until, updated_at)
          VALUES (${accessKey}, ${client}, ${stored}, ${windowStart}, ${lockedUntil}, ${now})
          ON CONFLICT (access_key, client) DO UPDATE SET failures = excluded.failures, window_start = excluded.window_start,
            locked_until = excluded.locked_until, updated_at = excluded.updated_at`,
    );
    return lockedUntil !== null;
  }

  /**
   * The outcome, written in one write transaction (lock `key:<access key>`) that reads the lock
   * again: requests that were checking codes at the same time see a lock set meanwhile, and two
   * cannot both activate.
   */
  private settle(accessKey: string, client: string, codeMatches: boolean, member: unknown, now: string): Promise<ActivationResult> {
    return this.db.write(`key:${accessKey}`, async (q): Promise<ActivationResult> => {
      const locked = await this.lockOf(accessKey, client, now, q);
      if (locked) return locked;
      const row = await this.find(accessKey, q);
      if (!row || !codeMatches) {
        const cutoff = plusMinutes(now, -Math.max(ATTEMPT_WINDOW_MINUTES, KEY_LOCKOUT.minutes, KEY_CEILING.minutes));
        await run(q, sql`DELETE FROM key_attempts WHERE updated_at < ${cutoff}`);
        const mine = await this.countFailure(accessKey, client, KEY_LOCKOUT, now, q);
        const everyone = await this.countFailure(accessKey, ALL_CLIENTS, KEY_CEILING, now, q);
        // A wrong code says no more than an unknown key: the pair is what proves ownership.
        return mine || everyone ? (await this.lockOf(accessKey, client, now, q))! : { ok: false, reason: 'unknown' };
      }
      // The right code clears this client's count; the key-wide one runs its course.
      await run(q, sql`DELETE FROM key_attempts WHERE access_key = ${accessKey} AND client = ${client}`);
      if (row.status !== 'unused') return { ok: false, reason: 'used' };
      if (row.order_id !== null && row.order_status !== 'paid') return { ok: false, reason: 'unpaid' };
      const marked = await run(
        q,
        sql`UPDATE access_keys SET status = 'used', activated_at = ${now}, member = ${JSON.stringify(member)}
            WHERE id = ${row.id} AND status = 'unused'`,
      );
      if (marked !== 1) return { ok: false, reason: 'used' };
      return { ok: true, accessKey: row.access_key, activatedAt: now };
    });
  }

  /**
   * Activates the pair for `member` at `now` (ISO time), or says why not. `client` is who asks
   * (render-budget.ts clientKey): the lockouts are counted per client and key.
   */
  async activate(accessKey: string, activationCode: string, client: string, member: unknown, now: string): Promise<ActivationResult> {
    // A locked client is refused before any code is checked, whether the key exists or not.
    const locked = await this.lockOf(accessKey, client, now, this.db.query);
    if (locked) return locked;
    const row = await this.find(accessKey, this.db.query);
    const codeMatches = await verifyActivationCode(activationCode, row?.activation_code_hash);
    return this.settle(accessKey, client, codeMatches, member, now);
  }
}
