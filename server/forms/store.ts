import type { Db } from '../db';

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
  private readonly insertSubmission;
  private readonly insertFile;
  private readonly save;

  constructor(private readonly db: Db) {
    this.insertSubmission = db.prepare<[string, string, string, string | null]>(
      'INSERT INTO form_submissions (form_key, data, created_at, ip) VALUES (?, ?, ?, ?)',
    );
    this.insertFile = db.prepare<[number, string, string, number, Buffer]>(
      'INSERT INTO submission_files (submission_id, filename, mime, size, content) VALUES (?, ?, ?, ?, ?)',
    );
    // The submission and its files are one unit: both are stored, or neither.
    this.save = db.transaction((submission: NewSubmission): number => {
      const { lastInsertRowid } = this.insertSubmission.run(
        submission.formKey,
        JSON.stringify(submission.data),
        submission.createdAt,
        submission.ip,
      );
      const id = Number(lastInsertRowid);
      for (const file of submission.files) this.insertFile.run(id, file.filename, file.mime, file.content.length, file.content);
      return id;
    });
  }

  /** Stores a submission with its files in one transaction; returns its id. */
  add(submission: NewSubmission): number {
    return this.save(submission);
  }

  /** Bytes of the stored files not removed: what the upload quota counts. */
  storedBytes(): number {
    return this.db.prepare('SELECT coalesce(sum(size), 0) FROM submission_files WHERE removed_at IS NULL').pluck().get() as number;
  }

  /**
   * Removes the files of the submissions stored before `before` (ISO): their bytes are emptied and
   * removed_at set to `now`; the file rows (name, type, size) and the submissions stay. The database
   * runs with secure_delete (db.ts), so the bytes are overwritten, not left in free pages. Returns how
   * many files were removed.
   */
  removeFilesBefore(before: string, now: string): number {
    return this.db
      .prepare(
        `UPDATE submission_files SET content = x'', removed_at = @now
         WHERE removed_at IS NULL AND submission_id IN (SELECT id FROM form_submissions WHERE created_at < @before)`,
      )
      .run({ before, now }).changes;
  }

  /** The latest submissions, newest first, optionally of one form. */
  latest(options: { formKey?: string; limit?: number } = {}): SubmissionSummary[] {
    const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
    const rows = this.db
      .prepare(
        `SELECT id, form_key, data, created_at, ip FROM form_submissions
         WHERE @formKey IS NULL OR form_key = @formKey ORDER BY id DESC LIMIT @limit`,
      )
      .all({ formKey: options.formKey ?? null, limit }) as Array<Omit<SubmissionSummary, 'data' | 'files'> & { data: string }>;
    const files = this.db.prepare('SELECT id, filename, mime, size, removed_at FROM submission_files WHERE submission_id = ? ORDER BY id');
    return rows.map((row) => ({
      ...row,
      data: JSON.parse(row.data) as unknown,
      files: files.all(row.id) as SubmissionSummary['files'],
    }));
  }
}
