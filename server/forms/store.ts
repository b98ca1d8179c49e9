import { all, one, run, sql, type Db, type Queryable } from '../db';

export interface UploadedFile {
  filename: string;
  mime: string;
  content: Buffer;
}

export interface NewSubmission {
  formKey: string;
  data: unknown;
  createdAt: string;
  ip: string | null;
  files: UploadedFile[];
}

/** A stored submission as the demo listing shows it (file bytes left out). */
export interface SubmissionSummary {
  id: number;
  form_key: string;
  data: unknown;
  created_at: string;
  ip: string | null;
  /** removed_at: when the file was removed at the end of its retention (its bytes are gone), else null. */
  files: Array<{ id: number; filename: string; mime: string; size: number; removed_at: string | null }>;
}

/** form_submissions and submission_files (migration 2). */
export class SubmissionStore {
  constructor(private readonly db: Db) {}

  /**
   * Stores a submission with its files; returns its id. The submission and its files are one unit:
   * on a caller's `q` they belong to its transaction, else they are written in one of their own.
   */
  add(submission: NewSubmission, q?: Queryable): Promise<number> {
    return q ? this.save(submission, q) : this.db.write('uploads', (t) => this.save(submission, t));
  }

  private async save(submission: NewSubmission, q: Queryable): Promise<number> {
    const row = await one<{ id: number }>(
      q,
      sql`INSERT INTO form_submissions (form_key, data, created_at, ip)
          VALUES (${submission.formKey}, ${JSON.stringify(submission.data)}, ${submission.createdAt}, ${submission.ip})
          RETURNING id`,
    );
    const id = Number(row!.id);
    for (const file of submission.files) {
      await run(
        q,
        sql`INSERT INTO submission_files (submission_id, filename, mime, size, content)
            VALUES (${id}, ${file.filename}, ${file.mime}, ${file.content.length}, ${file.content})`,
      );
    }
    return id;
  }

  /** Bytes of the stored files not removed: what the upload quota counts. */
  async storedBytes(q: Queryable = this.db.query): Promise<number> {
    // BIGINT: the sum passes 2^31 bytes (a quota of 2 GiB and more), which PostgreSQL's INTEGER does not hold.
    const row = await one<{ bytes: number }>(
      q,
      sql`SELECT coalesce(CAST(sum(size) AS BIGINT), 0) AS bytes FROM submission_files WHERE removed_at IS NULL`,
    );
    return Number(row?.bytes ?? 0);
  }

  /**
   * Removes the files of the submissions stored before `before` (ISO): their bytes are emptied and
   * removed_at set to `now`; the file rows (name, type, size) and the submissions stay. SQLite runs
   * with secure_delete (db.ts), so the bytes are overwritten, not left in free pages. Returns how
   * many files were removed.
   */
  removeFilesBefore(before: string, now: string): Promise<number> {
    return run(
      this.db.query,
      sql`UPDATE submission_files SET content = ${Buffer.alloc(0)}, removed_at = ${now}
          WHERE removed_at IS NULL AND submission_id IN (SELECT id FROM form_submissions WHERE created_at < ${before})`,
    );
  }

  /** The latest submissions, newest first, optionally of one form. */
  async latest(options: { formKey?: string; limit?: number } = {}): Promise<SubmissionSummary[]> {
    const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
    const rows = await all<Omit<SubmissionSummary, 'data' | 'files'> & { data: string }>(
      this.db.query,
      sql`SELECT id, form_key, data, created_at, ip FROM form_submissions
          ${options.formKey === undefined ? sql`` : sql`WHERE form_key = ${options.formKey}`}
          ORDER BY id DESC LIMIT ${limit}`,
    );
    const files =
      rows.length === 0
        ? []
        : await all<SubmissionSummary['files'][number] & { submission_id: number }>(
            this.db.query,
            sql`SELECT id, submission_id, filename, mime, size, removed_at FROM submission_files
                WHERE submission_id IN (${sql.join(rows.map((row) => row.id))}) ORDER BY id`,
          );
    return rows.map((row) => ({
      ...row,
      data: JSON.parse(row.data) as unknown,
      files: files.filter((file) => file.submission_id === row.id).map(({ submission_id: _, ...file }) => file),
    }));
  }
}
