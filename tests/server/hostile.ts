/**
 * The server's POST routes as a hostile client sees them (tests/server/hostile-*.test.ts): each route with a
 * valid value and how its client sends it, and the value paths a property test rewrites.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, Response as InjectResponse } from 'light-my-request';
import { afterAll, beforeAll } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { DEMO, DEMO_KEY_ORDERS } from '../../server/seed';
import { NOTIFICATIONS_PATH } from '../../server/shop/provider';
import { SIGNATURE_HEADER } from '../../server/shop/signature';
import { CV_PDF, multipartBody } from './files';
import { one, sql, type Db } from '../../server/db';
import { nextClientAddress, signedNotification, startServer, VALID_BILLINGS } from './helpers';
import { keyActivation, submission, VALID_SUBMISSIONS } from './requests';

const ROOT = resolve(__dirname, '../..');

type Json = Record<string, unknown>;
const isJsonObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The form files (forms/*.json as generated: fragments resolved) by form-emails key and by file name. */
function formFile(name: string): { schema: { required?: string[] } } {
  const dir = join(ROOT, 'src/generated/form-files');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  const forms = files.map((f) => ({ name: f.slice(0, -5), json: JSON.parse(readFileSync(join(dir, f), 'utf8')) as Json }));
  const found =
    forms.find((f) => (f.json.flow as Json | undefined)?.target === `form-emails/${name}`) ?? forms.find((f) => f.name === name);
  if (!found) throw new Error(`no form file for ${name}`);
  return found.json as { schema: { required?: string[] } };
}

/** Paths ('a', 'products.0.amount') of `value`'s leaves a client may leave out: not required by the form. */
const optionalFields = (value: Json, form: string, also: string[] = []) => {
  const required = formFile(form).schema.required ?? [];
  return [...Object.keys(value).filter((k) => !required.includes(k) && !isJsonObject(value[k]) && !Array.isArray(value[k])), ...also];
};

/** The cart line's fields that have a default when left out or null (server/shop/checkout.ts). */
const OPTIONAL_LINE_FIELDS = ['discount', 'member', 'promo_id', 'promo_code', 'name', 'description'].map((f) => `products.0.${f}`);

/**
 * One POST route of the server in demo mode, as a hostile client sees it: a valid value, how the
 * route's client sends a value (form-emails: key and data as JSON text, or multipart with a CV;
 * notifications: signed; payment requests: with the order's token), and what a success may write.
 */
export interface PostTarget {
  /** The route as Fastify lists it (printRoutes). */
  route: string;
  name: string;
  /** The value a client sends: a form's data, a billing body, a code check, a notification... */
  valid: Json;
  /** The answer to `valid`. */
  okStatus: number;
  /** Paths of `valid` that may be left out or null (optional fields, defaults). */
  optional: string[];
  /** Sends `value` as the route's client does; `rewrite` may edit the JSON text of the value before it is sent (or signed). */
  request(value: unknown, rewrite?: Rewrite): Promise<InjectOptions>;
  /** Sends raw bytes with a content type (undefined: none) and the route's other headers (token, signature). */
  raw(payload: string | Buffer | undefined, contentType: string | undefined, headers?: Record<string, string>): InjectOptions;
  /** The counts a success may change (every other count stays). */
  writes: StoredCount[];
  /** The counts a refusal may change: a verified notification is recorded whatever its outcome (a retry is then a duplicate). */
  recorded?: StoredCount[];
}

/** An edit of a value's JSON text, for what JSON.stringify cannot write (10,000 nested arrays). */
export type Rewrite = (json: string) => string;
const asIs: Rewrite = (json) => json;

/** A form-emails body as the site's form flow sends it, for any data value. */
const formBody = (key: string, data: unknown) => (isJsonObject(data) ? submission(key, data) : { key, data: JSON.stringify(data) });

/**
 * Every POST route of a demo server, each with a valid value. Creates the pending orders that the
 * payment routes need (one per route), and uses `pairs` (unused demo key pairs) for the activations.
 */
