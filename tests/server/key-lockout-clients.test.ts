import Database from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, databaseFile, migrations, migrationVersion, one, openDatabase, sql } from '../../server/db';
import { verifyActivationCode } from '../../server/keys/code-hash';
import { KEY_CEILING, KEY_LOCKOUT } from '../../server/keys/lockout';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { OrderStore } from '../../server/shop/store';
import { legacyMigrateSqlite } from './fixtures/legacy-migrations';
import {
  buyInSandbox,
  keyActivation,
  mailedKeys,
  movableClock,
  nextClientAddress,
  ON_POSTGRES,
  startServer,
  STANDARD_LINE,
  tempDir,
} from './helpers';

/**
 * Lockouts per access key and client: another client's wrong codes do not lock the buyer out, a
 * key-wide ceiling stops a guess spread over many addresses, and neither the answer nor its time
 * tells an unknown key from a wrong code. Clients are told apart by X-Forwarded-For behind a trusted
 * proxy (127.0.0.1, inject's address), as in production behind TRUST_PROXY.
 */

const START = new Date('2026-05-20T04:00:00Z');
const clock = movableClock(START);
let app: FastifyInstance;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  await generate(join(__dirname, '../..'));
  const started = await startServer({ now: clock.now, formRateLimit: 100_000, trustProxy: '127.0.0.1' });
  app = started.app;
  cleanup = started.cleanup;
});
afterAll(async () => cleanup?.());

/** The migration that hashed the activation codes and counted attempts per client. */
const HASHED_CODES = '0007-hashed-activation-codes-key-attempts-per-client';
const LOCKED = /^Too many wrong activation codes for this access key\. For your security it is locked for 15 minutes/;
const INVALID = { message: 'Invalid access key or activation code.' };

type Pair = { accessKey: string; activationCode: string };

/** New key pairs without an order (activatable), with their codes in clear as issued. */
async function newPairs(count: number): Promise<Pair[]> {
  const keys = await new OrderStore(app.ctx.db).issueKeys(null, count, { now: START.toISOString(), keyPrefix: 'BD' });
  return keys.map((key) => ({ accessKey: key.access_key, activationCode: key.activation_code }));
}

/** The stored hash of an access key's activation code. */
const hashOf = async (accessKey: string) =>
  (await one<{ hash: string }>(
    app.ctx.db.query,
    sql`SELECT activation_code_hash AS hash FROM access_keys WHERE access_key = ${accessKey}`,
  ))!.hash;

const wrongCode = (pair: Pair) => (pair.activationCode === '00000000' ? '11111111' : '00000000');

/** An activation of `pair` (a single form) from the client at `ip`. */
const activate = (pair: Pair, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/key-assignments',
    headers: { 'x-forwarded-for': ip },
    payload: keyActivation(pair),
  });

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

