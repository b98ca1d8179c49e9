/**
 * `npm run generate`: the TypeScript types of pages.config.json, the blocks, the API resources and
 * the forms, from their schemas (see scripts/lib/generate/run.ts for the steps). Files are written
 * only when their content changes. Inputs that cannot be used are skipped with a warning:
 * `npm run validate` reports them precisely.
 *
 * A run whose inputs and generator code are unchanged since the last one does nothing (the state
 * is kept in node_modules/.cache/schema-pipeline/); `--force` runs every step anyway.
 *
 *   node scripts/run-script.mjs scripts/generate.ts [--root <dir>] [--force]   (or tsx scripts/generate.ts ...)
 */
import path from 'node:path';
import { generateAndReport } from './lib/generate/run';

const args = process.argv.slice(2);
const rootFlag = args.indexOf('--root');
const root = rootFlag >= 0 && args[rootFlag + 1] ? path.resolve(args[rootFlag + 1]) : process.cwd();

if (!(await generateAndReport(root, { force: args.includes('--force') }))) process.exitCode = 1;