export async function postTargets(
  app: FastifyInstance,
  pairs: { single: { accessKey: string; activationCode: string }; card: { accessKey: string; activationCode: string } },
): Promise<PostTarget[]> {
  const pendingOrder = async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/billing-informations',
      headers: { 'x-forwarded-for': nextClientAddress() },
      payload: VALID_BILLINGS['/api/v1/billing-informations'].body,
    });
    if (response.statusCode !== 201) throw new Error(`billing failed: ${response.statusCode} ${response.body}`);
    return response.json().sandboxpay.payment_request as {
      token: string;
      order_id: number;
      amount: number;
      currency: string;
      description: string;
    };
  };
  const json = (url: string, headers: Record<string, string> = {}) => ({
    request: async (value: unknown, rewrite = asIs): Promise<InjectOptions> => ({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json', ...headers },
      payload: rewrite(JSON.stringify(value)),
    }),
    raw: (payload: string | Buffer | undefined, contentType: string | undefined, extra: Record<string, string> = {}): InjectOptions => ({
      method: 'POST',
      url,
      headers: { ...headers, ...(contentType ? { 'content-type': contentType } : {}), ...extra },
      payload,
    }),
  });
  const targets: PostTarget[] = [];

  for (const [key, data] of Object.entries(VALID_SUBMISSIONS)) {
    const url = `/api/v1/form-emails/${key}`;
    const send = json(url);
    const withFile = formFile(key).schema.required?.includes('file') === true;
    const optional = optionalFields(data, key);
    targets.push({
      route: url,
      name: `${url} (JSON)`,
      valid: data,
      okStatus: withFile ? 422 : 201,
      optional,
      writes: ['form_submissions', 'outbox'],
      ...send,
      request: (value, rewrite) => send.request(formBody(key, value), rewrite),
    });
    if (withFile) {
      targets.push({
        route: url,
        name: `${url} (multipart)`,
        valid: data,
        okStatus: 201,
        optional,
        writes: ['form_submissions', 'submission_files', 'outbox'],
        raw: send.raw,
        request: async (value, rewrite = asIs) => ({
          method: 'POST',
          url,
          ...(await multipartBody({
            key,
            data: rewrite(JSON.stringify(value)),
            file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
          })),
        }),
      });
    }
  }
  const unknownForm = json('/api/v1/form-emails/no-such-form');
  targets.push({
    route: '/api/v1/form-emails/:key',
    name: '/api/v1/form-emails/no-such-form',
    valid: VALID_SUBMISSIONS['contact-us'],
    okStatus: 404,
    optional: [],
    writes: [],
    ...unknownForm,
    request: (value, rewrite) => unknownForm.request(formBody('no-such-form', value), rewrite),
  });

  for (const [url, { form, body }] of Object.entries(VALID_BILLINGS)) {
    targets.push({
      route: url,
      name: url,
      valid: body,
      okStatus: 201,
      optional: optionalFields(body, form, OPTIONAL_LINE_FIELDS),
      writes: ['orders', 'pending_orders'],
      ...json(url),
    });
  }
  const keys = '/api/v1/key-assignments';
  targets.push({
    route: keys,
    name: `${keys} (single form)`,
    valid: keyActivation(pairs.single),
    okStatus: 200,
    optional: [],
    writes: ['used_keys'],
    ...json(keys),
  });
  targets.push({
    route: keys,
    name: `${keys} (member card)`,
    valid: keyActivation(pairs.card, 'card'),
    okStatus: 200,
    optional: [],
    writes: ['used_keys'],
    ...json(keys),
  });

  const checks: Array<[string, Json]> = [
    ['/api/v1/promos/check/code', { code: DEMO.promoCodes.valid }],
    ['/api/v1/promotion-shop-plans/check/code', { reseller_id: DEMO.promotion.id, code: DEMO.promotion.code }],
    ['/api/v1/promotions/check/slug', { slug: DEMO.promotion.slug }],
  ];
  for (const [url, valid] of checks) targets.push({ route: url, name: url, valid, okStatus: 200, optional: [], writes: [], ...json(url) });

  const paid = await pendingOrder();
  const notifications = {
    request: async (value: unknown, rewrite = asIs) => signedNotification(app, rewrite(JSON.stringify(value))),
    raw: (payload: string | Buffer | undefined, contentType: string | undefined, extra: Record<string, string> = {}): InjectOptions => {
      const signed = signedNotification(app, payload ?? '');
      return {
        ...signed,
        payload,
        headers: {
          [SIGNATURE_HEADER]: signed.headers![SIGNATURE_HEADER] as string,
          ...(contentType ? { 'content-type': contentType } : {}),
          ...extra,
        },
      };
    },
  };
  targets.push({
    route: NOTIFICATIONS_PATH,
    name: `${NOTIFICATIONS_PATH} (signed)`,
    valid: {
      id: `evt_hostile_${paid.order_id}`,
      type: 'payment.succeeded',
      order_id: paid.order_id,
      amount: paid.amount,
      currency: paid.currency,
    },
    okStatus: 200,
    optional: [],
    writes: ['payment_notifications', 'pending_orders', 'access_keys', 'outbox'],
    recorded: ['payment_notifications'],
    ...notifications,
  });

  const requested = await pendingOrder();
  // The description is not checked against the order: left out, as the other texts the server ignores.
  const { token: _token, description: _description, ...request } = requested;
  const paymentRequests = '/api/v1/sandbox-pay/payment-requests';
  // Every field of a payment request is a cross-check against the order named by the token: absent, it checks nothing.
  targets.push({
    route: paymentRequests,
    name: paymentRequests,
    valid: { ...request, token: requested.token },
    okStatus: 200,
    optional: ['token', 'order_id', 'amount', 'currency'],
    writes: [],
    ...json(paymentRequests, { authorization: `Basic ${requested.token}` }),
  });

  // The sandbox's Pay and Cancel read no body (the buttons post an empty form): what a client
  // controls is the token, so the hostile requests go to a token that names no order (a 404 page).
  for (const action of ['pay', 'cancel'] as const) {
    const send = json(`/sandbox-pay/checkout/no-such-token/${action}`);
    targets.push({
      route: `/sandbox-pay/checkout/:token/${action}`,
      name: `/sandbox-pay/checkout/no-such-token/${action}`,
      valid: {},
      okStatus: 404,
      optional: [],
      writes: [],
      ...send,
    });
  }
  return targets;
}

