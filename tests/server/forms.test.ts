import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, one, sql } from '../../server/db';
import { DEFAULT_FORM_RATE_LIMIT, formRateLimit, RATE_LIMIT_MESSAGE } from '../../server/rate-limit';
import { startServer, submission, VALID_SUBMISSIONS } from './helpers';
import { CV_DOCX } from './files';

const ROOT = path.resolve(__dirname, '../..');
type Json = Record<string, any>;

/** Every form file whose flow.target is form-emails/<key> (as generated: fragments resolved, messages expanded). */
const FORM_FILES = path.join(ROOT, 'src/generated/form-files');
const formFiles = readdirSync(FORM_FILES)
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(path.join(FORM_FILES, f), 'utf8')) as Json);
const targets = new Map(
  formFiles
    .filter((f) => typeof f.flow?.target === 'string' && f.flow.target.startsWith('form-emails/'))
    .map((f) => [f.flow.target.slice(12) as string, f]),
);
const formOf = (key: string) => targets.get(key)!;

const VALID: Record<string, Json> = VALID_SUBMISSIONS;

let app: FastifyInstance;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  await generate(ROOT);
  ({ app, cleanup } = await startServer({ formRateLimit: 1000, formFileRateLimit: 1000 }));
});
afterAll(async () => cleanup());

const postJson = (key: string, payload: Json, server = app) =>
  server.inject({ method: 'POST', url: `/api/v1/form-emails/${key}`, payload });

type Part = { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer };

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(parts: Part[]) {
  const boundary = '----telmed-test-boundary';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Files as their first bytes make them (the server judges content, not names). */
const withMagic = (magic: Buffer, size: number) => Buffer.concat([magic, Buffer.alloc(Math.max(0, size - magic.length), 0x20)]);
const pdf = (size = 2048) => withMagic(Buffer.from('%PDF-1.7\n'), size);
const doc = (size = 2048) => withMagic(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), size);
function postApplication(options: { data?: Json; file?: { filename: string; type?: string; content: Buffer } | null; key?: string } = {}) {
  const parts: Part[] = [
    { name: 'key', value: options.key ?? 'apply-now' },
    { name: 'data', value: JSON.stringify(options.data ?? VALID['apply-now']) },
  ];
  const file = options.file === undefined ? { filename: 'cv.pdf', content: pdf() } : options.file;
  if (file) parts.push({ name: 'file', filename: file.filename, type: file.type ?? 'application/pdf', content: file.content });
  return app.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', ...multipart(parts) });
}

