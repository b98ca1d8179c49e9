import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { all, databaseFile, one, run as execute, sql } from '../../server/db';
import { OpsError, UsageError } from '../../server/ops/cli';
import { csvCell } from '../../server/desk/submissions';
import { exportSubmissions, type ExportOptions } from '../../server/ops/submissions';
import { loadSubmittableForms, type SubmittableForm } from '../../server/forms/registry';
import { databaseUrlFor, ON_POSTGRES, startServer, tempDir, VALID_SUBMISSIONS } from './helpers';
import { CV_PDF, multipartBody } from './files';

const ROOT = resolve(__dirname, '../..');

let app: FastifyInstance;
let dataDir: string;
/** The server's database as the command names it: its PostgreSQL URL (DATABASE_URL), else its SQLite file. */
let database: string;
/** DATABASE_URL of the command's process: the server's PostgreSQL URL, or none (the SQLite file of DATA_DIR). */
let databaseUrl: string;
let cleanup: () => Promise<void>;
let forms: Map<string, SubmittableForm>;
/** The server's clock: each submission is stored at the instant set here. */
let clock = new Date('2026-11-15T02:00:00Z');

beforeAll(async () => {
  await generate(ROOT);
  forms = await loadSubmittableForms();
  ({ app, dataDir, cleanup } = await startServer({ formRateLimit: 1000, now: () => clock }));
  databaseUrl = (await databaseUrlFor(dataDir)) ?? '';
  database = databaseUrl || databaseFile(dataDir);
});
afterAll(async () => cleanup?.());

