import { chmodSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, databaseFile, one, openSqliteFile, sql } from '../../server/db';
import { SubmissionStore } from '../../server/forms/store';
import { MailSender, type SenderLog } from '../../server/mail/sender';
import { backupDatabase } from '../../server/ops/backup';
import { exportSubmissions } from '../../server/ops/submissions';
import { smtpTransport } from '../../server/mail/transport';
import { RATE_LIMIT_MESSAGE } from '../../server/rate-limit';
import { UPLOADS_FULL_MESSAGE } from '../../server/routes/forms';
import { dropDatabaseOf, ON_POSTGRES, startServer, submission, tempDir, VALID_SUBMISSIONS } from './helpers';
import { CV_PDF, multipartBody, zipFile } from './files';
import { startSmtp } from './smtp';

const ROOT = resolve(__dirname, '../..');
const APPLY = '/api/v1/form-emails/apply-now';
const TYPE_MESSAGE = 'Only PDF, DOCX or DOC files are allowed';
const DOCX_MIME = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const MiB = 1024 * 1024;

beforeAll(async () => {
  await generate(ROOT);
});

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
    await dropDatabaseOf(dir);
  }
});
const scratch = () => {
  const dir = tempDir('telmed-uploads-');
  dirs.push(dir);
  return dir;
};

const modeOf = (path: string) => statSync(path).mode & 0o777;

const xml = (body: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`);
const CONTENT_TYPES = xml(
  '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/word/document.xml" ContentType="${DOCX_MIME.replace('document', 'document.main+xml')}"/></Types>`,
);
const RELS = xml(
  '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
    '</Relationships>',
);
const paragraph = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;
const DOCUMENT = xml(
  '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>' +
    Array.from({ length: 200 }, (_, i) => paragraph(`Maria Santos, RN. Experience line ${i}: ward ${i % 7}, ${1990 + (i % 30)}.`)).join(
      '',
    ) +
    '</w:body></w:document>',
);

/** A small, real-looking DOCX. */
const NORMAL_DOCX = zipFile([
  { name: '[Content_Types].xml', content: CONTENT_TYPES },
  { name: '_rels/.rels', content: RELS },
  { name: 'word/document.xml', content: DOCUMENT },
]);
/** A DOCX whose document.xml is 50 MB of zeros: about 50 KB deflated. */
const BOMB_DOCX = zipFile([
  { name: '[Content_Types].xml', content: CONTENT_TYPES },
  { name: '_rels/.rels', content: RELS },
  { name: 'word/document.xml', content: Buffer.alloc(50 * MiB) },
]);

/** Posts an apply-now with `content` as its CV (from `remoteAddress`, default 127.0.0.1). */
async function apply(
  app: import('fastify').FastifyInstance,
  filename: string,
  content: Buffer,
  type = 'application/pdf',
  remoteAddress?: string,
) {
  const { payload, headers } = await multipartBody({
    key: 'apply-now',
    data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
    file: { filename, type, content },
  });
  return app.inject({ method: 'POST', url: APPLY, payload, headers, remoteAddress });
}

