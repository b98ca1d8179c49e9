import { timingSafeEqual } from 'node:crypto';
import type { Db } from '../db';

/** Compares two short texts in constant time (for equal lengths). */
function timingSafeEqualText(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Why a key pair cannot be activated (each has its own message in activation.ts). */
export type ActivationRefusal = 'unknown' | 'used' | 'unpaid' | 'locked';

/** Wrong activation codes for one access key (from any IP) that lock it, and for how long. */
export const KEY_LOCKOUT = { failures: 5, minutes: 15 } as const;

export type ActivationResult = { ok: true; accessKey: string; activatedAt: string } | { ok: false; reason: ActivationRefusal };

interface PairRow {
  id: number;
  access_key: string;
  activation_code: string;
  status: 'unused' | 'used';
  order_status: string | null;
  order_id: number | null;
}

/**
 * Activation of access keys (access_keys, migration 3): a pair issued for a paid order (or issued
 * without an order) goes from 'unused' to 'used' once, with activated_at and the member's data.
 */
export class KeyActivationStore {
  private readonly find;
  private readonly mark;
  private readonly activateOnce;
  private readonly attempts;
  private readonly recordFailure;
  private readonly clearAttempts;

  constructor(db: Db) {
    this.attempts = db.prepare<[string]>('SELECT failures, locked_until FROM key_attempts WHERE access_key = ?');
    this.recordFailure = db.prepare<[{ key: string; failures: number; lockedUntil: string | null; now: string }]>(
      `INSERT INTO key_attempts (access_key, failures, locked_until, updated_at) VALUES (@key, @failures, @lockedUntil, @now)
       ON CONFLICT (access_key) DO UPDATE SET failures = @failures, locked_until = @lockedUntil, updated_at = @now`,
    );
    this.clearAttempts = db.prepare<[string]>('DELETE FROM key_attempts WHERE access_key = ?');
    this.find = db.prepare<[string]>(
      `SELECT k.id, k.access_key, k.activation_code, k.status, k.order_id, o.status AS order_status
       FROM access_keys k LEFT JOIN orders o ON o.id = k.order_id WHERE k.access_key = ?`,
    );
    this.mark = db.prepare<[string, string, number]>(
      "UPDATE access_keys SET status = 'used', activated_at = ?, member = ? WHERE id = ? AND status = 'unused'",
    );
    // Read and update in one immediate transaction: two requests for the same key cannot both win.
    this.activateOnce = db.transaction((accessKey: string, activationCode: string, member: unknown, now: string): ActivationResult => {
      const row = this.find.get(accessKey) as PairRow | undefined;
      if (!row) return { ok: false, reason: 'unknown' };
      // A key guessed at too often is locked for a while, whoever asks and even with the right code.
      const attempts = this.attempts.get(row.access_key) as { failures: number; locked_until: string | null } | undefined;
      if (attempts?.locked_until && attempts.locked_until > now) return { ok: false, reason: 'locked' };
      if (!timingSafeEqualText(row.activation_code, activationCode)) {
        const failures = (attempts && !attempts.locked_until ? attempts.failures : 0) + 1;
        const lockedUntil =
          failures >= KEY_LOCKOUT.failures ? new Date(Date.parse(now) + KEY_LOCKOUT.minutes * 60_000).toISOString() : null;
        this.recordFailure.run({ key: row.access_key, failures: lockedUntil ? 0 : failures, lockedUntil, now });
        // A wrong code says no more than an unknown key: the pair is what proves ownership.
        return { ok: false, reason: lockedUntil ? 'locked' : 'unknown' };
      }
      if (attempts) this.clearAttempts.run(row.access_key);
      if (row.status !== 'unused') return { ok: false, reason: 'used' };
      if (row.order_id !== null && row.order_status !== 'paid') return { ok: false, reason: 'unpaid' };
      if (this.mark.run(now, JSON.stringify(member), row.id).changes !== 1) return { ok: false, reason: 'used' };
      return { ok: true, accessKey: row.access_key, activatedAt: now };
    });
  }

  /** Activates the pair for `member` at `now` (ISO time), or says why not. */
  activate(accessKey: string, activationCode: string, member: unknown, now: string): ActivationResult {
    return this.activateOnce.immediate(accessKey, activationCode, member, now);
  }
}