/** The names postTargets gives the routes. */
export const POST_TARGET_NAMES = [
  '/api/v1/form-emails/contact-us (JSON)',
  '/api/v1/form-emails/quote (JSON)',
  '/api/v1/form-emails/partner (JSON)',
  '/api/v1/form-emails/apply-now (JSON)',
  '/api/v1/form-emails/apply-now (multipart)',
  '/api/v1/form-emails/alarm-center-referral (JSON)',
  '/api/v1/form-emails/customer-service-steerage (JSON)',
  '/api/v1/form-emails/no-such-form',
  '/api/v1/billing-informations',
  '/api/v1/promotion-billing-informations',
  '/api/v1/merchant-billing-informations',
  '/api/v1/reseller-billing-informations',
  '/api/v1/key-assignments (single form)',
  '/api/v1/key-assignments (member card)',
  '/api/v1/promos/check/code',
  '/api/v1/promotion-shop-plans/check/code',
  '/api/v1/promotions/check/slug',
  '/api/v1/payments/notifications (signed)',
  '/api/v1/sandbox-pay/payment-requests',
  '/sandbox-pay/checkout/no-such-token/pay',
  '/sandbox-pay/checkout/no-such-token/cancel',
] as const;

/** The POST routes a server lists (printRoutes), to check that postTargets covers them all. */
export const postRoutesOf = (app: FastifyInstance) =>
  app
    .printRoutes({ method: 'POST', commonPrefix: false })
    .split('\n')
    .map((line) => /(\/\S*) \(POST\)/.exec(line)?.[1])
    .filter((route): route is string => route !== undefined);

/** What a POST may write: the rows of each table, and the states a request may change. */
const STORED_COUNTS = {
  form_submissions: sql`SELECT count(*) FROM form_submissions`,
  submission_files: sql`SELECT count(*) FROM submission_files`,
  orders: sql`SELECT count(*) FROM orders`,
  pending_orders: sql`SELECT count(*) FROM orders WHERE status = 'pending'`,
  access_keys: sql`SELECT count(*) FROM access_keys`,
  used_keys: sql`SELECT count(*) FROM access_keys WHERE status = 'used'`,
  payment_notifications: sql`SELECT count(*) FROM payment_notifications`,
  outbox: sql`SELECT count(*) FROM outbox`,
} as const;
export type StoredCount = keyof typeof STORED_COUNTS;

/** The counts, read together in one query (one moment of the database). */
async function storedCounts(db: Db): Promise<Record<StoredCount, number>> {
  const names = Object.keys(STORED_COUNTS) as StoredCount[];
  const columns = sql.join(names.map((name) => sql`CAST((${STORED_COUNTS[name]}) AS INTEGER) AS ${sql.ref(name)}`));
  const row = (await one<Record<StoredCount, number>>(db.query, sql`SELECT ${columns}`))!;
  return Object.fromEntries(names.map((name) => [name, Number(row[name])])) as Record<StoredCount, number>;
}