const count = async (app: import('fastify').FastifyInstance, table: 'form_submissions' | 'outbox') =>
  (await one<{ n: number }>(app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM ${sql.table(table)}`))!.n;

// The SQLite file's own modes (PostgreSQL keeps its files itself).
describe.skipIf(ON_POSTGRES)('the data folder and the database files', () => {
  it('are created private to the owner: the folder 0700, app.db and its -wal and -shm 0600', async () => {
    const dataDir = join(scratch(), 'data');
    const server = await startServer({ dataDir });
    try {
      const file = databaseFile(dataDir);
      expect(modeOf(dataDir).toString(8)).toBe('700');
      expect(modeOf(file).toString(8)).toBe('600');
      for (const suffix of ['-wal', '-shm']) {
        expect(existsSync(file + suffix), suffix).toBe(true);
        expect(modeOf(file + suffix).toString(8), suffix).toBe('600');
      }
      // A backup holds the same: private too.
      const backup = await backupDatabase(dataDir);
      expect(modeOf(backup.file).toString(8)).toBe('600');
      expect(modeOf(dirname(backup.file)).toString(8)).toBe('700');
    } finally {
      await server.cleanup();
    }
  });

  it('are tightened on start when others may read them, with a warning for each', async () => {
    const dataDir = join(scratch(), 'data');
    const file = databaseFile(dataDir);
    openSqliteFile(dataDir).close();
    // As an earlier version left them (umask 022).
    chmodSync(dataDir, 0o755);
    chmodSync(file, 0o644);
    const warnings: string[] = [];
    const db = openSqliteFile(dataDir, { warn: (message) => warnings.push(message) });
    try {
      expect(modeOf(dataDir).toString(8)).toBe('700');
      expect(modeOf(file).toString(8)).toBe('600');
      expect(warnings).toEqual([
        `${dataDir} was readable by other users (mode 755): set to 700`,
        `${file} was readable by other users (mode 644): set to 600`,
      ]);
    } finally {
      db.close();
    }

    // The server logs the same at warn level.
    chmodSync(dataDir, 0o750);
    const lines: string[] = [];
    const server = await startServer({ dataDir, logger: 'warn', logStream: { write: (line) => lines.push(line) } });
    try {
      expect(modeOf(dataDir).toString(8)).toBe('700');
      const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string });
      expect(logged).toContainEqual(
        expect.objectContaining({ level: 40, msg: `${dataDir} was readable by other users (mode 750): set to 700` }),
      );
    } finally {
      await server.cleanup();
    }
  });
});

describe('apply-now uploads judged beyond their first bytes', () => {
  let app: import('fastify').FastifyInstance;
  let cleanup: () => Promise<void>;
  const lines: string[] = [];
  beforeAll(async () => {
    ({ app, cleanup } = await startServer({
      formRateLimit: 1000,
      formFileRateLimit: 1000,
      logger: 'warn',
      logStream: { write: (line) => lines.push(line) },
    }));
  });
  afterAll(async () => cleanup?.());

  /** A refusal with the form's type message at the file, nothing stored, and `problem` the reason logged. */
  async function refused(filename: string, content: Buffer, problem: string | RegExp, type = DOCX_MIME) {
    const before = await count(app, 'form_submissions');
    lines.length = 0;
    const response = await apply(app, filename, content, type);
    expect(response.statusCode, filename).toBe(422);
    expect(response.json()).toEqual({ message: TYPE_MESSAGE, errors: { file: [TYPE_MESSAGE] } });
    expect(await count(app, 'form_submissions')).toBe(before);
    const logged = lines
      .map((line) => JSON.parse(line) as { msg: string; problem?: string })
      .filter((line) => line.msg === 'upload refused');
    expect(logged).toEqual([expect.objectContaining({ problem: typeof problem === 'string' ? problem : expect.stringMatching(problem) })]);
  }

  it('accepts a normal DOCX, stored as sent', async () => {
    const response = await apply(app, 'Maria CV.docx', NORMAL_DOCX, DOCX_MIME);
    expect(response.statusCode).toBe(201);
    const file = (await one<{ mime: string; content: Buffer }>(
      app.ctx.db.query,
      sql`SELECT mime, content FROM submission_files WHERE submission_id = ${response.json().data.id as number}`,
    ))!;
    expect(file.mime).toBe(DOCX_MIME);
    expect(Buffer.compare(file.content, NORMAL_DOCX)).toBe(0);
  });

  it('refuses a DOCX whose document.xml unpacks to 50 MB (a zip bomb of about 50 KB)', async () => {
    expect(BOMB_DOCX.length).toBeLessThan(100 * 1024);
    await refused('cv.docx', BOMB_DOCX, `unpacks to more than ${20 * MiB} bytes`);
  });

  it('refuses a DOCX with an entry that unpacks a thousand times its size, even within the total', async () => {
    await refused(
      'cv.docx',
      zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml', content: DOCUMENT },
        { name: 'word/media/padding.bin', content: Buffer.alloc(10 * MiB) },
      ]),
      /^"word\/media\/padding.bin" unpacks \d+ times its size$/,
    );
  });

  it('refuses a DOCX whose central directory lies about the size, unpacking no more than it declared', async () => {
    await refused(
      'cv.docx',
      zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml', content: Buffer.alloc(50 * MiB), declaredSize: 4096 },
      ]),
      /^too many bytes in the stream\. expected 4096\. got at least \d+$/,
    );
    // An entry that ends short of its declared size is refused too.
    await refused(
      'cv.docx',
      zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml', content: DOCUMENT, declaredSize: DOCUMENT.length + 1 },
      ]),
      /^not enough bytes in the stream\./,
    );
  });

  it('refuses a DOCX with macros, with too many entries, or without its document', async () => {
    await refused(
      'cv.docx',
      zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml', content: DOCUMENT },
        { name: 'word/vbaProject.bin', content: Buffer.from('macro') },
      ]),
      'it holds macros',
    );
    const media = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `word/media/${i}.xml`, content: Buffer.from('x') }));
    const parts = [
      { name: '[Content_Types].xml', content: CONTENT_TYPES },
      { name: 'word/document.xml', content: DOCUMENT },
    ];
    await refused('cv.docx', zipFile([...parts, ...media(999)]), '1001 entries');
    expect((await apply(app, 'cv.docx', zipFile([...parts, ...media(998)]), DOCX_MIME)).statusCode).toBe(201);
    // 'word/document.xml' only as the start of another entry's name: the file looks like a DOCX at first sight.
    await refused(
      'cv.docx',
      zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml.bak', content: DOCUMENT },
      ]),
      'no word/document.xml',
    );
    await refused('cv.docx', zipFile([{ name: 'word/document.xml', content: DOCUMENT }]), 'no [Content_Types].xml');
  });

  it('refuses a DOCX with an entry named outside the package (a backslash, an absolute path or ..)', async () => {
    const names: [string, RegExp][] = [
      ['word\\media\\image1.png', /^invalid characters in fileName/],
      ['/etc/cron.d/job', /^absolute path/],
      ['word/../../evil.xml', /^invalid relative path/],
    ];
    for (const [name, problem] of names) {
      const docx = zipFile([
        { name: '[Content_Types].xml', content: CONTENT_TYPES },
        { name: 'word/document.xml', content: DOCUMENT },
        { name, content: Buffer.from('x') },
      ]);
      await refused('cv.docx', docx, problem);
    }
  });

  it('refuses a PDF that goes on as HTML after its first line, and accepts a real one', async () => {
    for (const html of ['<!DOCTYPE html><p>hi', '<html><body>CV</body></html>', '\n\n<SCRIPT>alert(1)</SCRIPT>', '<svg onload=alert(1)>']) {
      await refused('cv.pdf', Buffer.from(`%PDF-1.7\n${html}`), 'HTML in a PDF', 'application/pdf');
    }
    // A real PDF's start: header, binary comment, objects (dictionaries << >> and hex strings < >).
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R /ID [<a1b2> <c3d4>] >>\nendobj\n', 'latin1'),
      CV_PDF,
    ]);
    expect((await apply(app, 'cv.pdf', pdf)).statusCode).toBe(201);
    expect((await apply(app, 'cv.pdf', CV_PDF)).statusCode).toBe(201);
  });
});

describe('the upload quota (UPLOAD_QUOTA_MB)', () => {
  it('refuses a submission whose files would pass it with 507 and a message the form shows, logged at error level', async () => {
    const lines: string[] = [];
    const { app, cleanup } = await startServer({ uploadQuotaMb: 1, logger: 'warn', logStream: { write: (line) => lines.push(line) } });
    const cv = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(600 * 1024, 0x20)]);
    try {
      expect((await apply(app, 'first.pdf', cv)).statusCode).toBe(201);
      const before = { submissions: await count(app, 'form_submissions'), outbox: await count(app, 'outbox') };
      const full = await apply(app, 'second.pdf', cv);
      expect(full.statusCode).toBe(507);
      expect(full.json()).toEqual({ message: UPLOADS_FULL_MESSAGE });
      expect({ submissions: await count(app, 'form_submissions'), outbox: await count(app, 'outbox') }).toEqual(before);
      const errors = lines.map((line) => JSON.parse(line) as { level: number; msg: string }).filter((line) => line.level >= 50);
      expect(errors).toEqual([expect.objectContaining({ msg: 'uploads: storage quota (UPLOAD_QUOTA_MB) reached, submission refused' })]);

      // Submissions without files are not affected; a smaller file that fits still is.
      const contact = await app.inject({
        method: 'POST',
        url: '/api/v1/form-emails/contact-us',
        payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
      });
      expect(contact.statusCode).toBe(201);
      expect((await apply(app, 'small.pdf', CV_PDF)).statusCode).toBe(201);
    } finally {
      await cleanup();
    }
  });
});

describe("a client's upload budget (UPLOAD_CLIENT_DAILY_MB) and the rate of submissions with files (FORM_FILE_RATE_LIMIT)", () => {
  const BUDGET_MESSAGE = (
    JSON.parse(readFileSync(join(ROOT, 'forms/apply-now.json'), 'utf8')) as {
      uiSchema: { file: { 'ui:options': { budgetMessage: string } } };
    }
  ).uiSchema.file['ui:options'].budgetMessage;
  const cv = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400 * 1024, 0x20)]);

  it("refuses a client's files past its day's budget with 429, Retry-After and the form's message, while another client still uploads", async () => {
    const { app, cleanup } = await startServer({ uploadClientDailyMb: 1, formFileRateLimit: 1000 });
    try {
      // Two 400 KB CVs fit in 1 MB; the third would pass it.
      for (const name of ['one.pdf', 'two.pdf']) expect((await apply(app, name, cv, undefined, '198.51.100.7')).statusCode, name).toBe(201);
      const before = await count(app, 'form_submissions');
      const refused = await apply(app, 'three.pdf', cv, undefined, '198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: BUDGET_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      expect(await count(app, 'form_submissions')).toBe(before);

      // Another client stores its files; a smaller file still fits in what the first has left.
      expect((await apply(app, 'other.pdf', cv, undefined, '198.51.100.8')).statusCode).toBe(201);
      expect((await apply(app, 'small.pdf', CV_PDF, undefined, '198.51.100.7')).statusCode).toBe(201);
      // Submissions without files are not counted.
      const contact = await app.inject({
        method: 'POST',
        url: '/api/v1/form-emails/contact-us',
        payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
        remoteAddress: '198.51.100.7',
      });
      expect(contact.statusCode).toBe(201);

      // An IPv6 /64 is one client.
      for (const ip of ['2001:db8:7:8::1', '2001:db8:7:8::2'])
        expect((await apply(app, 'v6.pdf', cv, undefined, ip)).statusCode, ip).toBe(201);
      expect((await apply(app, 'v6.pdf', cv, undefined, '2001:db8:7:8:ffff::3')).statusCode).toBe(429);
      expect((await apply(app, 'v6.pdf', cv, undefined, '2001:db8:7:9::1')).statusCode).toBe(201);
    } finally {
      await cleanup();
    }
  });

  it('takes fewer submissions with files a minute than the form limit, then 429 with the limit message', async () => {
    const { app, cleanup } = await startServer({ formRateLimit: 10, formFileRateLimit: 2 });
    try {
      for (let i = 0; i < 2; i++) expect((await apply(app, 'cv.pdf', CV_PDF, undefined, '198.51.100.20')).statusCode).toBe(201);
      const refused = await apply(app, 'cv.pdf', CV_PDF, undefined, '198.51.100.20');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: RATE_LIMIT_MESSAGE });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // The same client's submissions without files go on, up to the form limit; another client uploads.
      const contact = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/form-emails/contact-us',
          payload: submission('contact-us', VALID_SUBMISSIONS['contact-us']),
          remoteAddress: '198.51.100.20',
        });
      expect((await contact()).statusCode).toBe(201);
      expect((await apply(app, 'cv.pdf', CV_PDF, undefined, '198.51.100.21')).statusCode).toBe(201);
    } finally {
      await cleanup();
    }
  });
});

describe('the upload retention (UPLOAD_RETENTION_DAYS)', () => {
  it('removes files older than the retention, keeps their submission marked, and their e-mail still leaves without them', async () => {
    const dataDir = scratch();
    const day0 = new Date('2026-01-10T02:00:00Z');
    const marker = 'CV-BYTES-7f3a9c-MARIA';
    const cv = Buffer.concat([Buffer.from(`%PDF-1.7\n% ${marker}\n`), CV_PDF]);

    // Stored on day 0; no SMTP_URL, so its e-mail waits in the outbox.
    const first = await startServer({ dataDir, now: () => day0, uploadRetentionDays: 30 });
    const old = await apply(first.app, 'old.pdf', cv);
    expect(old.statusCode).toBe(201);
    const oldId = old.json().data.id as number;
    await first.cleanup();

    // Day 29: within the retention, a start removes nothing; a newer CV is stored.
    const day29 = new Date(day0.getTime() + 29 * 86_400_000);
    const second = await startServer({ dataDir, now: () => day29, uploadRetentionDays: 30 });
    expect(
      await one(second.app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM submission_files WHERE removed_at IS NULL`),
    ).toEqual({ n: 1 });
    const recent = await apply(second.app, 'recent.pdf', CV_PDF);
    expect(recent.statusCode).toBe(201);
    await second.cleanup();

    // Day 31: the sweep at start removes the old file only.
    const day31 = new Date(day0.getTime() + 31 * 86_400_000);
    const smtp = await startSmtp();
    const third = await startServer({ dataDir, now: () => day31, uploadRetentionDays: 30 });
    const { db } = third.app.ctx;
    try {
      const files = await new SubmissionStore(db).latest({ formKey: 'apply-now' });
      const byId = new Map(files.map((s) => [s.id, s]));
      expect(byId.get(oldId)?.files).toEqual([
        expect.objectContaining({ filename: 'old.pdf', size: cv.length, removed_at: day31.toISOString() }),
      ]);
      expect(byId.get(recent.json().data.id as number)?.files).toEqual([
        expect.objectContaining({ filename: 'recent.pdf', removed_at: null }),
      ]);
      expect(await one(db.query, sql`SELECT length(content) AS n FROM submission_files WHERE submission_id = ${oldId}`)).toEqual({ n: 0 });
      expect(await all(db.query, sql`SELECT id FROM form_submissions WHERE id = ${oldId}`)).toEqual([{ id: oldId }]);
      expect(await new SubmissionStore(db).storedBytes()).toBe(CV_PDF.length);

      // The old submission's e-mail, still in the outbox, is sent without the removed file.
      const log: SenderLog = { debug: () => {}, warn: () => {}, error: () => {} };
      const sender = new MailSender({
        db,
        messageDomain: 'bantaydoc.test',
        transport: smtpTransport(smtp.url),
        from: 'no-reply@bantaydoc.test',
        log,
        now: () => day31,
      });
      expect(await sender.drain()).toBe(2);
      await sender.stop();
      const received = await smtp.waitFor(2);
      const byName = received.map((r) => r.mail.attachments.map((a) => a.filename));
      expect(byName).toEqual(expect.arrayContaining([[], ['recent.pdf']]));
      const statuses = await all(db.query, sql`SELECT status FROM outbox WHERE kind = 'form' ORDER BY id`);
      expect(statuses).toEqual([{ status: 'sent' }, { status: 'sent' }]);

      // The operator's export (of the SQLite file) names the removed file with the day it went, and writes only the kept one.
      if (!ON_POSTGRES) {
        const filesDir = join(scratch(), 'files');
        const exported = await exportSubmissions(databaseFile(dataDir), { formKey: 'apply-now', since: '2026-01-01', filesDir });
        expect(exported.files).toBe(1);
        expect(readdirSync(filesDir)).toEqual([`${recent.json().data.id}-recent.pdf`]);
        expect(modeOf(join(filesDir, readdirSync(filesDir)[0])).toString(8)).toBe('600');
        const listed = await exportSubmissions(databaseFile(dataDir), { formKey: 'apply-now', since: '2026-01-01' });
        expect(listed.csv).toContain('old.pdf (removed 2026-02-10)');
      }
    } finally {
      await third.cleanup();
      await smtp.close();
    }
    // The removed bytes are overwritten in the SQLite file (secure_delete), not only unlinked from the table.
    if (!ON_POSTGRES) expect(readFileSync(databaseFile(dataDir)).includes(marker)).toBe(false);
  });
});
