import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import { one, sql } from '../../server/db';
import { VALID_SUBMISSIONS } from './helpers';
import { CV_PDF, multipartBody } from './files';
import {
  POST_TARGET_NAMES,
  postRoutesOf,
  refusalProblem,
  REMOVE,
  sendFromNewClient,
  useHostileServer,
  valuePaths,
  withValueAt,
  type Path,
  type PostTarget,
  type Rewrite,
} from './hostile';

/**
 * Bad input on every POST route of a demo server: wrong types, missing and extra fields, 1 MiB
 * strings, control characters, deep nesting, wrong content types, broken JSON and multipart,
 * empty bodies, arrays and scalars. Each must be refused with a 4xx and a JSON { message } (the
 * form's { message, errors } for form data), never a 5xx, and write nothing to the database.
 * Every request comes from its own client address (trustProxy), so no rate limit hides an answer.
 */

const NOW = new Date('2026-05-20T04:00:00Z');
const MiB = 1024 * 1024;
const ONE_MIB_TEXT = 'x'.repeat(MiB);
const NESTED_ARRAYS = '['.repeat(10_000) + ']'.repeat(10_000);
const NESTED_OBJECTS = '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
const CONTROL_CHARACTERS = ['\u0000', '\u001b', '\u202e'];
/** 8 MiB of spaces in 8 KiB of gzip: past every body limit once inflated. */
const GZIP_BOMB = gzipSync(Buffer.alloc(8 * MiB, 0x20));

type Json = Record<string, unknown>;

const server = useHostileServer(() => NOW);
let app: FastifyInstance;
let targets: PostTarget[];
/** The same routes with other key pairs and orders, for the control characters (an activation they wrongly pass uses its key up). */
let controlTargets: PostTarget[];
beforeAll(async () => {
  app = server.app;
  targets = await server.targets(0);
  controlTargets = await server.targets(1);
});

const TARGETS = POST_TARGET_NAMES;
const target = (name: string, among = targets) => {
  const found = among.find((t) => t.name === name);
  if (!found) throw new Error(`no target ${name}`);
  return found;
};

/** Sends every case and lists the ones not properly refused, with what happened. */
async function refusalsOf(
  cases: Array<[string, InjectOptions | Promise<InjectOptions>]>,
  options: { page?: boolean; recorded?: string[] } = {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const [label, request] of cases) {
    const { response, written } = await sendFromNewClient(app, await request);
    const problem = refusalProblem(response, written, options);
    if (problem !== '') problems.push(`${label}: ${problem}`);
  }
  return problems;
}

/** The value the cases were made from is accepted: the refusals were the bad input's doing. */
async function expectAccepted(t: PostTarget) {
  const { response, written } = await sendFromNewClient(app, await t.request(t.valid));
  expect(response.statusCode, response.body.slice(0, 200)).toBe(t.okStatus);
  expect(Object.keys(written).filter((count) => !(t.writes as string[]).includes(count))).toEqual([]);
}

// --- the cases ------------------------------------------------------------------------------

const getAt = (value: unknown, path: Path) => path.reduce<unknown>((node, step) => (node as Record<string | number, unknown>)[step], value);

/** Values of another JSON type than `value` (booleans: not the other boolean, which is a value, not a type). */
function wrongTypes(value: unknown): unknown[] {
  const kinds: Array<[string, unknown[]]> = [
    ['string', ['12345 as text']],
    ['number', [12345]],
    ['boolean', [true]],
    ['array', [[value]]],
    ['object', [{ value }]],
  ];
  const kind = Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
  return kinds.filter(([k]) => k !== kind).flatMap(([, values]) => values);
}

/** Whether every field may be left out (a payment request's fields are cross-checks of the order its token names): then no body is a valid request. */
const allOptional = (t: PostTarget) => valuePaths(t.valid).every((path) => t.optional.includes(path.join('.')));

/** Numbers out of any field's range: huge, negative, fractional. */
const BAD_NUMBERS = [1e308, -1, 1.5];