describe('key lockouts per client', () => {
  it("another client's 5 wrong codes do not lock the buyer out", async () => {
    const [pair] = await newPairs(1);
    const attacker = nextClientAddress();
    const answers = [];
    for (let i = 0; i < KEY_LOCKOUT.failures; i++)
      answers.push((await activate({ ...pair, activationCode: wrongCode(pair) }, attacker)).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 429]);

    const buyer = await activate(pair, nextClientAddress());
    expect(buyer.statusCode).toBe(200);
    expect(buyer.json().data).toMatchObject({ access_key: pair.accessKey, status: 'used' });
  });

  it("one client's 5 wrong codes lock that client (429 with Retry-After, even for the right code), not the others", async () => {
    const [pair] = await newPairs(1);
    const guesser = nextClientAddress();
    for (let i = 0; i < KEY_LOCKOUT.failures - 1; i++)
      expect((await activate({ ...pair, activationCode: wrongCode(pair) }, guesser)).statusCode).toBe(404);
    const fifth = await activate({ ...pair, activationCode: wrongCode(pair) }, guesser);
    expect(fifth.statusCode).toBe(429);
    expect(Number(fifth.headers['retry-after'])).toBe(KEY_LOCKOUT.minutes * 60);

    const right = await activate(pair, guesser);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(LOCKED);
    expect(Number(right.headers['retry-after'])).toBe(KEY_LOCKOUT.minutes * 60);

    // Another client is not locked: its wrong code is a plain 404, its right code activates.
    const other = nextClientAddress();
    const otherWrong = await activate({ ...pair, activationCode: wrongCode(pair) }, other);
    expect(otherWrong.statusCode).toBe(404);
    expect(otherWrong.json()).toEqual(INVALID);
    expect((await activate(pair, other)).statusCode).toBe(200);
  });

  it('20 wrong codes sent at once from one client: 4 are invalid, the rest locked', async () => {
    const [pair] = await newPairs(1);
    const guesser = nextClientAddress();
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate({ ...pair, activationCode: wrongCode(pair) }, guesser)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // Each try takes its point before its code is checked: 4 are told 'invalid', the 5th locks, the rest are refused unchecked.
    expect(statuses).toEqual([...Array(KEY_LOCKOUT.failures - 1).fill(404), ...Array(20 - KEY_LOCKOUT.failures + 1).fill(429)]);
    expect((await activate(pair, guesser)).statusCode).toBe(429);
  });

  it('an IPv6 /64 is one client', async () => {
    const [pair] = await newPairs(1);
    const wrong = { ...pair, activationCode: wrongCode(pair) };
    // Five addresses of one /64 (as written by different clients) share one count.
    const sameNetwork = ['2001:db8:7:1::1', '2001:db8:7:1::2', '2001:db8:7:1:aa::3', '2001:0db8:0007:0001:0:0:0:4', '2001:db8:7:1:ffff::5'];
    const answers = [];
    for (const ip of sameNetwork) answers.push((await activate(wrong, ip)).statusCode);
    expect(answers).toEqual([404, 404, 404, 404, 429]);
    expect((await activate(pair, '2001:db8:7:1::99')).statusCode).toBe(429);
    // The next /64 is another client.
    expect((await activate(pair, '2001:db8:7:2::1')).statusCode).toBe(200);
  });

  it(`${KEY_CEILING.failures} wrong codes from all clients together lock the key for everyone for ${KEY_CEILING.minutes} minutes`, async () => {
    const [pair] = await newPairs(1);
    const wrong = { ...pair, activationCode: wrongCode(pair) };
    // Each client stays under its own limit (4 guesses), together they reach the ceiling.
    const perClient = KEY_LOCKOUT.failures - 1;
    const clients = Array.from({ length: Math.ceil(KEY_CEILING.failures / perClient) }, () => nextClientAddress());
    const answers = [];
    for (let i = 0; i < KEY_CEILING.failures; i++) answers.push((await activate(wrong, clients[Math.floor(i / perClient)])).statusCode);
    expect(answers.slice(0, -1).every((status) => status === 404)).toBe(true);
    expect(answers.at(-1)).toBe(429);

    // Everyone is locked out now, the buyer with the right code too.
    const buyer = await activate(pair, nextClientAddress());
    expect(buyer.statusCode).toBe(429);
    expect(buyer.json().message).toMatch(LOCKED);
    expect(Number(buyer.headers['retry-after'])).toBe(KEY_CEILING.minutes * 60);

    // Once the lock ends, the buyer gets in.
    expect((await clock.later(KEY_CEILING.minutes, () => activate(pair, nextClientAddress()))).statusCode).toBe(200);
  });
});

