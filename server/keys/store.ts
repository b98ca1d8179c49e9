import { one, run, sql, type Db, type Queryable } from '../db';
import { verifyActivationCode } from './code-hash';
import { isLock, type KeyLockout } from './lockout';

/** Why a key pair cannot be activated (each has its own message in activation.ts). */
export type ActivationRefusal = 'unknown' | 'used' | 'unpaid' | 'locked';

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

/**
 * Activation of access keys (access_keys, migration 3): a pair issued for a paid order (or issued
 * without an order) goes from 'unused' to 'used' once, with activated_at and the member's data.
 *
 * Guessing is limited by `lockout` (lockout.ts), per access key as typed and client. An unknown key
 * and a wrong code get the same answer in the same time: the code is checked against a dummy hash
 * when the key is unknown, and the failure is counted alike.
 */
export class KeyActivationStore {
  constructor(
    private readonly db: Db,
    private readonly lockout: KeyLockout,
  ) {}

  private find(accessKey: string, q: Queryable): Promise<PairRow | undefined> {
    return one<PairRow>(
      q,
      sql`SELECT k.id, k.access_key, k.activation_code_hash, k.status, k.order_id, o.status AS order_status
          FROM access_keys k LEFT JOIN orders o ON o.id = k.order_id WHERE k.access_key = ${accessKey}`,
    );
  }

  /**
   * The activation, in one write transaction (lock `key:<access key>`) that reads the pair again:
   * two requests with the right code cannot both activate it.
   */
  private settle(accessKey: string, member: unknown, now: string): Promise<ActivationResult> {
    return this.db.write(`key:${accessKey}`, async (q): Promise<ActivationResult> => {
      const row = await this.find(accessKey, q);
      if (!row) return { ok: false, reason: 'unknown' };
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
    const attempt = await this.lockout.take(accessKey, client);
    if (isLock(attempt)) return { ok: false, reason: 'locked', ...attempt };
    const row = await this.find(accessKey, this.db.query);
    if (!(await verifyActivationCode(activationCode, row?.activation_code_hash))) {
      const lock = await this.lockout.failed(attempt);
      // A wrong code says no more than an unknown key: the pair is what proves ownership.
      return lock ? { ok: false, reason: 'locked', ...lock } : { ok: false, reason: 'unknown' };
    }
    await this.lockout.succeeded(attempt);
    return this.settle(accessKey, member, now);
  }
}
