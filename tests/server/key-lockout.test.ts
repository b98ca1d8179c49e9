import { describe, expect, it } from 'vitest';
import { all, one, sql } from '../../server/db';
import { ATTEMPT_WINDOW_MINUTES, KEY_LOCKOUT } from '../../server/keys/store';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { useShopServer } from './helpers';

const START = new Date('2026-05-20T04:00:00Z');
let clock = START;
const shop = useShopServer(() => clock);

/** A multi-member card's payload (forms/member-card.json) for a pair. */
const card = (accessKey: string, activationCode: string) => ({
  first_name: 'Jose',
  last_name: 'Santos',
  birthdate: '02/14/1988',
  email: 'jose@example.com',
  phone_number: '09181234567',
  access_key: accessKey,
  activation_code: activationCode,
  employee: true,
});

/** An activation from `ip` (the server trusts no proxy here: each call gets its own remote address). */
const activate = (payload: object, ip: string) =>
  shop.app.inject({ method: 'POST', url: '/api/v1/key-assignments', payload, remoteAddress: ip });

const LOCKED = /^Too many wrong activation codes for this access key\. For your security it is locked for 15 minutes/;

describe('key activation brute force', () => {
  it('locks a key for a client after 5 wrong activation codes from it, even for the right code', async () => {
    const [pair] = DEMO_KEY_ORDERS[0].keys;
    const wrong = pair.activationCode === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) {
      const response = await activate(card(pair.accessKey, wrong), '198.51.100.1');
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Invalid access key or activation code.');
    }
    const fifth = await activate(card(pair.accessKey, wrong), '198.51.100.1');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(LOCKED);
    expect(Number(fifth.headers['retry-after'])).toBe(KEY_LOCKOUT.minutes * 60);

    // Locked: the right code from that client is refused too, and the key stays unused.
    const right = await activate(card(pair.accessKey, pair.activationCode), '198.51.100.1');
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(LOCKED);
    const row = await one<{ status: string }>(
      shop.app.ctx.db.query,
      sql`SELECT status FROM access_keys WHERE access_key = ${pair.accessKey}`,
    );
    expect(row!.status).toBe('unused');

    // After the lock, the right code works.
    clock = new Date(START.getTime() + (KEY_LOCKOUT.minutes * 60 + 1) * 1000);
    try {
      const later = await activate(card(pair.accessKey, pair.activationCode), '198.51.100.1');
      expect(later.statusCode).toBe(200);
    } finally {
      clock = START;
    }
  });

  it("a right code clears its client's count of wrong ones, not the count of all clients", async () => {
    const [, pair] = DEMO_KEY_ORDERS[0].keys;
    const wrong = pair.activationCode === '00000000' ? '11111111' : '00000000';
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++)
      expect((await activate(card(pair.accessKey, wrong), '198.51.100.2')).statusCode).toBe(404);
    expect((await activate(card(pair.accessKey, pair.activationCode), '198.51.100.2')).statusCode).toBe(200);
    const counts = await all(
      shop.app.ctx.db.query,
      sql`SELECT client, failures FROM key_attempts WHERE access_key = ${pair.accessKey} ORDER BY client`,
    );
    expect(counts).toEqual([{ client: '*', failures: KEY_LOCKOUT.failures - 1 }]);
  });

  it('counts wrong codes for unknown keys too, and deletes the counts untouched for the window', async () => {
    const rows = async (like: string) =>
      (await one<{ n: number }>(
        shop.app.ctx.db.query,
        sql`SELECT CAST(count(*) AS INTEGER) AS n FROM key_attempts WHERE access_key LIKE ${like}`,
      ))!.n;
    for (let i = 0; i < 10; i++)
      expect((await activate(card(`BD-AAAA-BBBB-CC${String(i).padStart(2, '0')}`, '12345678'), '198.51.100.7')).statusCode).toBe(404);
    // One row for the client and one for all clients, per key.
    expect(await rows('BD-AAAA-%')).toBe(20);

    // A failure an hour later deletes the rows that count nothing any more.
    clock = new Date(START.getTime() + (ATTEMPT_WINDOW_MINUTES * 60 + 1) * 1000);
    try {
      expect((await activate(card('BD-AAAA-DDDD-EE00', '12345678'), '198.51.100.7')).statusCode).toBe(404);
    } finally {
      clock = START;
    }
    expect(await rows('BD-AAAA-BBBB-%')).toBe(0);
    expect(await rows('BD-AAAA-DDDD-%')).toBe(2);
  });
});