/** Stands for 10,000 nested arrays in a value; put in by `nest` once the value is JSON text (JSON.stringify would overflow the stack). */
const NESTED = '<10,000 nested arrays>';
/** Puts NESTED_ARRAYS for the placeholder, as a member and inside JSON text (a form's data). */
const nest: Rewrite = (json) =>
  json.replaceAll(JSON.stringify(JSON.stringify(NESTED)).slice(1, -1), NESTED_ARRAYS).replaceAll(JSON.stringify(NESTED), NESTED_ARRAYS);

/** Each text field with a control character: inside, and at the end (after which a trim would stop). */
function controlCases(t: PostTarget): Array<[string, Promise<InjectOptions>]> {
  const cases: Array<[string, Json]> = [];
  for (const path of valuePaths(t.valid)) {
    const valid = getAt(t.valid, path);
    if (typeof valid !== 'string') continue;
    for (const c of CONTROL_CHARACTERS)
      cases.push([
        `${path.join('.')} with ${JSON.stringify(c)} inside`,
        withValueAt(t.valid, path, `${valid.slice(0, 1)}${c}${valid.slice(1)}`),
      ]);
    cases.push([`${path.join('.')} ending in "\\u0000"`, withValueAt(t.valid, path, `${valid}\u0000`)]);
  }
  return cases.map(([label, value]) => [label, t.request(value)]);
}

/** Field by field: missing, null, other types, 1 MiB, deep nesting, bad numbers, and extra fields. */
function fieldCases(t: PostTarget): Array<[string, Promise<InjectOptions>]> {
  const cases: Array<[string, unknown]> = [];
  for (const path of valuePaths(t.valid)) {
    const name = path.join('.');
    const valid = getAt(t.valid, path);
    const with_ = (label: string, leaf: unknown) => cases.push([`${name} ${label}`, withValueAt(t.valid, path, leaf)]);
    if (!t.optional.includes(name)) {
      with_('missing', REMOVE);
      with_('null', null);
    }
    for (const wrong of wrongTypes(valid)) with_(`as ${JSON.stringify(wrong)}`, wrong);
    if (typeof valid === 'string') with_('of 1 MiB', ONE_MIB_TEXT);
    if (typeof valid === 'number') for (const n of BAD_NUMBERS) with_(`as ${n}`, n);
    with_('as 10,000 nested arrays', NESTED);
  }
  if (valuePaths(t.valid).length > 0) cases.push(['an extra field', { ...t.valid, unexpected_field: 'x' }]);
  if (Array.isArray(t.valid.products))
    cases.push(['an extra field in the cart line', withValueAt(t.valid, ['products', 0, 'unexpected_field'], 'x')]);
  if (Array.isArray(t.valid.products))
    cases.push([
      'two cart lines',
      withValueAt(t.valid, ['products'], [...(t.valid.products as unknown[]), ...(t.valid.products as unknown[])]),
    ]);
  cases.push(
    ['the value in an array', [t.valid]],
    ['a number', 42],
    ['a text', 'text'],
    ['null', null],
    ['true', true],
    ['an empty array', []],
  );
  if (valuePaths(t.valid).length > 0 && !allOptional(t)) cases.push(['an empty object', {}]);
  return cases.map(([label, value]) => [label, t.request(value, nest)]);
}

