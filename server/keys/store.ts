import type { Db } from '../db';

/** Why a key pair cannot be activated (each has its own message in activation.ts). */
export type ActivationRefusal = 'unknown' | 'used' | 'unpaid';

export type ActivationResult =
  | { ok: true; accessKey: string; activatedAt: string }
  | { ok: false; reason: ActivationRefusal };

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

  constructor(db: Db) {
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
      // A wrong code says no more than an unknown key: the pair is what proves ownership.
      if (!row || row.activation_code !== activationCode) return { ok: false, reason: 'unknown' };
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