/** The counts that differ (name -> after - before); {} when nothing was written. */
function storedChanges(before: Record<StoredCount, number>, after: Record<StoredCount, number>): Partial<Record<StoredCount, number>> {
  return Object.fromEntries(
    (Object.keys(before) as StoredCount[]).filter((k) => after[k] !== before[k]).map((k) => [k, after[k] - before[k]]),
  );
}

/** Sends a request from a new client address (see nextClientAddress); the answer and what it wrote. */
export async function sendFromNewClient(app: FastifyInstance, options: InjectOptions) {
  const before = await storedCounts(app.ctx.db);
  const response = await app.inject({ ...options, headers: { ...options.headers, 'x-forwarded-for': nextClientAddress() } });
  return { response, written: storedChanges(before, await storedCounts(app.ctx.db)) };
}

/**
 * What is wrong with an answer to bad input, '' when it is a proper refusal: a 4xx with a JSON
 * { message } (and, for form data, errors whose first message is the message), nothing written
 * but the `recorded` counts. `page`: the sandbox's HTML 'Payment not found' page is a refusal too.
 */
export function refusalProblem(
  response: InjectResponse,
  written: Partial<Record<StoredCount, number>>,
  options: { page?: boolean; recorded?: readonly string[] } = {},
): string {
  if (Object.keys(written).some((count) => !options.recorded?.includes(count)))
    return `${response.statusCode}, wrote ${JSON.stringify(written)}`;
  if (response.statusCode < 400 || response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 160)}`;
  if (options.page && response.statusCode === 404 && String(response.headers['content-type']).startsWith('text/html')) return '';
  if (!String(response.headers['content-type']).startsWith('application/json'))
    return `${response.statusCode} content-type ${response.headers['content-type']}`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `${response.statusCode} not JSON: ${response.body.slice(0, 80)}`;
  }
  if (!isJsonObject(body) || typeof body.message !== 'string' || body.message === '')
    return `${response.statusCode} without a message: ${response.body.slice(0, 160)}`;
  if (body.errors !== undefined) {
    const lists = isJsonObject(body.errors) ? Object.values(body.errors) : [];
    if (lists.length === 0 || !lists.every((l) => Array.isArray(l) && l.length > 0 && l.every((m) => typeof m === 'string')))
      return `${response.statusCode} malformed errors: ${response.body.slice(0, 160)}`;
    if (body.message !== (lists[0] as string[])[0])
      return `${response.statusCode} message is not the first error: ${response.body.slice(0, 160)}`;
  }
  return '';
}

/** A path into a JSON value: member names and array indexes. */
export type Path = Array<string | number>;

/** The paths of a value's leaves: its members, and the members of an array's single object (products.0.amount). */
export function valuePaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.length === 1 && isJsonObject(value[0]) ? valuePaths(value[0], [...path, 0]) : [path];
  if (isJsonObject(value) && path.length < 3) return Object.keys(value).flatMap((key) => valuePaths(value[key], [...path, key]));
  return [path];
}

/** Put for a leaf by withValueAt: the member is removed. */
export const REMOVE = Symbol('remove');

/** A copy of `value` with the leaf at `path` replaced (or removed). */
export function withValueAt(value: Json, path: Path, leaf: unknown): Json {
  const copy = structuredClone(value);
  let node = copy as Record<string | number, unknown>;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  const last = path[path.length - 1];
  if (leaf === REMOVE) delete node[last];
  else node[last] = leaf;
  return copy;
}

/**
 * A demo server for a hostile-input test file (schemas generated first, the clock given): every
 * limit lifted for a request from its own client address (trustProxy; sendFromNewClient), the form
 * limit and the site-wide limit of code checks high. `targets(pair)` makes its POST targets, activating the demo key pairs numbered `pair`.
 */
export function useHostileServer(now: () => Date) {
  const server = {} as { app: FastifyInstance; targets: (pair: number) => Promise<PostTarget[]> };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    await generate(ROOT);
    const started = await startServer({
      now,
      formRateLimit: 100_000,
      formFileRateLimit: 100_000,
      promoCheckLimit: 100_000,
      trustProxy: '127.0.0.1',
    });
    server.app = started.app;
    cleanup = started.cleanup;
    const [individual, family] = DEMO_KEY_ORDERS;
    server.targets = (pair) => postTargets(started.app, { single: individual.keys[pair], card: family.keys[pair] });
  });
  afterAll(async () => cleanup?.());
  return server;
}