/** Bodies that are not the route's JSON: wrong content types, broken or hostile JSON, encodings. */
async function bodyCases(t: PostTarget): Promise<Array<[string, InjectOptions]>> {
  const wire = (await t.request(t.valid)).payload as string | Buffer;
  const text = Buffer.isBuffer(wire) ? wire.toString('latin1') : wire;
  const form = await multipartBody({ key: 'contact-us', data: JSON.stringify(VALID_SUBMISSIONS['contact-us']) });
  const json = 'application/json';
  return [
    ...(allOptional(t) ? [] : [['no body and no content type', t.raw(undefined, undefined)] as [string, InjectOptions]]),
    ['an empty JSON body', t.raw('', json)],
    ['an empty text/plain body', t.raw('', 'text/plain')],
    ['the valid body as text/plain', t.raw(text, 'text/plain')],
    ['the valid body as application/xml', t.raw(text, 'application/xml')],
    ['an XML document', t.raw('<?xml version="1.0"?><billing><email>a@b.c</email></billing>', 'application/xml')],
    ['the valid body without a content type', t.raw(text, undefined)],
    ['the valid body as application/x-www-form-urlencoded', t.raw(text, 'application/x-www-form-urlencoded')],
    ['invalid JSON', t.raw('{"key": ', json)],
    ['the valid body cut in half', t.raw(text.slice(0, Math.floor(text.length / 2)), json)],
    ['JSON with a trailing comma', t.raw('{"a": 1,}', json)],
    ['the JSON array [body]', t.raw(`[${text}]`, json)],
    ['the scalar 42', t.raw('42', json)],
    ['the scalar "text"', t.raw('"text"', json)],
    ['the scalar null', t.raw('null', json)],
    ['the scalar true', t.raw('true', json)],
    ['10,000 nested arrays', t.raw(NESTED_ARRAYS, json)],
    ['10,000 nested objects', t.raw(NESTED_OBJECTS, json)],
    ['a __proto__ member', t.raw('{"__proto__": {"polluted": true}}', json)],
    ['a constructor.prototype member', t.raw('{"constructor": {"prototype": {"polluted": true}}}', json)],
    ['a 1 MiB JSON string', t.raw(JSON.stringify(ONE_MIB_TEXT), json)],
    ['1 MiB of bytes that are not JSON', t.raw(Buffer.alloc(MiB, 0x41), json)],
    ['invalid UTF-8', t.raw(Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]), json)],
    ['JSON in UTF-16', t.raw(Buffer.from(text, 'utf16le'), 'application/json; charset=utf-16')],
    ['multipart without a boundary', t.raw('--x\r\n', 'multipart/form-data')],
    ['a truncated multipart body', t.raw(form.payload.subarray(0, Math.floor(form.payload.length / 2)), form.headers['content-type'])],
    ['a multipart body with another boundary', t.raw(form.payload, 'multipart/form-data; boundary=not-the-boundary')],
    ['a gzip bomb (8 MiB inflated)', t.raw(GZIP_BOMB, json, { 'content-encoding': 'gzip' })],
    ['a body that is not gzip', t.raw('not gzip at all', json, { 'content-encoding': 'gzip' })],
    ['an unknown content encoding', t.raw(text, json, { 'content-encoding': 'zstd' })],
  ];
}

// --- the tests ------------------------------------------------------------------------------

describe('bad input on every POST route', () => {
  it('covers every POST route the demo server has', () => {
    const routes = postRoutesOf(app);
    expect(routes.length).toBeGreaterThan(10);
    expect(new Set(targets.map((t) => t.route))).toEqual(new Set(routes));
    expect(new Set(TARGETS)).toEqual(new Set(targets.map((t) => t.name)));
  });

  // SERVER BUG: five routes fail this test.
  // - promos/check/code, promotion-shop-plans/check/code, promotions/check/slug: an extra member
  //   ({ "code": "WELCOME10", "unexpected_field": "x" }) is ignored: 200 with the promo, plan or promotion.
  // - payments/notifications: a verified notification refused for what it says (here amount 1.5:
  //   422 mismatch; also 404 unknown order, 409 expired) answers { received, outcome } without a message.
  // - sandbox-pay/payment-requests (with the order's token): a body that is not a JSON object (an
  //   array, a number, a text, null, true; text/plain, form-urlencoded or invalid UTF-8 bodies) is
  //   taken as an empty one: 200; an extra member is ignored; order_id [4] and amount [1678.88]
  //   pass the cross-check (Number([x]) === x): 200.
  it.each(TARGETS)(
    '%s: refuses every bad field and body with a 4xx and { message }, writes nothing, and still takes the valid value',
    async (name) => {
      const t = target(name);
      const page = name.startsWith('/sandbox-pay/');
      const cases = [...fieldCases(t), ...(await bodyCases(t))];
      expect(cases.length).toBeGreaterThan(page ? 25 : 40);
      expect(await refusalsOf(cases, { page, recorded: t.recorded })).toEqual([]);
      await expectAccepted(t);
    },
  );

  // SERVER BUG: U+202E (right-to-left override) is taken in every free-text field of every form
  // (names, addresses, e-mail addresses, messages, the merchant and reseller phone numbers) and
  // stored: the forms' `x-text` rule refuses C0 and C1 controls only. An activation with it in the
  // name activates the key. And the billing cart line's name and description take any control
  // character (the server ignores those texts, but stores the order).
  it('refuses control characters (\\u0000, \\u001b, \\u202e) in every text field of every route', async () => {
    const problems: string[] = [];
    for (const name of TARGETS) {
      const t = target(name, controlTargets);
      const cases = controlCases(t);
      for (const problem of await refusalsOf(cases, { page: name.startsWith('/sandbox-pay/'), recorded: t.recorded }))
        problems.push(`${name}: ${problem}`);
    }
    expect(problems).toEqual([]);
  });
});

