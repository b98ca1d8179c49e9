import { describe, expect, it } from 'vitest';
import { one, sql } from '../../server/db';
import { ATTEMPT_WINDOW_MINUTES, KEY_CEILING, KEY_LOCKOUT } from '../../server/keys/lockout';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { movableClock, useShopServer } from './helpers';

const START = new Date('2026-05-20T04:00:00Z');
const clock = movableClock(START);
const shop = useShopServer(clock.now);

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
    expect(
      (await clock.later(KEY_LOCKOUT.minutes, () => activate(card(pair.accessKey, pair.activationCode), '198.51.100.1'))).statusCode,
    ).toBe(200);
  });

  it("a right code clears its client's count of wrong ones, not the count of all clients", async () => {
    const [, pair] = DEMO_KEY_ORDERS[0].keys;
    const wrong = card(pair.accessKey, pair.activationCode === '00000000' ? '11111111' : '00000000');
    const client = '198.51.100.2';
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) expect((await activate(wrong, client)).statusCode).toBe(404);
    expect((await activate(card(pair.accessKey, pair.activationCode), client)).statusCode).toBe(200);
    // Its count starts afresh: 4 more wrong codes from it are not locked.
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) expect((await activate(wrong, client)).statusCode).toBe(404);

    // The key-wide count kept all 8: other clients lock the key for everyone 8 wrong codes sooner.
    const others = Array.from({ length: 11 }, (_, i) => `198.51.100.${20 + i}`);
    const answers: number[] = [];
    for (let i = 0; i < KEY_CEILING.failures - 2 * (KEY_LOCKOUT.failures - 1); i++)
      answers.push((await activate(wrong, others[Math.floor(i / (KEY_LOCKOUT.failures - 1))])).statusCode);
    expect(answers.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('counts wrong codes for unknown keys too, and starts the count afresh after the window', async () => {
    const unknown = card('BD-AAAA-BBBB-CC00', '12345678');
    const client = '198.51.100.7';
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) expect((await activate(unknown, client)).statusCode).toBe(404);
    const fifth = await activate(unknown, client);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(LOCKED);

    // Another unknown key: 4 wrong codes now and 4 after the window, none locked (the first 4 count no more).
    const other = card('BD-AAAA-DDDD-EE00', '12345678');
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) expect((await activate(other, client)).statusCode).toBe(404);
    const afterWindow = await clock.later(ATTEMPT_WINDOW_MINUTES, async () => {
      const statuses = [];
      for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++) statuses.push((await activate(other, client)).statusCode);
      return statuses;
    });
    expect(afterWindow).toEqual([404, 404, 404, 404]);
  });
});
