/**
 * `npm run bench:validate`: how long the QA gate, `npm run validate`, takes an editor: wall time of
 * the whole command (npm included), best of N runs (default 5), on a scratch copy of the project
 * (its caches of its own; the project's files are never touched):
 *
 * - cold: the first run (the scripts bundled, everything generated, every validator compiled);
 * - nothing changed since the last run (the goal: under one second);
 * - after an edit of pages.config.json (a page's title), of a form (forms/contact.json), of a
 *   content file (content/jobs.json) and of a block schema (src/blocks/banner/schema.json): each run
 *   edits a text anew, so each sees a change.
 *
 *   npm run bench:validate -- [--runs N]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { copyProject } from './lib/scratch-copy.ts';

const REPO = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs needs a whole number of at least 1');
  process.exit(2);
}

const dir = mkdtempSync(path.join(tmpdir(), 'bench-validate-'));

/** One `npm run validate` in the copy: its wall time in seconds (fails the bench when validate fails). */
function validate(): number {
  const start = process.hrtime.bigint();
  const result = spawnSync('npm', ['run', 'validate', '--silent'], { cwd: dir, encoding: 'utf8' });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) throw new Error(`npm run validate failed in the copy:\n${result.stdout}${result.stderr}`);
  return seconds;
}

/** Rewrites a JSON file of the copy (its layout is of no concern here). */
function editJson(file: string, edit: (data: Record<string, unknown>) => void): void {
  const abs = path.join(dir, file);
  const data = JSON.parse(readFileSync(abs, 'utf8')) as Record<string, unknown>;
  edit(data);
  writeFileSync(abs, `${JSON.stringify(data, null, 2)}\n`);
}

/** The best of `runs` runs, each after `before(i)`. */
function best(before: (run: number) => void = () => {}): number {
  let fastest = Infinity;
  for (let i = 0; i < runs; i++) {
    before(i);
    fastest = Math.min(fastest, validate());
  }
  return fastest;
}

try {
  copyProject(REPO, dir);
  const rows: Array<[string, number]> = [];
  rows.push(['cold (scripts bundled, all generated, all compiled)', validate()]);
  rows.push(['nothing changed', best()]);
  rows.push([
    'pages.config.json edited (a page title)',
    best((i) =>
      editJson('pages.config.json', (config) => {
        const [page] = config.pages as Array<{ title?: string }>;
        page.title = `${page.title ?? ''} ${i}`;
      }),
    ),
  ]);
  rows.push([
    "a form edited (forms/contact.json, its schema's description)",
    best((i) => editJson('forms/contact.json', (form) => ((form.schema as Record<string, unknown>).description = `bench ${i}`))),
  ]);
  rows.push([
    'a content file edited (content/jobs.json, a job title)',
    best((i) =>
      editJson('content/jobs.json', (file) => {
        const [job] = file.items as Array<{ title: string }>;
        job.title = `Telemedicine Physician ${i}`;
      }),
    ),
  ]);
  rows.push([
    'a block schema edited (banner)',
    best((i) => editJson('src/blocks/banner/schema.json', (schema) => (schema.description = `bench ${i}`))),
  ]);
  console.log(`npm run validate, wall time, best of ${runs} (cold: one run):`);
  for (const [label, seconds] of rows) console.log(`  ${label.padEnd(58)} ${seconds.toFixed(2)} s`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
