/**
 * `npm run migrate`: rewrites pages.config.json and forms/*.json in place to the format version this
 * engine reads (scripts/lib/migrations.ts), keeping each file's layout: only the changed values'
 * text is edited. Prints what it did per file; `--check` changes nothing and exits 1 when a file
 * needs migrating.
 *
 *   tsx scripts/migrate.ts [--root <dir>] [--check]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { listJson } from './lib/json-file';
import { migrateText, type FileKind } from './lib/migrations';
import { PROJECT_PATHS } from './lib/project';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 && args[rootFlag + 1] ? path.resolve(args[rootFlag + 1]) : process.cwd();
const check = args.includes('--check');

const files: Array<{ file: string; kind: FileKind }> = [
  { file: PROJECT_PATHS.config, kind: 'pages' },
  ...listJson(root, PROJECT_PATHS.forms).map((name) => ({ file: `${PROJECT_PATHS.forms}/${name}.json`, kind: 'form' as const })),
];

let pending = 0;
let failed = 0;
for (const { file, kind } of files) {
  const abs = path.join(root, file);
  try {
    const text = readFileSync(abs, 'utf8');
    const result = migrateText(kind, text);
    if (result.text === text) continue;
    pending++;
    const what = result.applied.length > 0 ? `: ${result.applied.join('; ')}` : ' (formatVersion added)';
    process.stdout.write(`${file}: format ${result.from} -> ${result.to}${what}\n`);
    if (!check) writeFileSync(abs, result.text);
  } catch (error) {
    failed++;
    process.stderr.write(`${file}: ${(error as Error).message}\n`);
  }
}
if (pending === 0 && failed === 0) process.stdout.write(`all ${files.length} files are in the current format\n`);
else if (check && pending > 0) process.stdout.write(`${pending} files need \`npm run migrate\`\n`);
process.exitCode = failed > 0 || (check && pending > 0) ? 1 : 0;
