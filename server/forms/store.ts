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
  files: Array<{ id: number; filename: string; mime: string; size: number }>;
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

  /** The latest submissions, newest first, optionally of one form. */
  latest(options: { formKey?: string; limit?: number } = {}): SubmissionSummary[] {
    const limit = Math.min(Math.max(options.limit ?? 50, 1), 200);
    const rows = this.db
      .prepare(
        `SELECT id, form_key, data, created_at, ip FROM form_submissions
         WHERE @formKey IS NULL OR form_key = @formKey ORDER BY id DESC LIMIT @limit`,
      )
      .all({ formKey: options.formKey ?? null, limit }) as Array<Omit<SubmissionSummary, 'data' | 'files'> & { data: string }>;
    const files = this.db.prepare('SELECT id, filename, mime, size FROM submission_files WHERE submission_id = ? ORDER BY id');
    return rows.map((row) => ({
      ...row,
      data: JSON.parse(row.data) as unknown,
      files: files.all(row.id) as SubmissionSummary['files'],
    }));
  }
}
