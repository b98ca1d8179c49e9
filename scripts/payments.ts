/**
 * `npm run payments`: confirmed payments that issued no keys and wait for an operator. The database
 * is the server's: the PostgreSQL one of DATABASE_URL when set, else ${DATA_DIR:-./data}/app.db
 * (read-only unless --resolve). Exit codes: 0 done, 1 failed, 2 bad arguments.
 *
 *   npm run payments                                   the open reviews
 *   npm run payments -- --all                          resolved ones too
 *   npm run payments -- --resolve 3 --note "refunded"  close review #3 with what was done
 */
import { operatorDatabase, parseOptions, runCommand, UsageError } from '../server/ops/cli';
import { formatReviews, openPayments, resolvePayment } from '../server/ops/payments';

const USAGE = `Usage: npm run payments [-- --all | --resolve <id> --note "<what was done>"]

Lists the payments of \${DATA_DIR:-./data}/app.db, or of the PostgreSQL database of DATABASE_URL, that
the provider confirmed but that issued no keys (the buyer had cancelled the order, or it was already
paid). Refund them or issue keys, then close each with --resolve.`;

await runCommand(USAGE, async () => {
  const args = parseOptions(process.argv.slice(2), {
    all: { type: 'boolean' },
    resolve: { type: 'string' },
    note: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  });
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.resolve !== undefined && !/^\d{1,15}$/.test(args.resolve))
    throw new UsageError(`--resolve needs a review number (got '${args.resolve}').`);
  if ((args.note === undefined) !== (args.resolve === undefined)) throw new UsageError('--resolve and --note go together.');
  const { close, store } = await openPayments(operatorDatabase(), { write: args.resolve !== undefined });
  try {
    if (args.resolve !== undefined) {
      await resolvePayment(store, Number(args.resolve), args.note ?? '');
      process.stdout.write(`Payment review #${args.resolve} resolved.\n`);
    } else {
      process.stdout.write(await formatReviews(store, await store.reviews({ all: args.all })));
    }
  } finally {
    await close();
  }
});
