/**
 * `npm run test:postgres`: the server and studio suites (tests/server, tests/studio) again, against PostgreSQL.
 * Each test's data folder gets a schema of its own in the database of TEST_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/test), dropped when the test ends (tests/server/helpers.ts).
 * Where no PostgreSQL answers, it says so and skips (exit 0): the SQLite half still ran.
 *
 *   npm run test:postgres                       every server test file
 *   npm run test:postgres -- tests/server/keys  the files vitest matches
 */
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const shown = url.replace(/:[^:@/]*@/, ':***@');

const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
try {
  await client.connect();
  await client.query('SELECT 1');
} catch (error) {
  process.stdout.write(
    `PostgreSQL does not answer at ${shown} (${(error as Error).message}): the PostgreSQL half of the server suite is skipped.\n`,
  );
  process.exit(0);
} finally {
  await client.end().catch(() => {});
}

process.stdout.write(`The server suite against PostgreSQL at ${shown}\n`);
const files = process.argv.slice(2);
// One file at a time: every test has a schema of its own in one database, and Kysely's migrator
// lists the tables of every schema; a schema another worker drops meanwhile fails that listing
// ("schema t_… does not exist", seen in tests/server/git-record.test.ts). The SQLite half runs two.
const result = spawnSync('npx', ['vitest', 'run', '--maxWorkers=1', ...(files.length > 0 ? files : ['tests/server', 'tests/studio'])], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
