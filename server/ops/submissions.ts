import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { addDays, manilaToday } from '../../domain/dates';
import { all, sql, type Queryable } from '../db';
import { fieldsOf, fileNamesOf, submissionsCsv, type CsvSubmission } from '../desk/submissions';
import { loadSubmittableForms, type SubmittableForm } from '../forms/registry';
import { cleanFileName } from '../forms/uploads';
import { openOperatorDatabase, OpsError, UsageError } from './cli';

/**
 * `npm run submissions`: the stored submissions of one form (form_submissions and submission_files,
 * server/migrations.ts) as CSV, read in one read-only transaction of the server's database (a
 * read-only connection to the SQLite file, or PostgreSQL), so it runs beside the live server and
 * never creates or migrates a database.
 *
 * Columns: id, submitted (created_at, ISO), the form's fields in the form's order under their labels,
 * the keys a stored submission has beyond the form's fields (in the order first met), files; written
 * by the desk's CSV writer (server/desk/submissions.ts submissionsCsv), formula-safe.
 */

export interface ExportOptions {
  /** The form's key (flow.target 'form-emails/<key>'). */
  formKey: string;
  /** First day (YYYY-MM-DD in Asia/Manila), inclusive. */
  since: string;
  /** Last day (YYYY-MM-DD in Asia/Manila), inclusive; none: every later submission. */
  until?: string;
  /** Writes each stored file here as `<submission id>-<cleaned file name>`; the files column then holds their paths. */
  filesDir?: string;
  /** Starts the text with a UTF-8 byte order mark, without which Excel reads it as another encoding. */
  excel?: boolean;
  /** The submittable forms by key; default: loadSubmittableForms(). */
  forms?: Map<string, SubmittableForm>;
}

export interface ExportResult {
  csv: string;
  submissions: number;
  files: number;
}

/** A day given as YYYY-MM-DD that exists in the calendar (2026-02-30 does not), else a UsageError. */
export function parseDay(value: string, option: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || addDays(value, 0) !== value) {
    throw new UsageError(`${option} must be a day as YYYY-MM-DD (got '${value}').`);
  }
  return value;
}

/** Longest file name (bytes) that common file systems take. */
const MAX_NAME_BYTES = 255;

/** A file name cut to MAX_NAME_BYTES of UTF-8, whole characters only, its extension kept. */
function fitName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
  const stem = Array.from(name.slice(0, name.length - extension.length));
  while (stem.length > 0 && Buffer.byteLength(stem.join('') + extension) > MAX_NAME_BYTES) stem.pop();
  return stem.join('') + extension;
}

interface StoredFile {
  id: number;
  filename: string;
  content: Buffer;
}

/**
 * Writes a submission's files into `dir` as `<submission id>-<cleaned file name>` (a second file of
 * the same name: `<submission id>-<file id>-<name>`) and returns their paths. The name has no folder
 * part, so every file lands directly in `dir`; a file or link of that name (an earlier export) is
 * replaced, never written through.
 */
function writeFiles(dir: string, submissionId: number, files: readonly StoredFile[]): string[] {
  const used = new Set<string>();
  return files.map((file) => {
    const clean = cleanFileName(file.filename) || 'file';
    let name = fitName(`${submissionId}-${clean}`);
    if (used.has(name)) name = fitName(`${submissionId}-${file.id}-${clean}`);
    used.add(name);
    const target = join(dir, name);
    if (dirname(target) !== dir) throw new OpsError(`Refusing to write the file '${file.filename}' outside ${dir}.`);
    rmSync(target, { force: true });
    // CVs and the like: readable by the operator alone, whatever the umask.
    writeFileSync(target, file.content, { flag: 'wx', mode: 0o600 });
    chmodSync(target, 0o600);
    return target;
  });
}

interface SubmissionRow {
  id: number;
  data: string;
  created_at: string;
}

/** The stored files of a submission that are still kept (a file removed at the end of its retention has removed_at). */
const filesOf = (q: Queryable, submissionId: number) =>
  all<StoredFile>(
    q,
    sql`SELECT id, filename, content FROM submission_files WHERE submission_id = ${submissionId} AND removed_at IS NULL ORDER BY id`,
  );

/**
 * Exports the submissions of `options.formKey` whose day in Asia/Manila lies from `since` to `until`
 * (inclusive), in id order, from `database` (the SQLite file, or a PostgreSQL URL). A submission
 * whose created_at is not a readable instant has no day, so no window holds it.
 */
export async function exportSubmissions(database: string, options: ExportOptions): Promise<ExportResult> {
  const since = parseDay(options.since, '--since');
  const until = options.until === undefined ? undefined : parseDay(options.until, '--until');
  if (until !== undefined && until < since) throw new UsageError(`--until (${until}) is before --since (${since}).`);
  const forms = options.forms ?? (await loadSubmittableForms());
  const form = forms.get(options.formKey);
  if (!form) {
    throw new OpsError(`Unknown form '${options.formKey}'. Known forms: ${[...forms.keys()].sort().join(', ')}.`, 2);
  }
  const filesDir = options.filesDir === undefined ? undefined : resolve(options.filesDir);

  const { db, close } = await openOperatorDatabase(database);
  let exported: CsvSubmission[];
  let fileCount = 0;
  try {
    if (filesDir) mkdirSync(filesDir, { recursive: true, mode: 0o700 });
    // One read transaction: the submissions and their files as of one moment, whatever the server
    // writes meanwhile (SQLite: a read transaction; PostgreSQL: one snapshot, repeatable read).
    exported = await db.query
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (q) => {
        const rows = await all<SubmissionRow>(
          q,
          sql`SELECT id, data, created_at FROM form_submissions WHERE form_key = ${form.key} ORDER BY id`,
        );
        const result: CsvSubmission[] = [];
        for (const row of rows) {
          const instant = new Date(row.created_at);
          if (Number.isNaN(instant.getTime())) continue;
          const day = manilaToday(instant);
          if (day < since || (until !== undefined && day > until)) continue;
          const stored = filesDir ? writeFiles(filesDir, row.id, await filesOf(q, row.id)) : await fileNamesOf(q, row.id);
          fileCount += stored.length;
          result.push({ id: row.id, submitted: instant.toISOString(), fields: fieldsOf(row.data), files: stored });
        }
        return result;
      });
  } finally {
    await close();
  }

  return { csv: submissionsCsv(form, exported, { excel: options.excel }), submissions: exported.length, files: fileCount };
}
