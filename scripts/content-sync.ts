/**
 * `npm run content:sync`: brings the database of ${DATA_DIR:-./data} (or of DATABASE_URL) to the
 * content files now, while the server runs on it (server/ops/content-sync.ts). Exit codes: 0 done, 1 failed (invalid files,
 * no database), 2 bad arguments.
 *
 *   npm run content:sync                     the files of this checkout
 *   npm run content:sync -- --root <dir>     the content/ of another checkout (a deployed release)
 */
import { resolve } from 'node:path';
import { operatorDatabase, parseOptions, runCommand } from '../server/ops/cli';
import { syncDatabase } from '../server/ops/content-sync';

const USAGE = `Usage: npm run content:sync [-- --root <dir>]

Brings the content of \${DATA_DIR:-./data}/app.db, or of the PostgreSQL database of DATABASE_URL, to the files of content/ (and content/demo/ for a
demo database), in one transaction; prints one line per changed resource.
  --root <dir>   the project whose content/ to follow (default: this checkout)`;

await runCommand(USAGE, async () => {
  const args = parseOptions(process.argv.slice(2), { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } });
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const lines = await syncDatabase(operatorDatabase(), {
    root: args.root === undefined ? undefined : resolve(args.root),
  });
  process.stdout.write(`${lines.join('\n')}\n`);
});