describe('form-emails: the envelope and the multipart body', () => {
  const key = 'contact-us';
  const data = JSON.stringify(VALID_SUBMISSIONS[key]);
  const json = (payload: unknown): InjectOptions => ({ method: 'POST', url: `/api/v1/form-emails/${key}`, payload: payload as Json });

  it('refuses a body whose key or data is wrong or missing', async () => {
    const problems = await refusalsOf([
      ['no key', json({ data })],
      ['the key of another form', json({ key: 'quote', data })],
      ['key as a number', json({ key: 1, data })],
      ['no data', json({ key })],
      ['data as an object, not JSON text', json({ key, data: VALID_SUBMISSIONS[key] })],
      ['data that is not JSON', json({ key, data: '{"firstName": ' })],
      ['data of 10,000 nested arrays', json({ key, data: NESTED_ARRAYS })],
      ['data with a __proto__ member', json({ key, data: '{"__proto__": {"polluted": true}}' })],
      ['data of 1 MiB', json({ key, data: JSON.stringify({ ...VALID_SUBMISSIONS[key], message: ONE_MIB_TEXT }) })],
    ]);
    expect(problems).toEqual([]);
  });

  it('refuses broken and hostile multipart bodies of the apply-now form', async () => {
    const url = '/api/v1/form-emails/apply-now';
    const applyData = JSON.stringify(VALID_SUBMISSIONS['apply-now']);
    const valid = await multipartBody({
      key: 'apply-now',
      data: applyData,
      file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
    });
    const as = (body: { payload: Buffer; headers: Record<string, string> }): InjectOptions => ({ method: 'POST', url, ...body });
    const cut = (bytes: number) => as({ payload: valid.payload.subarray(0, bytes), headers: valid.headers });
    const cases: Array<[string, InjectOptions | Promise<InjectOptions>]> = [
      ...[0.1, 0.25, 0.5, 0.75, 0.95].map((share): [string, InjectOptions] => [
        `cut at ${share * 100} %`,
        cut(Math.floor(valid.payload.length * share)),
      ]),
      ['without its closing boundary', cut(valid.payload.lastIndexOf('--') - 2)],
      [
        'with another boundary in the header',
        as({ payload: valid.payload, headers: { 'content-type': 'multipart/form-data; boundary=not-it' } }),
      ],
      ['without a boundary', as({ payload: valid.payload, headers: { 'content-type': 'multipart/form-data' } })],
      ['no file', multipartBody({ key: 'apply-now', data: applyData }).then(as)],
      ['no data', multipartBody({ key: 'apply-now', file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF } }).then(as)],
      [
        'data that is not JSON',
        multipartBody({ key: 'apply-now', data: '{"name": ', file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF } }).then(
          as,
        ),
      ],
      [
        'data of 1 MiB',
        multipartBody({
          key: 'apply-now',
          data: JSON.stringify({ ...VALID_SUBMISSIONS['apply-now'], name: ONE_MIB_TEXT }),
          file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
        }).then(as),
      ],
      [
        'a file that is not a PDF',
        multipartBody({
          key: 'apply-now',
          data: applyData,
          file: { filename: 'cv.pdf', type: 'application/pdf', content: Buffer.from('MZ not a pdf') },
        }).then(as),
      ],
      [
        'a file over the form’s 5 MB',
        multipartBody({
          key: 'apply-now',
          data: applyData,
          file: { filename: 'cv.pdf', type: 'application/pdf', content: Buffer.concat([CV_PDF, Buffer.alloc(6 * MiB)]) },
        }).then(as),
      ],
      [
        'two files',
        multipartBody({
          key: 'apply-now',
          data: applyData,
          file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
          other: { filename: 'b.pdf', type: 'application/pdf', content: CV_PDF },
        }).then(as),
      ],
      [
        'too many fields',
        multipartBody({
          key: 'apply-now',
          data: applyData,
          a: '1',
          b: '2',
          c: '3',
          d: '4',
          file: { filename: 'cv.pdf', type: 'application/pdf', content: CV_PDF },
        }).then(as),
      ],
      [
        'a file name of control characters only',
        multipartBody({
          key: 'apply-now',
          data: applyData,
          file: { filename: '\u0000\u001b\u202e', type: 'application/pdf', content: CV_PDF },
        }).then(as),
      ],
    ];
    expect(await refusalsOf(cases)).toEqual([]);
  });

  it('stores a file name without its control characters', async () => {
    const body = await multipartBody({
      key: 'apply-now',
      data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
      file: { filename: 'c\u0000v\u001b\u202e.pdf', type: 'application/pdf', content: CV_PDF },
    });
    const { response } = await sendFromNewClient(app, { method: 'POST', url: '/api/v1/form-emails/apply-now', ...body });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data as { id: number };
    const file = (await one<{ filename: string }>(
      app.ctx.db.query,
      sql`SELECT filename FROM submission_files WHERE submission_id = ${id}`,
    ))!;
    expect(file.filename).toBe('cv.pdf');
    const stored = (await one<{ data: string }>(app.ctx.db.query, sql`SELECT data FROM form_submissions WHERE id = ${id}`))!;
    expect(JSON.parse(stored.data).file).toBe('cv.pdf');
  });

  // SERVER BUG: a gzip-encoded multipart body over 16 KiB is never answered. @fastify/compress
  // inflates the body for the content-type parser, but @fastify/multipart reads the raw request
  // stream itself; the unread inflate stream fills and pauses the request, and the request hangs
  // until the socket times out (65 s on a real server), holding the connection.
  it('answers a gzip-encoded multipart body (over 16 KiB) at once', async () => {
    const body = await multipartBody({
      key: 'apply-now',
      data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
      file: { filename: 'cv.pdf', type: 'application/pdf', content: Buffer.concat([CV_PDF, Buffer.alloc(20 * MiB, 0x20)]) },
    });
    const payload = gzipSync(body.payload);
    expect(payload.length).toBeGreaterThan(16 * 1024);
    const deadline = new Promise<'no answer'>((done) => setTimeout(() => done('no answer'), 3_000).unref());
    const answer = await Promise.race([
      sendFromNewClient(app, {
        method: 'POST',
        url: '/api/v1/form-emails/apply-now',
        payload,
        headers: { ...body.headers, 'content-encoding': 'gzip' },
      }),
      deadline,
    ]);
    expect(answer, 'no answer within 3 s').not.toBe('no answer');
    if (answer !== 'no answer') expect(refusalProblem(answer.response, answer.written)).toBe('');
  });
});

