/**
 * A demo server in a process of its own, for the tests that kill a server or run two on one
 * database (mail-processes.test.ts): the real buildServer with a short claim lease, on a free port
 * that it prints as `listening <port>`. Settings from the environment: DATA_DIR, DATABASE_URL (the
 * PostgreSQL database instead of DATA_DIR's SQLite file), SMTP_URL, MAIL_LEASE_MS, MAIL_POLL_MS.
 */
import { buildServer } from '../../server/app';

const env = process.env;
const app = await buildServer({
  dataDir: env.DATA_DIR!,
  databaseUrl: env.DATABASE_URL,
  demo: true,
  product: { name: 'Bantay Doc', short: 'bantaydoc' },
  publicUrl: 'http://shop.bantaydoc.test',
  smtpUrl: env.SMTP_URL,
  mailFrom: 'Bantay Doc <no-reply@bantaydoc.test>',
  formRateLimit: 100_000,
  mail: { leaseMs: Number(env.MAIL_LEASE_MS ?? 1000), pollMs: Number(env.MAIL_POLL_MS ?? 50) },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening ${typeof address === 'object' && address ? address.port : 0}`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
