/**
 * `npm run generate`: the TypeScript types of pages.config.json, the blocks, the API resources and
 * the forms, from their schemas (see scripts/lib/generate/run.ts for the steps). Files are written
 * only when their content changes. Inputs that cannot be used are skipped with a warning:
 * `npm run validate` reports them precisely.
 *
 * A run whose inputs and generator code are unchanged since the last one does nothing (the state
 * is kept in node_modules/.cache/schema-pipeline/); `--force` runs every step anyway.
 *
 *   tsx scripts/generate.ts [--root <dir>] [--force]
 */
import path from 'node:path';
import { generate } from './lib/generate/run';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 && args[rootFlag + 1] ? path.resolve(args[rootFlag + 1]) : process.cwd();

try {
  const { files, changed, warnings } = await generate(root, { force: args.includes('--force') });
  for (const warning of warnings) process.stderr.write(`generate: ${warning}\n`);
  process.stdout.write(`generated ${files.length} files (${changed.length} changed)\n`);
} catch (error) {
  process.stderr.write(`generate: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
}