describe('the sandbox pages and the provider API', () => {
  const pending = async () => {
    const { response } = await sendFromNewClient(app, {
      method: 'POST',
      url: '/api/v1/billing-informations',
      payload: target('/api/v1/billing-informations').valid,
    });
    expect(response.statusCode).toBe(201);
    return response.json().sandboxpay.payment_request as { token: string; order_id: number };
  };
  const status = async (orderId: number) =>
    (await one<{ status: string }>(app.ctx.db.query, sql`SELECT status FROM orders WHERE id = ${orderId}`))?.status;

  it.each(['pay', 'cancel'])('%s: refuses hostile tokens and unreadable bodies; the order stays pending', async (action) => {
    const { token, order_id } = await pending();
    const at = (path: string, payload?: string | Buffer, contentType?: string): InjectOptions => ({
      method: 'POST',
      url: `/sandbox-pay/checkout/${path}/${action}`,
      payload,
      headers: contentType ? { 'content-type': contentType } : {},
    });
    const problems = await refusalsOf(
      [
        ['a token of 200 characters', at('t'.repeat(200))],
        ['a token of 1 MiB', at(ONE_MIB_TEXT)],
        ['a token of control characters', at('%00%1B%E2%80%AE')],
        ['a token with broken percent-encoding', at('%E2%80')],
        ['a token with a path', at('..%2F..%2Fapi%2Fv1%2Fhealth')],
        ['the token with a control character', at(`${token}%00`)],
        ['the token in lower case', at(token.toLowerCase() === token ? token.toUpperCase() : token.toLowerCase())],
        ['invalid JSON', at(token, '{"a": ', 'application/json')],
        ['an XML body', at(token, '<a/>', 'application/xml')],
        ['a multipart body', at(token, '--x\r\n', 'multipart/form-data; boundary=x')],
        ['a form body of 1 MiB', at(token, `a=${ONE_MIB_TEXT}`, 'application/x-www-form-urlencoded')],
        ['a JSON body of 1 MiB', at(token, JSON.stringify({ a: ONE_MIB_TEXT }), 'application/json')],
        [
          'a gzip bomb',
          {
            ...at(token, GZIP_BOMB, 'application/x-www-form-urlencoded'),
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
          },
        ],
      ],
      { page: true },
    );
    expect(problems).toEqual([]);
    expect(await status(order_id)).toBe('pending');
    // The button's own empty form post still works.
    const { response } = await sendFromNewClient(app, at(token, '', 'application/x-www-form-urlencoded'));
    expect(response.statusCode).toBe(303);
    expect(await status(order_id)).toBe(action === 'pay' ? 'paid' : 'cancelled');
  });

  it('refuses a payment request without a valid token, whatever its body', async () => {
    const { token, order_id } = await pending();
    const url = '/api/v1/sandbox-pay/payment-requests';
    const body = JSON.stringify({ token, order_id });
    const with_ = (authorization: string | undefined, payload = body): InjectOptions => ({
      method: 'POST',
      url,
      payload,
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    });
    const problems = await refusalsOf([
      ['no Authorization header (the token only in the JSON body)', with_(undefined)],
      ['Bearer instead of Basic', with_(`Bearer ${token}`)],
      ['Basic without a token', with_('Basic ')],
      ['Basic with another token', with_(`Basic ${'A'.repeat(43)}`)],
      ['Basic with a token of 1 MiB', with_(`Basic ${ONE_MIB_TEXT}`)],
      ['Basic with the token and a control character', with_(`Basic ${token}\u001b`)],
      [
        'a form post with the token field twice',
        { method: 'POST', url, payload: `token=${token}&token=other`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ],
      [
        'a form post with a token of 1 MiB',
        { method: 'POST', url, payload: `token=${ONE_MIB_TEXT}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      ],
    ]);
    expect(problems).toEqual([]);
  });
});

describe('payment notifications', () => {
  it('refuses unsigned bad input with 401 before reading it', async () => {
    const t = target('/api/v1/payments/notifications (signed)');
    const cases = (await bodyCases(t)).map(([label, options]): [string, InjectOptions] => {
      const headers = { ...(options.headers as Record<string, string>) };
      delete headers['x-payment-signature'];
      return [`unsigned: ${label}`, { ...options, headers }];
    });
    const problems: string[] = [];
    for (const [label, options] of cases) {
      const { response, written } = await sendFromNewClient(app, options);
      const problem = refusalProblem(response, written);
      // A body too large or undecodable may be refused before the signature is looked at.
      if (problem !== '' || ![400, 401, 413, 415].includes(response.statusCode))
        problems.push(`${label}: ${problem || response.statusCode}`);
    }
    expect(problems).toEqual([]);
  });
});