const row = (id: number) => one<Json>(app.ctx.db.query, sql`SELECT * FROM form_submissions WHERE id = ${id}`);
const filesOf = (id: number) => all<Json>(app.ctx.db.query, sql`SELECT * FROM submission_files WHERE submission_id = ${id} ORDER BY id`);
const count = async () => (await one<{ n: number }>(app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM form_submissions`))!.n;

describe('POST /api/v1/form-emails/:key', () => {
  it('serves exactly the forms whose target is form-emails/<key>', () => {
    expect([...targets.keys()].sort()).toEqual([
      'alarm-center-referral',
      'apply-now',
      'contact-us',
      'customer-service-steerage',
      'partner',
      'quote',
    ]);
  });

  it.each(['contact-us', 'quote', 'partner', 'alarm-center-referral', 'customer-service-steerage'])(
    'stores a valid %s submission before answering 201 with its id',
    async (key) => {
      const response = await postJson(key, submission(key, VALID[key]));
      expect(response.statusCode).toBe(201);
      const { id } = (response.json() as { data: { id: number } }).data;
      expect(id).toBeGreaterThan(0);
      const stored = (await row(id))!;
      expect(stored).toMatchObject({ form_key: key, ip: '127.0.0.1' });
      expect(JSON.parse(stored.data)).toEqual(VALID[key]);
      expect(new Date(stored.created_at).toISOString()).toBe(stored.created_at);
    },
  );

  it.each(['contact-us', 'quote', 'partner', 'apply-now'])(
    'answers 422 with the %s form’s own required messages, field by field',
    async (key) => {
      const form = formOf(key);
      const before = await count();
      const response = key === 'apply-now' ? await postApplication({ data: {}, file: null }) : await postJson(key, submission(key, {}));
      expect(response.statusCode).toBe(422);
      const body = response.json() as { message: string; errors: Record<string, string[]> };
      const required = form.schema.required as string[];
      const expected = Object.fromEntries(
        form.uiSchema['ui:order']
          .filter((f: string) => required.includes(f))
          .map((f: string) => [f, [form.schema.errorMessage.required[f]]]),
      );
      expect(body.errors).toEqual(expected);
      expect(Object.keys(body.errors)).toEqual(Object.keys(expected)); // in the form's order
      expect(body.message).toBe(Object.values(expected)[0][0]);
      expect(await count()).toBe(before);
    },
  );

  it.each(['contact-us', 'quote', 'partner'])('answers 422 with the %s form’s e-mail and phone messages', async (key) => {
    const form = formOf(key);
    const props = form.schema.properties as Json;
    const email = Object.keys(props).find((f) => props[f].errorMessage?.pattern === 'Email must be valid')!;
    const phone = Object.keys(props).find((f) => props[f].errorMessage?.maxLength === 'Up to 11 characters allowed')!;

    let response = await postJson(key, submission(key, { ...VALID[key], [email]: 'maria@example', [phone]: '091712345678' }));
    expect(response.statusCode).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors).toEqual({ [email]: ['Email must be valid'], [phone]: ['Up to 11 characters allowed'] });
    const first = form.uiSchema['ui:order'].indexOf(email) < form.uiSchema['ui:order'].indexOf(phone) ? email : phone;
    expect(Object.keys(body.errors)[0]).toBe(first);
    expect(body.message).toBe(body.errors[first][0]);

    response = await postJson(key, submission(key, { ...VALID[key], [phone]: '0917abc' }));
    expect(response.json()).toEqual({ message: 'Only numbers are allowed', errors: { [phone]: ['Only numbers are allowed'] } });
  });

  it('refuses a field the form does not have, and a data value that is not an object', async () => {
    let response = await postJson('contact-us', submission('contact-us', { ...VALID['contact-us'], admin: true }));
    expect(response.statusCode).toBe(422);
    expect(Object.keys((response.json() as Json).errors)).toEqual(['']);

    response = await postJson('contact-us', { key: 'contact-us', data: '[1,2]' });
    expect(response.statusCode).toBe(422);
    expect((response.json() as Json).errors).toHaveProperty('');
  });

  it('refuses a body whose key is not the route’s, or whose data is not JSON text', async () => {
    const before = await count();
    let response = await postJson('contact-us', submission('quote', VALID['contact-us']));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: "key must be 'contact-us'." });

    response = await postJson('contact-us', { ...VALID['contact-us'], data: JSON.stringify(VALID['contact-us']) });
    expect(response.statusCode).toBe(400);

    response = await postJson('contact-us', { key: 'contact-us', data: '{"firstName": ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'data is not valid JSON.' });

    response = await postJson('contact-us', { key: 'contact-us', data: VALID['contact-us'] });
    expect(response.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('answers 404 with a JSON message for an unknown form, and for a form that sends nothing', async () => {
    for (const key of ['nope', 'callback', 'key-assignments']) {
      const response = await postJson(key, submission(key, {}));
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toEqual({ message: `Unknown form '${key}'.` });
    }
  });
});

describe('job application (multipart)', () => {
  const rules = () => formOf('apply-now').uiSchema.file['ui:options'] as { typeMessage: string; sizeMessage: string; maxBytes: number };

  it('stores the data with the file name, and the file bytes beside it, in one go', async () => {
    const content = Buffer.concat([Buffer.from('%PDF-1.7\n'), pdf(10_000)]);
    const response = await postApplication({ file: { filename: 'Maria CV.pdf', content } });
    expect(response.statusCode).toBe(201);
    const { id } = (response.json() as { data: { id: number } }).data;
    expect(JSON.parse((await row(id))!.data)).toEqual({ ...VALID['apply-now'], file: 'Maria CV.pdf' });
    const files = await filesOf(id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ filename: 'Maria CV.pdf', mime: 'application/pdf', size: content.length });
    expect(Buffer.compare(files[0].content as Buffer, content)).toBe(0);
  });

  it('accepts .docx and .doc, with any letter case, and stores the type their content shows', async () => {
    const cases: Array<[string, Buffer, string]> = [
      ['cv.docx', CV_DOCX, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['CV.DOC', doc(300), 'application/msword'],
      ['Resume.Pdf', pdf(100), 'application/pdf'],
    ];
    for (const [filename, content, mime] of cases) {
      const response = await postApplication({ file: { filename, type: 'application/octet-stream', content } });
      expect(response.statusCode, filename).toBe(201);
      expect((await filesOf(response.json().data.id))[0].mime).toBe(mime);
    }
  });

  it('judges a file by its content: a renamed program or a file of another type is refused', async () => {
    const before = await count();
    const cases: Array<[string, Buffer]> = [
      ['cv.pdf', withMagic(Buffer.from('MZ\x90\x00'), 500)], // a Windows program named .pdf
      ['cv.pdf', withMagic(Buffer.from('<html><script>'), 500)],
      ['cv.docx', withMagic(Buffer.from([0x50, 0x4b, 0x03, 0x04]), 500)], // a ZIP that is no Word document
      ['cv.docx', pdf(500)], // content and name disagree
      ['cv.doc', CV_DOCX],
    ];
    for (const [filename, content] of cases) {
      const response = await postApplication({ file: { filename, type: 'application/pdf', content } });
      expect(response.statusCode, filename).toBe(422);
      expect(response.json().errors).toEqual({ file: [rules().typeMessage] });
    }
    expect(await count()).toBe(before);
  });

  it('strips control and bidi characters from file names', async () => {
    const response = await postApplication({ file: { filename: 'cv\u202Efdp.exe\u0007 copy\u200B.pdf', content: pdf(100) } });
    expect(response.statusCode).toBe(201);
    const { id } = response.json().data;
    expect((await filesOf(id))[0].filename).toBe('cvfdp.exe copy.pdf');
    expect(JSON.parse((await row(id))!.data).file).toBe('cvfdp.exe copy.pdf');
  });

  it('refuses another file type with the form’s message, storing nothing', async () => {
    const before = await count();
    for (const filename of ['cv.txt', 'cv.pdf.exe', 'cv']) {
      const response = await postApplication({ file: { filename, type: 'text/plain', content: pdf(100) } });
      expect(response.statusCode, filename).toBe(422);
      expect(response.json()).toEqual({ message: rules().typeMessage, errors: { file: [rules().typeMessage] } });
    }
    expect(await count()).toBe(before);
  });

  it('cuts off a file over 5 MB and refuses it with the form’s message', async () => {
    expect(rules().maxBytes).toBe(5 * 1024 * 1024);
    const before = await count();
    const response = await postApplication({ file: { filename: 'big.pdf', content: pdf(rules().maxBytes + 1) } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: rules().sizeMessage, errors: { file: [rules().sizeMessage] } });
    expect(await count()).toBe(before);

    const exact = await postApplication({ file: { filename: 'exact.pdf', content: pdf(rules().maxBytes) } });
    expect(exact.statusCode).toBe(201);
  });

  it('requires the file, whatever data says', async () => {
    const response = await postApplication({ data: { ...VALID['apply-now'], file: 'cv.pdf' }, file: null });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'This field is required', errors: { file: ['This field is required'] } });

    const json = await postJson('apply-now', submission('apply-now', { ...VALID['apply-now'], file: 'cv.pdf' }));
    expect(json.statusCode).toBe(422);
    expect((json.json() as Json).errors).toEqual({ file: ['This field is required'] });
  });

  it('reports the data’s errors and the file’s together', async () => {
    const response = await postApplication({
      data: { ...VALID['apply-now'], contactNumber: 'abc' },
      file: {
        filename: 'cv.png',
        type: 'image/png',
        content: withMagic(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), 10),
      },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Only numbers are allowed',
      errors: { contactNumber: ['Only numbers are allowed'], file: [rules().typeMessage] },
    });
  });

  it('refuses a multipart body with another key, and a broken one', async () => {
    expect((await postApplication({ key: 'contact-us' })).statusCode).toBe(400);
    const { payload, headers } = multipart([{ name: 'key', value: 'apply-now' }]);
    const broken = await app.inject({
      method: 'POST',
      url: '/api/v1/form-emails/apply-now',
      headers,
      payload: payload.subarray(0, payload.length - 12),
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: 'The multipart body could not be read.' });
  });
});

describe('GET /api/dev/form-submissions (demo mode)', () => {
  it('lists the latest submissions with their files’ names and sizes, not their bytes', async () => {
    await postApplication({ file: { filename: 'listed.pdf', content: pdf(1234) } });
    const response = await app.inject({ method: 'GET', url: '/api/dev/form-submissions?form=apply-now&limit=1' });
    expect(response.statusCode).toBe(200);
    const [latest] = (response.json() as { data: Json[] }).data;
    expect(latest).toMatchObject({ form_key: 'apply-now', data: { ...VALID['apply-now'], file: 'listed.pdf' } });
    expect(latest.files).toEqual([
      { id: expect.any(Number), filename: 'listed.pdf', mime: 'application/pdf', size: 1234, removed_at: null },
    ]);
  });

  it('does not exist outside demo mode', async () => {
    const production = await startServer({ demo: false });
    try {
      const response = await production.app.inject({ method: 'GET', url: '/api/dev/form-submissions' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    } finally {
      await production.cleanup();
    }
  });
});

describe('rate limit', () => {
  it('is the option (FORM_RATE_LIMIT, read by server/settings.ts) per minute, else 10', () => {
    expect(DEFAULT_FORM_RATE_LIMIT).toBe(10);
    expect(formRateLimit(undefined)).toBe(10);
    expect(formRateLimit(1000)).toBe(1000);
    expect(formRateLimit(3)).toBe(3);
  });

  it('answers 429 with the message and Retry-After past the limit, on the form endpoints only', async () => {
    const limited = await startServer({ formRateLimit: 3 });
    try {
      for (let i = 0; i < 3; i++) {
        const response = await postJson('contact-us', submission('contact-us', i === 1 ? {} : VALID['contact-us']), limited.app);
        expect(response.statusCode).toBe(i === 1 ? 422 : 201);
      }
      const refused = await postJson('contact-us', submission('contact-us', VALID['contact-us']), limited.app);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another form shares the IP's budget; content reads are not limited.
      expect((await postJson('quote', submission('quote', VALID.quote), limited.app)).statusCode).toBe(429);
      for (let i = 0; i < 5; i++) expect((await limited.app.inject({ method: 'GET', url: '/api/v1/faqs' })).statusCode).toBe(200);
    } finally {
      await limited.cleanup();
    }
  });
});
