/**
 * `npm run submissions`: exports the stored submissions of one form as CSV from the server's
 * database (the PostgreSQL one of DATABASE_URL when set, else `${DATA_DIR:-./data}/app.db`;
 * read-only: safe while the server runs). Exit codes: 0 done, 1 failed (no database...), 2 bad
 * arguments or an unknown form.
 *
 *   npm run submissions -- --form contact-us --since 2026-11-01 [--until 2026-11-30] [--files DIR] [--out FILE] [--excel]
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { operatorDatabase, parseOptions, runCommand, UsageError } from '../server/ops/cli';
import { exportSubmissions } from '../server/ops/submissions';

const USAGE = `Usage: npm run submissions -- --form <key> --since <YYYY-MM-DD> [--until <YYYY-MM-DD>] [--files <dir>] [--out <file>] [--excel]

Writes the stored submissions of one form as CSV (RFC 4180, UTF-8) to stdout or --out, read from
\${DATA_DIR:-./data}/app.db, or from the PostgreSQL database of DATABASE_URL.
  --form <key>    the form's key (its flow.target is form-emails/<key>), e.g. contact-us
  --since <day>   first day, YYYY-MM-DD in Asia/Manila (inclusive)
  --until <day>   last day, YYYY-MM-DD in Asia/Manila (inclusive; default: no end)
  --files <dir>   also writes each uploaded file to <dir> as <submission id>-<file name>
  --out <file>    writes the CSV to <file> (replacing it) instead of stdout
  --excel         starts the CSV with a UTF-8 byte order mark, for Excel`;

await runCommand(USAGE, async () => {
  const args = parseOptions(process.argv.slice(2), {
    form: { type: 'string' },
    since: { type: 'string' },
    until: { type: 'string' },
    files: { type: 'string' },
    out: { type: 'string' },
    excel: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (!args.form || !args.since) throw new UsageError('--form and --since are required.');
  if (args.files === '' || args.out === '') throw new UsageError('--files and --out need a path.');

  const result = await exportSubmissions(operatorDatabase(), {
    formKey: args.form,
    since: args.since,
    until: args.until,
    filesDir: args.files,
    excel: args.excel,
  });
  if (args.out) writeFileSync(args.out, result.csv);
  else process.stdout.write(result.csv);
  const where = [args.out && `CSV in ${resolve(args.out)}`, args.files && `files in ${resolve(args.files)}`].filter(Boolean).join('; ');
  process.stderr.write(
    `Exported ${result.submissions} submission(s) and ${result.files} file(s) of form '${args.form}'${where ? ` (${where})` : ''}.\n`,
  );
});