describe('unknown keys and wrong codes look alike', () => {
  it("an unknown key's failures are counted like a known key's: the 5th and 6th from one client get 429 too", async () => {
    const [pair] = await newPairs(1);
    const known = { ...pair, activationCode: wrongCode(pair) };
    const unknown = { accessKey: 'BD-ZZZZ-YYYY-XX01', activationCode: '12345678' };
    const answers = async (p: Pair) => {
      const client = nextClientAddress();
      const list = [];
      for (let i = 0; i < KEY_LOCKOUT.failures + 1; i++) {
        const response = await activate(p, client);
        list.push({ status: response.statusCode, body: response.json(), retryAfter: response.headers['retry-after'] });
      }
      return list;
    };
    const knownAnswers = await answers(known);
    expect(knownAnswers.map((a) => a.status)).toEqual([404, 404, 404, 404, 429, 429]);
    expect(await answers(unknown)).toEqual(knownAnswers);
  });

  it('an unknown key and a known key with a wrong code: same status and body, in about the same time (both check a hash)', async () => {
    const [pair] = await newPairs(1);
    const known = { ...pair, activationCode: wrongCode(pair) };
    const unknowns = Array.from({ length: 20 }, (_, i) => ({
      accessKey: `BD-ZZZZ-WWWW-V${String(i).padStart(3, '0')}`,
      activationCode: '12345678',
    }));
    const timed = async (p: Pair) => {
      const started = process.hrtime.bigint();
      const response = await activate(p, nextClientAddress());
      return { ms: Number(process.hrtime.bigint() - started) / 1e6, status: response.statusCode, body: response.json() };
    };
    // Warm up both paths (compiled validators, prepared statements, the dummy hash).
    await timed(unknowns[0]);
    await timed(known);
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    // Interleaved, each from its own client (no lockout), staying under the key-wide ceiling.
    for (const unknown of unknowns) {
      const a = await timed(known);
      const b = await timed(unknown);
      expect(a).toMatchObject({ status: 404, body: INVALID });
      expect(b).toMatchObject({ status: 404, body: INVALID });
      knownTimes.push(a.ms);
      unknownTimes.push(b.ms);
    }
    // What one verification costs (scrypt, the stored parameters) on this machine, now.
    const hashTimes: number[] = [];
    const stored = await hashOf(pair.accessKey);
    for (let i = 0; i < 10; i++) {
      const started = process.hrtime.bigint();
      await verifyActivationCode('00000000', stored);
      hashTimes.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    const [k, u, h] = [median(knownTimes), median(unknownTimes), median(hashTimes)];
    const summary = `medians: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms, one hash ${h.toFixed(1)} ms`;
    // Both answers include a hash verification, and neither takes much longer than the other.
    expect(u, summary).toBeGreaterThan(h / 2);
    expect(k, summary).toBeGreaterThan(h / 2);
    expect(Math.max(k, u), summary).toBeLessThan(Math.min(k, u) * 3 + 5);
  });
});

describe('activation codes are stored hashed', () => {
  it('the database holds no activation code in clear: issued, bought or seeded', async () => {
    const issued = await newPairs(2);
    const { orderId: order_id } = await buyInSandbox(app, [{ ...STANDARD_LINE, quantity: 2 }], { 'x-forwarded-for': nextClientAddress() });
    const bought = (await mailedKeys(app.ctx.db, order_id)).map((key) => ({
      accessKey: key.access_key,
      activationCode: key.activation_code,
    }));
    expect(bought).toHaveLength(2);
    const pairs = [...issued, ...bought, ...DEMO_KEY_ORDERS.flatMap((order) => order.keys)];

    const rows = await all<Record<string, unknown>>(app.ctx.db.query, sql`SELECT * FROM access_keys`);
    expect(Object.keys(rows[0])).not.toContain('activation_code');
    const codes = new Set(pairs.map((pair) => pair.activationCode));
    for (const row of rows) {
      expect(row.activation_code_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]{22}\$[\w-]{43}$/);
      // No value, nor any field of the hash, is a code.
      for (const value of Object.values(row)) {
        expect(codes.has(String(value))).toBe(false);
        for (const field of String(value).split('$')) expect(codes.has(field)).toBe(false);
      }
    }
    for (const pair of pairs) {
      const hash = await hashOf(pair.accessKey);
      expect(await verifyActivationCode(pair.activationCode, hash), pair.accessKey).toBe(true);
      expect(await verifyActivationCode(String((Number(pair.activationCode) + 1) % 1e8).padStart(8, '0'), hash)).toBe(false);
    }
  });

  // SQLite only: it writes an old SQLite file (PostgreSQL support came after the codes were hashed).
  it.skipIf(ON_POSTGRES)('the migration hashes the codes a database stored in clear; they still activate', async () => {
    expect(Object.keys(migrations), `a migration named '${HASHED_CODES}'`).toContain(HASHED_CODES);
    const dataDir = tempDir();
    try {
      // A database at the schema version before it, with key pairs stored in clear.
      const old = new Database(databaseFile(dataDir));
      legacyMigrateSqlite(old, migrationVersion(HASHED_CODES) - 1);
      const insert = old.prepare(
        "INSERT INTO access_keys (order_id, access_key, activation_code, status, created_at) VALUES (NULL, ?, ?, 'unused', ?)",
      );
      insert.run('BD-MGRT-AAAA-0001', '31415926', START.toISOString());
      insert.run('BD-MGRT-AAAA-0002', '27182818', START.toISOString());
      old.close();

      const db = await openDatabase({ dataDir, warn: () => {} });
      const rows = await all<Record<string, unknown>>(db.query, sql`SELECT * FROM access_keys ORDER BY id`);
      await db.close();
      for (const row of rows) for (const value of Object.values(row)) expect(['31415926', '27182818']).not.toContain(String(value));
      expect(rows[0].activation_code_hash).toMatch(/^scrypt\$/);
      expect(await verifyActivationCode('31415926', rows[0].activation_code_hash as string)).toBe(true);
      expect(await verifyActivationCode('27182818', rows[1].activation_code_hash as string)).toBe(true);

      // Served: the migrated pairs activate.
      const server = await startServer({ dataDir, now: () => START, trustProxy: '127.0.0.1' });
      try {
        const send = (pair: Pair) =>
          server.app.inject({
            method: 'POST',
            url: '/api/v1/key-assignments',
            headers: { 'x-forwarded-for': nextClientAddress() },
            payload: keyActivation(pair),
          });
        expect((await send({ accessKey: 'BD-MGRT-AAAA-0001', activationCode: '31415926' })).statusCode).toBe(200);
        expect((await send({ accessKey: 'BD-MGRT-AAAA-0002', activationCode: '27182818' })).statusCode).toBe(200);
      } finally {
        await server.cleanup();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
