import { manilaToday } from '../../domain/dates';
import { isObject } from '../../domain/guards';
import { all, one, run, sql, type Db, type Queryable } from '../db';
import type { SubmittableForm } from '../forms/registry';
import { cleanFileName } from '../forms/uploads';
import { actorName, DeskError, deskAction, type Actor, type DeskAction } from './action';
import {
  MAX_NOTE_LENGTH,
  MAX_PAGE_SIZE,
  SUBMISSION_STATUSES,
  type OpenedSubmission,
  type SubmissionList,
  type SubmissionListItem,
  type SubmissionStatus,
} from '../../domain/desk';

/** Statuses of a submission that waits for staff (the metric of the oldest one, the alert). */
export const OPEN_STATUSES: readonly SubmissionStatus[] = ['new', 'in progress'];

// ---------------------------------------------------------------------------------------------
// CSV (RFC 4180), formula-safe: the command's export and the desk's.

/** OWASP (CSV injection): a cell that a spreadsheet would read as a formula gets a leading apostrophe. */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell (RFC 4180): formula-safe, and quoted with its quotes doubled when it holds a comma, quote or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** One CSV record, CRLF-terminated (RFC 4180). */
export const csvRecord = (cells: readonly string[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** A stored value as cell text: strings as they are, null and absent empty, anything else as JSON. */
const cellText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

/** A field's label: the schema's title, else the field's name. */
export function fieldLabel(form: SubmittableForm, field: string): string {
  const property = isObject(form.schema.properties) ? form.schema.properties[field] : undefined;
  return isObject(property) && typeof property.title === 'string' && property.title !== '' ? property.title : field;
}

/** A submission as a CSV record: id, when, its fields (parsed data) and its files (names or paths). */
export interface CsvSubmission {
  id: number;
  /** ISO time. */
  submitted: string;
  fields: Record<string, unknown>;
  files: string[];
}

/**
 * The CSV of a form's submissions. Columns: id, submitted, the form's fields in the form's order under
 * their labels, the keys a stored submission has beyond the form's fields (in the order first met),
 * files (one a line). `excel`: starts with a UTF-8 byte order mark, without which Excel reads another encoding.
 */
export function submissionsCsv(form: SubmittableForm, submissions: readonly CsvSubmission[], options: { excel?: boolean } = {}): string {
  const known = new Set(form.order);
  const extra = [...new Set(submissions.flatMap((s) => Object.keys(s.fields).filter((key) => !known.has(key))))];
  const columns = [...form.order, ...extra];
  const header = csvRecord(['id', 'submitted', ...form.order.map((field) => fieldLabel(form, field)), ...extra, 'files']);
  const records = submissions.map((s) =>
    csvRecord([
      String(s.id),
      s.submitted,
      ...columns.map((key) => cellText(Object.hasOwn(s.fields, key) ? s.fields[key] : undefined)),
      s.files.join('\n'),
    ]),
  );
  return (options.excel ? '\uFEFF' : '') + header + records.join('');
}

/** A stored submission's data as fields: an object as it is, anything else under `data`. */
export const fieldsOf = (text: string): Record<string, unknown> => {
  const data = JSON.parse(text) as unknown;
  return isObject(data) ? data : { data };
};

/** The names of a submission's files; a removed one named with the day it went: `cv.pdf (removed 2026-02-10)`. */
export async function fileNamesOf(q: Queryable, submissionId: number): Promise<string[]> {
  const rows = await all<{ name: string }>(
    q,
    sql`SELECT CASE WHEN removed_at IS NULL THEN filename ELSE filename || ' (removed ' || substr(removed_at, 1, 10) || ')' END AS name
        FROM submission_files WHERE submission_id = ${submissionId} ORDER BY id`,
  );
  return rows.map((row) => row.name);
}

// ---------------------------------------------------------------------------------------------
// Lists.

/** The fields that hold a visitor's name, first found first; else first and last name together. */
const NAME_FIELDS = ['name', 'fullName', 'memberName'];
/** The fields that hold a visitor's e-mail when the form names none as its Reply-To. */
const EMAIL_FIELDS = ['email', 'emailAddress'];

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The name a visitor gave, as the list shows it ('' when the form asks none). */
export function nameOf(fields: Record<string, unknown>): string {
  for (const field of NAME_FIELDS) if (text(fields[field])) return text(fields[field]);
  return [text(fields.firstName), text(fields.lastName)].filter(Boolean).join(' ');
}

/** The e-mail a visitor gave: the form's Reply-To field, else a field named like one ('' when none). */
export function emailOf(form: SubmittableForm, fields: Record<string, unknown>): string {
  for (const field of [form.mail.replyTo, ...EMAIL_FIELDS]) if (field && text(fields[field])) return text(fields[field]);
  return '';
}

export interface SubmissionFilters {
  status?: SubmissionStatus;
  /** An assignee's e-mail; null: the unassigned ones. */
  assignee?: string | null;
  /** First day, YYYY-MM-DD in Asia/Manila (inclusive). */
  since?: string;
  /** Last day, YYYY-MM-DD in Asia/Manila (inclusive). */
  until?: string;
  /** Part of the name or e-mail, whatever the case. */
  search?: string;
  /** 1-based. */
  page?: number;
  /** Default and most: MAX_PAGE_SIZE. */
  pageSize?: number;
}

interface Row {
  id: number;
  form_key: string;
  data: string;
  created_at: string;
  status: SubmissionStatus;
  assignee: string | null;
  status_changed_at: string | null;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function checkFilters(filters: SubmissionFilters): void {
  if (filters.status !== undefined && !SUBMISSION_STATUSES.includes(filters.status))
    throw new DeskError('invalid', `Unknown status '${String(filters.status)}'.`);
  for (const day of [filters.since, filters.until])
    if (day !== undefined && !DAY.test(day)) throw new DeskError('invalid', `A day is YYYY-MM-DD (got '${day}').`);
}

const ageOf = (createdAt: string, now: Date) => Math.max(0, Math.floor((now.getTime() - Date.parse(createdAt)) / 1000));

/**
 * A form's submissions that match the filters, newest first, with their rows. Status and assignee
 * are filtered by the database; the day (in Asia/Manila, as the command's) and the search on the
 * name and e-mail read each row of the form that passed them. A submission whose created_at is not
 * a readable instant has no day, so it is left out (as the command leaves it out).
 */
async function matching(
  db: Db,
  form: SubmittableForm,
  filters: SubmissionFilters,
  now: Date,
): Promise<Array<{ row: Row; fields: Record<string, unknown>; item: SubmissionListItem }>> {
  checkFilters(filters);
  const rows = await all<Row>(
    db.query,
    sql`SELECT id, form_key, data, created_at, status, assignee, status_changed_at FROM form_submissions
        WHERE form_key = ${form.key}
          ${filters.status ? sql`AND status = ${filters.status}` : sql``}
          ${filters.assignee === null ? sql`AND assignee IS NULL` : filters.assignee ? sql`AND assignee = ${filters.assignee}` : sql``}
        ORDER BY id DESC`,
  );
  const search = filters.search?.trim().toLowerCase() ?? '';
  const result: Array<{ row: Row; fields: Record<string, unknown>; item: SubmissionListItem }> = [];
  for (const row of rows) {
    const instant = new Date(row.created_at);
    if (Number.isNaN(instant.getTime())) continue;
    const day = manilaToday(instant);
    if ((filters.since && day < filters.since) || (filters.until && day > filters.until)) continue;
    const fields = fieldsOf(row.data);
    const item: SubmissionListItem = {
      id: Number(row.id),
      name: nameOf(fields),
      email: emailOf(form, fields),
      status: row.status,
      assignee: row.assignee,
      submittedAt: instant.toISOString(),
      ageSeconds: ageOf(row.created_at, now),
    };
    if (search && !`${item.name}\n${item.email}`.toLowerCase().includes(search)) continue;
    result.push({ row, fields, item });
  }
  return result;
}

/** A page of a form's submissions that match the filters, newest first (matching). */
export async function listSubmissions(
  db: Db,
  form: SubmittableForm,
  filters: SubmissionFilters = {},
  now: Date = new Date(),
): Promise<SubmissionList> {
  const pageSize = Math.min(Math.max(Math.floor(filters.pageSize ?? MAX_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const page = Math.max(Math.floor(filters.page ?? 1), 1);
  const found = await matching(db, form, filters, now);
  const items = found.slice((page - 1) * pageSize, page * pageSize).map((match) => match.item);
  return { form: form.key, items, total: found.length, page, pageSize };
}

// ---------------------------------------------------------------------------------------------
// One submission.

async function rowOf(q: Queryable, id: number): Promise<Row> {
  if (!Number.isSafeInteger(id) || id < 1) throw new DeskError('not-found', `No submission #${id}.`);
  const row = await one<Row>(
    q,
    sql`SELECT id, form_key, data, created_at, status, assignee, status_changed_at FROM form_submissions WHERE id = ${id}`,
  );
  if (!row) throw new DeskError('not-found', `No submission #${id}.`);
  return row;
}

/** One submission in full, of a form in `forms` (a submission of a form no longer served is not found). */
export async function openSubmission(
  db: Db,
  forms: ReadonlyMap<string, SubmittableForm>,
  id: number,
  now: Date = new Date(),
): Promise<OpenedSubmission> {
  const row = await rowOf(db.query, id);
  const form = forms.get(row.form_key);
  if (!form) throw new DeskError('not-found', `Submission #${id} is of a form no longer served ('${row.form_key}').`);
  const fields = fieldsOf(row.data);
  const names = [...form.order, ...Object.keys(fields).filter((key) => !form.order.includes(key))];
  const files = await all<{ id: number; filename: string; mime: string; size: number; removed_at: string | null }>(
    db.query,
    sql`SELECT id, filename, mime, size, removed_at FROM submission_files WHERE submission_id = ${row.id} ORDER BY id`,
  );
  const notes = await all<{ id: number; author: string; created_at: string; body: string }>(
    db.query,
    sql`SELECT id, author, created_at, body FROM submission_notes WHERE submission_id = ${row.id} ORDER BY id`,
  );
  return {
    id: Number(row.id),
    form: form.key,
    name: nameOf(fields),
    email: emailOf(form, fields),
    status: row.status,
    assignee: row.assignee,
    statusChangedAt: row.status_changed_at,
    submittedAt: new Date(row.created_at).toISOString(),
    ageSeconds: ageOf(row.created_at, now),
    fields: names
      .filter((name) => Object.hasOwn(fields, name))
      .map((name) => ({ name, label: fieldLabel(form, name), value: cellText(fields[name]) })),
    files: files.map((f) => ({ id: Number(f.id), filename: f.filename, mime: f.mime, size: Number(f.size), removedAt: f.removed_at })),
    notes: notes.map((n) => ({ id: Number(n.id), author: n.author, at: n.created_at, text: n.body })),
  };
}

/** Sets a submission's status (and when it changed); setting the one it has changes nothing. */
export async function setSubmissionStatus(
  db: Db,
  actor: Actor,
  id: number,
  status: SubmissionStatus,
  now: Date = new Date(),
): Promise<DeskAction> {
  if (!SUBMISSION_STATUSES.includes(status)) throw new DeskError('invalid', `Unknown status '${String(status)}'.`);
  return db.write('uploads', async (q) => {
    const row = await rowOf(q, id);
    if (row.status !== status)
      await run(q, sql`UPDATE form_submissions SET status = ${status}, status_changed_at = ${now.toISOString()} WHERE id = ${row.id}`);
    return deskAction('submission.status', { kind: 'submission', id: Number(row.id) }, actor, now, { status: row.status }, { status });
  });
}

/** The longest assignee (an account's e-mail address). */
const MAX_ASSIGNEE_LENGTH = 254;

/** Assigns a submission to an account (its e-mail), or to nobody (null). */
export async function assignSubmission(
  db: Db,
  actor: Actor,
  id: number,
  assignee: string | null,
  now: Date = new Date(),
): Promise<DeskAction> {
  const to = assignee === null ? null : assignee.trim();
  if (to !== null && (to === '' || to.length > MAX_ASSIGNEE_LENGTH || to.includes('\u0000')))
    throw new DeskError('invalid', 'An assignee is an account e-mail address.');
  return db.write('uploads', async (q) => {
    const row = await rowOf(q, id);
    if (row.assignee !== to) await run(q, sql`UPDATE form_submissions SET assignee = ${to} WHERE id = ${row.id}`);
    return deskAction(
      'submission.assign',
      { kind: 'submission', id: Number(row.id) },
      actor,
      now,
      { assignee: row.assignee },
      { assignee: to },
    );
  });
}

/** Adds an internal note (1 to MAX_NOTE_LENGTH characters) by `actor`; the summary holds its id and length, not its text. */
export async function addSubmissionNote(db: Db, actor: Actor, id: number, note: string, now: Date = new Date()): Promise<DeskAction> {
  const body = note.trim();
  if (body === '' || body.length > MAX_NOTE_LENGTH || body.includes('\u0000'))
    throw new DeskError('invalid', `A note is 1 to ${MAX_NOTE_LENGTH} characters.`);
  return db.write('uploads', async (q) => {
    const row = await rowOf(q, id);
    const added = await one<{ id: number }>(
      q,
      sql`INSERT INTO submission_notes (submission_id, author, created_at, body)
          VALUES (${row.id}, ${actorName(actor)}, ${now.toISOString()}, ${body}) RETURNING id`,
    );
    return deskAction(
      'submission.note',
      { kind: 'submission', id: Number(row.id) },
      actor,
      now,
      { note: null },
      { note: Number(added!.id), length: body.length },
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Files.

/** A stored file read back to be downloaded as an attachment. */
export interface DownloadedFile {
  /** The type checked on upload (never the one the visitor's browser claimed). */
  mime: string;
  /** The cleaned file name (no folder, no control or direction characters). */
  downloadName: string;
  /** A Content-Disposition header value: attachment, an ASCII name and the UTF-8 one (RFC 6266). */
  contentDisposition: string;
  content: Buffer;
}

/** The name's ASCII stand-in for old clients: letters, digits, dot, dash, underscore and space. */
const asciiName = (name: string) => name.replace(/[^A-Za-z0-9._ -]/g, '_');

/** The name as an RFC 8187 value: UTF-8, percent-encoded beyond its attr-chars (encodeURIComponent leaves ' ( ) * as they are). */
const extValue = (name: string) => encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** A submission's file with its checked type and a safe name; a removed file is 'gone'. */
export async function readSubmissionFile(db: Db, submissionId: number, fileId: number): Promise<DownloadedFile> {
  const file =
    Number.isSafeInteger(submissionId) && Number.isSafeInteger(fileId)
      ? await one<{ filename: string; mime: string; content: Buffer; removed_at: string | null }>(
          db.query,
          sql`SELECT filename, mime, content, removed_at FROM submission_files WHERE id = ${fileId} AND submission_id = ${submissionId}`,
        )
      : undefined;
  if (!file) throw new DeskError('not-found', `No file #${fileId} of submission #${submissionId}.`);
  if (file.removed_at !== null) throw new DeskError('gone', `File #${fileId} was removed ${file.removed_at} (UPLOAD_RETENTION_DAYS).`);
  const downloadName = cleanFileName(file.filename) || 'file';
  return {
    mime: file.mime,
    downloadName,
    contentDisposition: `attachment; filename="${asciiName(downloadName)}"; filename*=UTF-8''${extValue(downloadName)}`,
    content: Buffer.from(file.content),
  };
}

// ---------------------------------------------------------------------------------------------
// Export.

/** The CSV of a form's submissions that match the filters (every page), oldest first, with their file names. */
export async function exportSubmissionsCsv(
  db: Db,
  form: SubmittableForm,
  filters: Omit<SubmissionFilters, 'page' | 'pageSize'> = {},
  options: { excel?: boolean } = {},
): Promise<{ csv: string; submissions: number }> {
  const found = (await matching(db, form, filters, new Date())).reverse();
  const exported: CsvSubmission[] = [];
  for (const { item, fields } of found)
    exported.push({ id: item.id, submitted: item.submittedAt, fields, files: await fileNamesOf(db.query, item.id) });
  return { csv: submissionsCsv(form, exported, options), submissions: exported.length };
}

/**
 * Per form that has submissions, when its oldest open one (status new or in progress) was submitted
 * (null: none is open): the metric of the oldest waiting submission, read when Prometheus scrapes.
 * One covering scan of the index form_submissions_open.
 */
export function oldestOpenSubmissions(db: Db): Promise<Array<{ form: string; oldest: string | null }>> {
  return all<{ form: string; oldest: string | null }>(
    db.query,
    sql`SELECT form_key AS form, MIN(CASE WHEN status IN (${sql.join([...OPEN_STATUSES])}) THEN created_at END) AS oldest
        FROM form_submissions GROUP BY form_key`,
  );
}
