/**
 * `npm run outbox`: the e-mails of the server's outbox that are not sent yet or failed, one in full,
 * or one made due again for the running server's sender. The database is the server's: the
 * PostgreSQL one of DATABASE_URL when set, else ${DATA_DIR:-./data}/app.db (read-only unless
 * --resend). Exit codes: 0 done, 1 failed, 2 bad arguments.
 *
 *   npm run outbox                          pending and failed e-mails
 *   npm run outbox -- --all                 sent ones too (oldest first, at most 200)
 *   npm run outbox -- --show 12             e-mail #12 with its text
 *   npm run outbox -- --resend 12           send #12 again (a failed or pending one)
 *   npm run outbox -- --resend 12 --even-if-sent
 */
import { operatorDatabase, parseOptions, runCommand, UsageError } from '../server/ops/cli';
import { formatListing, formatRow, listOutbox, openOutbox, resendOutbox } from '../server/ops/outbox';

const USAGE = `Usage: npm run outbox [-- --all | --show <id> | --resend <id> [--even-if-sent]]

Lists the e-mails of \${DATA_DIR:-./data}/app.db, or of the PostgreSQL database of DATABASE_URL, that
are not sent yet or failed for good.
  --all             the sent ones too (oldest first, at most 200)
  --show <id>       one e-mail with its text
  --resend <id>     make a failed or pending e-mail due now (the running server sends it)
  --even-if-sent    with --resend: send a sent e-mail again (same Message-ID)`;

const idOf = (value: string | undefined, option: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^\d{1,15}$/.test(value)) throw new UsageError(`${option} needs an e-mail number (got '${value}').`);
  return Number(value);
};

await runCommand(USAGE, async () => {
  const args = parseOptions(process.argv.slice(2), {
    all: { type: 'boolean' },
    show: { type: 'string' },
    resend: { type: 'string' },
    'even-if-sent': { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  });
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const show = idOf(args.show, '--show');
  const resend = idOf(args.resend, '--resend');
  if (show !== undefined && resend !== undefined) throw new UsageError('Give --show or --resend, not both.');
  if (args['even-if-sent'] && resend === undefined) throw new UsageError('--even-if-sent goes with --resend.');
  const { close, store } = await openOutbox(operatorDatabase(), { write: resend !== undefined });
  try {
    if (resend !== undefined) {
      const row = await resendOutbox(store, resend, { evenIfSent: args['even-if-sent'] });
      process.stdout.write(`E-mail #${row.id} to ${row.to_address} is due now: the running server sends it within seconds.\n`);
    } else if (show !== undefined) {
      const row = await store.byId(show);
      if (!row) throw new UsageError(`No e-mail #${show} in the outbox.`);
      process.stdout.write(formatRow(row));
    } else {
      process.stdout.write(formatListing(await listOutbox(store, args.all ? ['pending', 'failed', 'sent'] : ['pending', 'failed'])));
    }
  } finally {
    await close();
  }
});
