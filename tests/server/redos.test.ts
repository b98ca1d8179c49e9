import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { one, sql } from '../../server/db';
import { formBodyLimit } from '../../server/forms/limits';
import { DEMO_KEY_ORDERS } from '../../server/seed';
import { keyActivation, startServer, submission, VALID_BILLINGS, VALID_SUBMISSIONS } from './helpers';

/**
 * Hostile e-mail addresses against the forms' e-mail pattern, on a real listening server (fetch on
 * 127.0.0.1): a 1 MiB one is refused at once (its body is over the limit) while content reads go
 * on being served, and one within the field's maxLength is refused with the form's own message,
 * in milliseconds: no regular expression backtracks for long on either.
 */

const ROOT = resolve(__dirname, '../..');
const NOW = new Date('2026-05-20T04:00:00Z');
const MiB = 1024 * 1024;
/**
 * Generous: a refusal takes a few milliseconds on an idle machine; a backtracking pattern takes
 * seconds to hours on these inputs. The margin absorbs a CI machine busy with other test files.
 */
const FAST_MS = 1500;
const STANDARD_BILLING = VALID_BILLINGS['/api/v1/billing-informations'].body;

let app: FastifyInstance;
let cleanup: () => Promise<void>;
let base: string;

beforeAll(async () => {
  await generate(ROOT);
  ({ app, cleanup } = await startServer({ now: () => NOW, formRateLimit: 100_000 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => cleanup());

/** The three forms with an e-mail field, each with `email` as its address. */
function postsWith(email: string): Array<{ name: string; path: string; form: string; body: Record<string, unknown> }> {
  return [
    {
      name: 'contact form',
      path: '/api/v1/form-emails/contact-us',
      form: 'contact',
      body: submission('contact-us', { ...VALID_SUBMISSIONS['contact-us'], email }),
    },
    { name: 'billing', path: '/api/v1/billing-informations', form: 'billing', body: { ...STANDARD_BILLING, email, confirm_email: email } },
    {
      name: 'key activation',
      path: '/api/v1/key-assignments',
      form: 'key-assignment',
      body: { ...keyActivation(DEMO_KEY_ORDERS[0].keys[0]), email },
    },
  ];
}

/** A request's answer and how long it took, measured around fetch. */
async function timed(path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}
const post = (path: string, body: unknown) =>
  timed(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

const formSchema = (form: string) =>
  (
    JSON.parse(readFileSync(resolve(ROOT, 'src/generated/form-files', `${form}.json`), 'utf8')) as {
      schema: { properties: { email: { errorMessage: { pattern: string } } } };
    }
  ).schema;
/** The form's message for an e-mail that does not match its pattern. */
const patternMessage = (form: string) => formSchema(form).properties.email.errorMessage.pattern;

const storedCount = async () =>
  (await one<{ n: number }>(
    app.ctx.db.query,
    sql`SELECT CAST((SELECT count(*) FROM form_submissions) + (SELECT count(*) FROM orders) + (SELECT count(*) FROM access_keys WHERE status = 'used') AS INTEGER) AS n`,
  ))!.n;

describe('hostile e-mail addresses', () => {
  it('refuses a 1 MiB one on the contact form, a billing and a key activation in milliseconds, while content reads go on', async () => {
    const hostile = `a@${'.'.repeat(MiB)}@`;
    const before = await storedCount();
    const reads = Array.from({ length: 30 }, async (_, i) => {
      await new Promise((done) => setTimeout(done, i * 5));
      return timed('/api/v1/faqs');
    });
    const posts = postsWith(hostile).map(async ({ name, path, body }) => ({ name, ...(await post(path, body)) }));
    const [refused, served] = await Promise.all([Promise.all(posts), Promise.all(reads)]);

    for (const answer of refused) {
      expect(answer.status, `${answer.name}: ${answer.text.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, answer.name).toBeLessThan(500);
      expect(JSON.parse(answer.text), answer.name).toEqual({ message: expect.any(String) });
      expect(answer.ms, `${answer.name} took ${Math.round(answer.ms)} ms`).toBeLessThan(FAST_MS);
    }
    for (const answer of served) {
      expect(answer.status).toBe(200);
      expect(answer.ms, `a content read took ${Math.round(answer.ms)} ms`).toBeLessThan(FAST_MS);
    }
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['dots between two @', `a@${'.'.repeat(250)}@`],
    ['dotted labels ending in @', `a@${'a.'.repeat(125)}@`],
    ['a domain of dots and a space', `a@a${'.'.repeat(240)} `],
    ['@ then dots, no end', `${'a'.repeat(120)}@${'.'.repeat(120)}`],
  ])('refuses one within the field’s 254 characters (%s) with the form’s message, in milliseconds', async (_, hostile) => {
    expect(hostile.length).toBeLessThanOrEqual(254);
    const before = await storedCount();
    for (const { name, path, form, body } of postsWith(hostile)) {
      const answer = await post(path, body);
      expect(answer.status, `${name}: ${answer.text.slice(0, 160)}`).toBe(422);
      const { errors } = JSON.parse(answer.text) as { errors: Record<string, string[]> };
      expect(errors.email, name).toContain(patternMessage(form));
      expect(answer.ms, `${name} took ${Math.round(answer.ms)} ms`).toBeLessThan(FAST_MS);
    }
    expect(await storedCount()).toBe(before);
  });

  it('refuses one as long as the body limit lets through (past maxLength, so the pattern meets all of it) in milliseconds', async () => {
    const before = await storedCount();
    for (const { name, path, form, body } of postsWith('')) {
      // The address is in the body twice (contact: data and its fields; billing: email and confirm_email), once in an activation.
      const copies = form === 'key-assignment' ? 1 : 2;
      const limit =
        form === 'key-assignment'
          ? Math.max(formBodyLimit(formSchema('key-assignment')), formBodyLimit(formSchema('member-card')))
          : formBodyLimit(formSchema(form));
      const length = Math.floor((limit - JSON.stringify(body).length - 256) / copies);
      expect(length, name).toBeGreaterThan(10_000);
      const hostile = `a@${'.'.repeat(length - 3)}@`;
      const answer = await post(path, postsWith(hostile).find((p) => p.name === name)!.body);
      expect(answer.status, `${name}: ${answer.text.slice(0, 160)}`).toBe(422);
      expect((JSON.parse(answer.text) as { errors: Record<string, string[]> }).errors.email, name).toBeDefined();
      expect(answer.ms, `${name} took ${Math.round(answer.ms)} ms`).toBeLessThan(FAST_MS);
    }
    expect(await storedCount()).toBe(before);
  });
});
