/**
 * `npm run bench:mail`: how fast e-mail leaves. Starts a local SMTP server (smtp-server, accepting
 * everything) and the reference server in this process (demo mode, a temporary data directory, its
 * sender on that SMTP server), then measures:
 *  1. latency: for each of --orders orders (100), one after the other, a billing and then the
 *     provider's signed payment notification (as the provider sends it, through the server's own
 *     HTTP handling in process); the time from that notification to its key e-mail accepted (250)
 *     by the SMTP server. Prints the median, 90th and 99th percentile.
 *  2. throughput: --messages form e-mails (2000) written to the outbox at once, and the time until
 *     the sender has them all accepted: messages per second.
 * Options: --orders <n>, --messages <n>.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildServer } from '../server/app.ts';
import { NOTIFICATIONS_PATH } from '../server/shop/provider.ts';
import { signatureHeader, SIGNATURE_HEADER } from '../server/shop/signature.ts';
import { STANDARD_BILLING, wholeNumberOption } from './lib/bench-inputs.ts';

const args = process.argv.slice(2);
const orders = wholeNumberOption(args, 'orders', 100);
const messages = wholeNumberOption(args, 'messages', 2000);
const billing = STANDARD_BILLING;

/** Accepted messages: each resolves the oldest waiter. */
let accepted = 0;
const waiters: Array<() => void> = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => {
      accepted += 1;
      callback();
      waiters.shift()?.();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const dataDir = mkdtempSync(join(tmpdir(), 'telmed-bench-mail-'));
const app = await buildServer({ dataDir, demo: true, smtpUrl, mailFrom: 'Bantay Doc <no-reply@bantaydoc.test>', formRateLimit: 1_000_000 });
await app.ready();

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

try {
  // 1. Latency: notification -> key e-mail accepted.
  const latencies: number[] = [];
  for (let i = 0; i < orders; i++) {
    const reply = await app.inject({ method: 'POST', url: '/api/v1/billing-informations', payload: billing });
    if (reply.statusCode !== 201) throw new Error(`billing answered ${reply.statusCode}: ${reply.body}`);
    const { order_id, amount } = reply.json().sandboxpay.payment_request as { order_id: number; amount: number };
    const raw = JSON.stringify({ id: `evt_bench_${i}`, type: 'payment.succeeded', order_id, amount, currency: 'PHP' });
    const arrived = new Promise<void>((resolve) => waiters.push(resolve));
    const start = performance.now();
    const notified = await app.inject({
      method: 'POST',
      url: NOTIFICATIONS_PATH,
      headers: {
        'content-type': 'application/json',
        [SIGNATURE_HEADER]: signatureHeader(raw, app.ctx.paymentSecret, Math.floor(Date.now() / 1000)),
      },
      payload: raw,
    });
    if (notified.json().outcome !== 'paid') throw new Error(`notification answered ${notified.statusCode}: ${notified.body}`);
    await arrived;
    latencies.push(performance.now() - start);
  }
  latencies.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`Payment notification -> key e-mail accepted by SMTP, ${orders} orders one after the other:`);
  console.log(
    `  median ${ms(percentile(latencies, 50))}, p90 ${ms(percentile(latencies, 90))}, p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1)!)}`,
  );

  // 2. Throughput: a backlog drained by the sender.
  const now = new Date().toISOString();
  const before = accepted;
  const done = new Promise<void>((resolve) => {
    const check = () => (accepted - before >= messages ? resolve() : setTimeout(check, 5));
    check();
  });
  const start = performance.now();
  await app.ctx.db.write('outbox', async (q) => {
    for (let i = 0; i < messages; i++) {
      await app.ctx.mail.outbox.enqueue(
        { kind: 'form', to: ['staff@bantaydoc.test'], subject: `Bench ${i}`, text: `Form e-mail ${i}\n${'x'.repeat(800)}` },
        now,
        q,
      );
    }
  });
  app.ctx.mail.notify();
  await done;
  const seconds = (performance.now() - start) / 1000;
  console.log(`Sender throughput, ${messages} e-mails of ~1 kB: ${(messages / seconds).toFixed(0)} messages/s (${seconds.toFixed(2)} s)`);
} finally {
  await app.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  rmSync(dataDir, { recursive: true, force: true });
}