/** Posts a contact-us submission as the site does (JSON: key and the data as JSON text) at instant `at`; returns its id. */
async function postContact(at: string, fields: Record<string, unknown>): Promise<number> {
  clock = new Date(at);
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/form-emails/contact-us',
    payload: { key: 'contact-us', data: JSON.stringify({ ...VALID_SUBMISSIONS['contact-us'], ...fields }) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

/** Posts a job application with its CV (multipart, as the browser's FormData) at instant `at`; returns its id. */
async function postApplication(at: string, filename: string): Promise<number> {
  clock = new Date(at);
  const body = await multipartBody({
    key: 'apply-now',
    data: JSON.stringify(VALID_SUBMISSIONS['apply-now']),
    file: { filename, type: 'application/pdf', content: CV_PDF },
  });
  const response = await app.inject({ method: 'POST', url: '/api/v1/form-emails/apply-now', ...body });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as number;
}

/** A stored submission the form would refuse today (an older version of the form, or data written by hand). */
async function storeRaw(formKey: string, at: string, data: unknown): Promise<number> {
  const row = await one<{ id: number }>(
    app.ctx.db.query,
    sql`INSERT INTO form_submissions (form_key, data, created_at, ip) VALUES (${formKey}, ${JSON.stringify(data)}, ${at}, NULL) RETURNING id`,
  );
  return row!.id;
}

/** A stored file of a submission, written by hand. */
const storeFile = (submissionId: number, filename: string, content: Buffer) =>
  execute(
    app.ctx.db.query,
    sql`INSERT INTO submission_files (submission_id, filename, mime, size, content)
        VALUES (${submissionId}, ${filename}, 'application/pdf', ${content.length}, ${content})`,
  );

const exportCsv = (options: Omit<ExportOptions, 'forms'>) => exportSubmissions(database, { forms, ...options });

/** An RFC 4180 reader: records of cells; fails on a line end other than CRLF outside quotes. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = '';
  let i = 0;
  while (i < text.length) {
    if (text[i] === '"' && cell === '') {
      i++;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted cell');
        if (text[i] === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (text[i] === '"') {
          i++;
          break;
        } else cell += text[i++];
      }
      if (i < text.length && text[i] !== ',' && text[i] !== '\r') throw new Error(`text after a closing quote at ${i}`);
    } else if (text[i] === ',') {
      record.push(cell);
      cell = '';
      i++;
    } else if (text[i] === '\r') {
      if (text[i + 1] !== '\n') throw new Error(`CR without LF at ${i}`);
      record.push(cell);
      records.push(record);
      record = [];
      cell = '';
      i += 2;
    } else if (text[i] === '\n') {
      throw new Error(`bare LF outside quotes at ${i}`);
    } else cell += text[i++];
  }
  if (cell !== '' || record.length > 0) throw new Error('the last record has no CRLF');
  return records;
}

/** The records as objects by header (the header row first). */
function rowsOf(csv: string): { header: string[]; rows: Array<Record<string, string>> } {
  const [header, ...records] = parseCsv(csv);
  for (const record of records) expect(record).toHaveLength(header.length);
  return { header, rows: records.map((record) => Object.fromEntries(header.map((name, i) => [name, record[i]]))) };
}

const labelsOf = (key: string) => {
  const form = forms.get(key)!;
  return form.order.map((field) => (form.schema.properties![field] as { title: string }).title);
};

describe('exportSubmissions', () => {
  it('writes id, submitted, the form’s fields under their labels in the form’s order, then files', async () => {
    const id = await postContact('2026-09-10T03:00:00.000Z', {});
    const { csv, submissions, files } = await exportCsv({ formKey: 'contact-us', since: '2026-09-10', until: '2026-09-10' });
    expect({ submissions, files }).toEqual({ submissions: 1, files: 0 });
    const { header, rows } = rowsOf(csv);
    expect(forms.get('contact-us')!.order).toEqual(['title', 'firstName', 'lastName', 'email', 'phoneNumber', 'company', 'message']);
    expect(header).toEqual(['id', 'submitted', 'Title', 'First name', 'Last name', 'Email', 'Phone number', 'Company', 'Message', 'files']);
    expect(header).toEqual(['id', 'submitted', ...labelsOf('contact-us'), 'files']);
    const valid = VALID_SUBMISSIONS['contact-us'];
    expect(rows).toEqual([
      {
        id: String(id),
        submitted: '2026-09-10T03:00:00.000Z',
        Title: valid.title,
        'First name': valid.firstName,
        'Last name': valid.lastName,
        Email: valid.email,
        'Phone number': valid.phoneNumber,
        Company: valid.company,
        Message: valid.message,
        files: '',
      },
    ]);
    expect(csv.startsWith('id,submitted,Title,')).toBe(true);
    expect(csv.charCodeAt(0)).not.toBe(0xfeff);
  });

  it('quotes commas, quotes and line breaks (RFC 4180, CRLF) and keeps non-ASCII text', async () => {
    const fields = {
      firstName: 'María José 山田',
      lastName: 'Dela Cruz, Jr.',
      company: 'The "Best" Clinic',
      message: 'Line one\nLine two, with a comma\r\nand "quotes" 🙂',
    };
    await postContact('2026-09-11T03:00:00.000Z', fields);
    const { csv } = await exportCsv({ formKey: 'contact-us', since: '2026-09-11', until: '2026-09-11' });
    const record = csv.split('\r\n')[1];
    expect(record).toContain(',María José 山田,"Dela Cruz, Jr.",');
    expect(record).toContain(',"The ""Best"" Clinic",');
    expect(csv).toContain('"Line one\nLine two, with a comma\r\nand ""quotes"" 🙂"');
    const { rows } = rowsOf(csv);
    expect(rows[0]).toMatchObject({
      'First name': fields.firstName,
      'Last name': fields.lastName,
      Company: fields.company,
      Message: fields.message,
    });
    expect(Buffer.from(csv, 'utf8').toString('utf8')).toBe(csv);

    const excel = await exportCsv({ formKey: 'contact-us', since: '2026-09-11', until: '2026-09-11', excel: true });
    expect(excel.csv).toBe(`\uFEFF${csv}`);
  });

  it('escapes cells a spreadsheet would run as a formula (=, +, -, @, tab, CR) with a leading apostrophe', async () => {
    await postContact('2026-09-12T03:00:00.000Z', {
      firstName: '=1+2',
      lastName: '+63 917',
      company: '=HYPERLINK("http://evil.example","click")',
      message: '@SUM(A1:A9)',
    });
    await storeRaw('contact-us', '2026-09-12T04:00:00.000Z', {
      firstName: '-2+3',
      lastName: '\t=cmd',
      company: '\r=cmd',
      message: 'safe = text',
    });
    const { csv } = await exportCsv({ formKey: 'contact-us', since: '2026-09-12', until: '2026-09-12' });
    const { rows } = rowsOf(csv);
    expect(rows.map((r) => [r['First name'], r['Last name'], r.Company, r.Message])).toEqual([
      ["'=1+2", "'+63 917", `'=HYPERLINK("http://evil.example","click")`, "'@SUM(A1:A9)"],
      ["'-2+3", "'\t=cmd", "'\r=cmd", 'safe = text'],
    ]);
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    for (const cell of parseCsv(csv).flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);

    expect(csvCell('=A1')).toBe("'=A1");
    expect(csvCell('\r\n=A1')).toBe(`"'\r\n=A1"`);
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('')).toBe('');
  });

  it('keeps keys the form does not have in extra columns after its fields, never dropping them', async () => {
    const posted = await postContact('2026-09-13T01:00:00.000Z', {});
    // JSON text: an object literal cannot hold an own '__proto__' key.
    const legacyData = JSON.parse(
      '{"firstName":"Old","referrer":"newsletter","=cmd|calc":"x","__proto__":"p","nested":{"a":[1,"two"]},"count":3,"agreed":true,"nothing":null}',
    ) as unknown;
    const legacy = await storeRaw('contact-us', '2026-09-13T02:00:00.000Z', legacyData);
    const notAnObject = await storeRaw('contact-us', '2026-09-13T03:00:00.000Z', ['a', 'b']);
    const { csv, submissions } = await exportCsv({ formKey: 'contact-us', since: '2026-09-13', until: '2026-09-13' });
    expect(submissions).toBe(3);
    const { header, rows } = rowsOf(csv);
    expect(header).toEqual([
      'id',
      'submitted',
      ...labelsOf('contact-us'),
      'referrer',
      "'=cmd|calc",
      '__proto__',
      'nested',
      'count',
      'agreed',
      'nothing',
      'data',
      'files',
    ]);
    expect(rows.map((r) => r.id)).toEqual([posted, legacy, notAnObject].map(String));
    expect(rows[0]).toMatchObject({ referrer: '', nested: '', data: '' });
    expect(rows.map((r) => Object.getOwnPropertyDescriptor(r, '__proto__')?.value)).toEqual(['', 'p', '']);
    expect(rows[1]).toMatchObject({
      'First name': 'Old',
      Company: '',
      referrer: 'newsletter',
      "'=cmd|calc": 'x',
      nested: '{"a":[1,"two"]}',
      count: '3',
      agreed: 'true',
      nothing: '',
    });
    expect(rows[2]).toMatchObject({ 'First name': '', data: '["a","b"]' });
  });

  it('takes the submissions whose day in Manila is from --since to --until, inclusive', async () => {
    const times = {
      lastOfOctober: '2026-10-31T15:59:59.999Z', // 23:59:59.999 on 31 October in Manila
      firstOfNovember: '2026-10-31T16:00:00.000Z', // 00:00 on 1 November in Manila
      lastOfNovember: '2026-11-30T15:59:59.999Z',
      firstOfDecember: '2026-11-30T16:00:00.000Z',
    };
    const ids: Record<string, number> = {};
    for (const [name, at] of Object.entries(times)) ids[name] = await postContact(at, { company: name });
    const idsOf = async (since: string, until?: string) =>
      rowsOf((await exportCsv({ formKey: 'contact-us', since, until })).csv).rows.map((r) => Number(r.id));

    expect(await idsOf('2026-11-01', '2026-11-30')).toEqual([ids.firstOfNovember, ids.lastOfNovember]);
    expect(await idsOf('2026-11-01')).toEqual([ids.firstOfNovember, ids.lastOfNovember, ids.firstOfDecember]);
    expect(await idsOf('2026-10-31', '2026-10-31')).toEqual([ids.lastOfOctober]);
    expect(await idsOf('2026-12-01', '2026-12-01')).toEqual([ids.firstOfDecember]);
    expect(await idsOf('2026-11-02', '2026-11-29')).toEqual([]);
    const empty = await exportCsv({ formKey: 'contact-us', since: '2030-01-01' });
    expect(empty).toMatchObject({ submissions: 0, files: 0 });
    expect(parseCsv(empty.csv)).toHaveLength(1);
  });

  it('refuses malformed days and a window that ends before it starts', async () => {
    for (const day of ['2026-11-31', '2026-02-29', '2026/11/01', '20261101', '2026-11-1', ' 2026-11-01', 'today', '']) {
      await expect(exportCsv({ formKey: 'contact-us', since: day }), day).rejects.toThrow(UsageError);
      await expect(exportCsv({ formKey: 'contact-us', since: '2026-11-01', until: day }), day).rejects.toThrow(/--until must be a day/);
    }
    await expect(exportCsv({ formKey: 'contact-us', since: '2028-02-29' })).resolves.toBeDefined();
    await expect(exportCsv({ formKey: 'contact-us', since: '2026-11-02', until: '2026-11-01' })).rejects.toThrow(/before --since/);
  });

  it('names the known forms for an unknown one (exit code 2)', async () => {
    const error = await exportCsv({ formKey: 'contact', since: '2026-11-01' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpsError);
    expect(error).not.toBeInstanceOf(UsageError);
    expect((error as OpsError).exitCode).toBe(2);
    expect((error as OpsError).message).toMatch(/^Unknown form 'contact'\. Known forms: .*\bapply-now\b.*\bcontact-us\b.*\bquote\b/);
  });

  it('fails on a missing database without creating one', async () => {
    const dir = tempDir();
    try {
      const missing = join(dir, 'app.db');
      const error = await exportSubmissions(missing, { forms, formKey: 'contact-us', since: '2026-11-01' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OpsError);
      expect((error as OpsError).exitCode).toBe(1);
      expect((error as OpsError).message).toContain(`No database at ${missing}`);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('with --files', () => {
    let parent: string;
    beforeAll(() => {
      parent = tempDir('telmed-ops-files-');
    });
    afterAll(() => rmSync(parent, { recursive: true, force: true }));

    it('lists the stored file names, and with a folder writes each file there as <id>-<name>', async () => {
      const id = await postApplication('2026-08-01T03:00:00.000Z', 'Maria CV.pdf');
      const options = { formKey: 'apply-now', since: '2026-08-01', until: '2026-08-01' };
      const listed = rowsOf((await exportCsv(options)).csv);
      expect(listed.header).toEqual(['id', 'submitted', ...labelsOf('apply-now'), 'files']);
      expect(listed.rows).toHaveLength(1);
      expect(listed.rows[0]).toMatchObject({ id: String(id), 'Resume / CV': 'Maria CV.pdf', files: 'Maria CV.pdf' });

      const dir = join(parent, 'new', 'cvs');
      const result = await exportCsv({ ...options, filesDir: dir });
      expect(result).toMatchObject({ submissions: 1, files: 1 });
      expect(readdirSync(dir)).toEqual([`${id}-Maria CV.pdf`]);
      expect(readFileSync(join(dir, `${id}-Maria CV.pdf`)).equals(CV_PDF)).toBe(true);
      expect(rowsOf(result.csv).rows[0].files).toBe(join(dir, `${id}-Maria CV.pdf`));
    });

    it('never writes outside the folder, whatever the stored name, and replaces a link instead of writing through it', async () => {
      const id = await storeRaw('apply-now', '2026-08-02T03:00:00.000Z', { ...VALID_SUBMISSIONS['apply-now'], file: '../../x.pdf' });
      // PostgreSQL's TEXT cannot hold U+0000: there the stored name has the bidi override alone.
      const hidden = ON_POSTGRES ? 'cv\u202Efdp.exe.pdf' : 'cv\u202Efdp.exe\u0000.pdf';
      const names = ['../../../outside.pdf', '..\\..\\win.pdf', '/etc/passwd', hidden, '..', '', 'dup.pdf', 'dup.pdf'];
      for (const [i, name] of names.entries()) await storeFile(id, name, Buffer.from(String(i)));
      const fileIds = (
        await all<{ id: number }>(app.ctx.db.query, sql`SELECT id FROM submission_files WHERE submission_id = ${id} ORDER BY id`)
      ).map((row) => row.id);

      const dir = join(parent, 'hostile');
      const outside = join(parent, 'target.txt');
      writeFileSync(outside, 'untouched');
      await exportCsv({ formKey: 'apply-now', since: '2026-08-02', until: '2026-08-02', filesDir: dir });
      // An earlier export's name that is now a link to a file outside the folder.
      rmSync(join(dir, `${id}-outside.pdf`));
      symlinkSync(outside, join(dir, `${id}-outside.pdf`));
      const result = await exportCsv({ formKey: 'apply-now', since: '2026-08-02', until: '2026-08-02', filesDir: dir });

      const expected = [
        `${id}-outside.pdf`,
        `${id}-win.pdf`,
        `${id}-passwd`,
        `${id}-cvfdp.exe.pdf`,
        `${id}-..`,
        `${id}-file`,
        `${id}-dup.pdf`,
        `${id}-${fileIds[7]}-dup.pdf`,
      ];
      expect(result.files).toBe(names.length);
      expect(readdirSync(dir).sort()).toEqual([...expected].sort());
      expected.forEach((name, i) => expect(readFileSync(join(dir, name), 'utf8'), name).toBe(String(i)));
      expect(lstatSync(join(dir, `${id}-outside.pdf`)).isSymbolicLink()).toBe(false);
      expect(readFileSync(outside, 'utf8')).toBe('untouched');
      expect(readdirSync(parent).sort()).toEqual(['hostile', 'new', 'target.txt']);
      expect(rowsOf(result.csv).rows[0].files.split('\n')).toEqual(expected.map((name) => join(dir, name)));
      expect(rowsOf(result.csv).rows[0]['Resume / CV']).toBe('../../x.pdf');
    });

    it('cuts a name too long for the file system, keeping its extension', async () => {
      const id = await storeRaw('apply-now', '2026-08-03T03:00:00.000Z', VALID_SUBMISSIONS['apply-now']);
      await storeFile(id, `${'山'.repeat(140)}.pdf`, Buffer.from('x'));
      const dir = join(parent, 'long');
      await exportCsv({ formKey: 'apply-now', since: '2026-08-03', until: '2026-08-03', filesDir: dir });
      const [name] = readdirSync(dir);
      expect(name.startsWith(`${id}-山山`)).toBe(true);
      expect(name.endsWith('山.pdf')).toBe(true);
      expect(Buffer.byteLength(name)).toBeLessThanOrEqual(255);
    });

    it('names a file removed by the retention with the day it went, and never writes it', async () => {
      const id = await storeRaw('apply-now', '2026-08-04T03:00:00.000Z', VALID_SUBMISSIONS['apply-now']);
      await storeFile(id, 'kept.pdf', Buffer.from('kept'));
      await storeFile(id, 'old.pdf', Buffer.alloc(0));
      await execute(
        app.ctx.db.query,
        sql`UPDATE submission_files SET removed_at = '2026-09-10T01:02:03.000Z' WHERE submission_id = ${id} AND filename = 'old.pdf'`,
      );
      const options = { formKey: 'apply-now', since: '2026-08-04', until: '2026-08-04' };
      expect(rowsOf((await exportCsv(options)).csv).rows[0].files.split('\n')).toEqual(['kept.pdf', 'old.pdf (removed 2026-09-10)']);
      const dir = join(parent, 'retention');
      const result = await exportCsv({ ...options, filesDir: dir });
      expect(result).toMatchObject({ submissions: 1, files: 1 });
      expect(readdirSync(dir)).toEqual([`${id}-kept.pdf`]);
      expect(readFileSync(join(dir, `${id}-kept.pdf`), 'utf8')).toBe('kept');
    });
  });

  it('runs as `tsx scripts/submissions.ts` beside the running server: CSV on stdout or --out, counts on stderr, exit codes', async () => {
    const id = await postContact('2026-07-01T03:00:00.000Z', { company: 'Script, Inc.' });
    const cv = await postApplication('2026-07-01T04:00:00.000Z', 'Ana CV.pdf');
    /** The command on the database of DATA_DIR `dir` and of DATABASE_URL (default: the server's). */
    const run = (dir: string, ...args: string[]) =>
      spawnSync(process.execPath, ['--import', 'tsx', 'scripts/submissions.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, DATA_DIR: dir, DATABASE_URL: dir === dataDir ? databaseUrl : '' },
        encoding: 'utf8',
      });
    const day = ['--since', '2026-07-01', '--until', '2026-07-01'];

    const ok = run(dataDir, '--form', 'contact-us', ...day);
    expect(ok.status, ok.stderr).toBe(0);
    const { header, rows } = rowsOf(ok.stdout);
    expect(header).toEqual(['id', 'submitted', ...labelsOf('contact-us'), 'files']);
    expect(rows.map((r) => [r.id, r.Company])).toEqual([[String(id), 'Script, Inc.']]);
    expect(ok.stderr).toBe("Exported 1 submission(s) and 0 file(s) of form 'contact-us'.\n");

    const out = tempDir();
    try {
      const toFiles = run(dataDir, '--form', 'apply-now', ...day, '--out', join(out, 'cv.csv'), '--files', join(out, 'cvs'), '--excel');
      expect(toFiles.status, toFiles.stderr).toBe(0);
      expect(toFiles.stdout).toBe('');
      expect(toFiles.stderr).toBe(
        `Exported 1 submission(s) and 1 file(s) of form 'apply-now' (CSV in ${join(out, 'cv.csv')}; files in ${join(out, 'cvs')}).\n`,
      );
      const csv = readFileSync(join(out, 'cv.csv'), 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      expect(rowsOf(csv.slice(1)).rows.map((r) => [r.id, r.files])).toEqual([[String(cv), join(out, 'cvs', `${cv}-Ana CV.pdf`)]]);
      expect(readFileSync(join(out, 'cvs', `${cv}-Ana CV.pdf`)).equals(CV_PDF)).toBe(true);

      const unknown = run(dataDir, '--form', 'nope', '--since', '2026-07-01');
      expect(unknown.status).toBe(2);
      expect(unknown.stdout).toBe('');
      expect(unknown.stderr).toMatch(/^Unknown form 'nope'\. Known forms: .*contact-us/);

      for (const args of [
        ['--form', 'contact-us'],
        ['--form', 'contact-us', '--since', '1 Nov'],
        ['--bogus'],
        ['--form', 'contact-us', '--since'],
      ]) {
        const bad = run(dataDir, ...args);
        expect(bad.status, args.join(' ')).toBe(2);
        expect(bad.stderr, args.join(' ')).toContain('Usage: npm run submissions -- --form <key> --since <YYYY-MM-DD>');
      }

      const missing = run(join(out, 'no-data'), '--form', 'contact-us', '--since', '2026-07-01');
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain(`No database at ${join(out, 'no-data', 'app.db')}`);
      expect(existsSync(join(out, 'no-data'))).toBe(false);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
