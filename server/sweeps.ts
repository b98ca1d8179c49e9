import type { FastifyBaseLogger } from 'fastify';
import type { SubmissionStore } from './forms/store';
import { KEY_MAIL_KEPT_DAYS, type OutboxStore } from './mail/outbox';
import type { Metrics } from './metrics';
import { DEFAULT_UPLOAD_RETENTION_DAYS } from './settings';
import type { OrderStore } from './shop/store';

/** How often pending orders are checked for expiry. */
const EXPIRY_SWEEP_MS = 60_000;
/** How often uploads past their retention are looked for (and once at start). */
const UPLOAD_SWEEP_MS = 60 * 60_000;
const DAY_MS = 86_400_000;

/**
 * Starts the instance's sweeps and returns their stop. Pending orders past their time expire, and
 * sent key e-mails past KEY_MAIL_KEPT_DAYS are forgotten; the first expiry runs now, and its failure
 * stops the start. Uploaded files are kept UPLOAD_RETENTION_DAYS, then removed (their submission
 * stays, marked); a failed sweep is tried again at the next.
 */
export async function startSweeps(deps: {
  orders: OrderStore;
  uploads: SubmissionStore;
  outbox: OutboxStore;
  metrics: Metrics;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Days an uploaded file is kept (default: DEFAULT_UPLOAD_RETENTION_DAYS). */
  uploadRetentionDays?: number;
}): Promise<() => void> {
  const { orders, uploads, outbox, metrics, now, log } = deps;
  const expirePending = async () => metrics.ordersExpired.inc(await orders.expirePending(now().toISOString()));
  await expirePending();
  const sweepOnce = async () => {
    try {
      await expirePending();
      await outbox.forgetSentKeyMails(new Date(now().getTime() - KEY_MAIL_KEPT_DAYS * 86_400_000));
    } catch (error) {
      log.warn({ err: error }, 'orders: could not expire pending orders; trying again later');
    }
  };
  const sweep = setInterval(() => void sweepOnce(), EXPIRY_SWEEP_MS);
  sweep.unref();
  const retentionMs = (deps.uploadRetentionDays ?? DEFAULT_UPLOAD_RETENTION_DAYS) * DAY_MS;
  const removeOldUploads = async () => {
    try {
      const removed = await uploads.removeFilesBefore(new Date(now().getTime() - retentionMs).toISOString(), now().toISOString());
      if (removed > 0) log.info({ removed }, 'uploads: files past their retention removed');
    } catch (error) {
      log.warn({ err: error }, 'uploads: could not remove files past their retention; trying again later');
    }
  };
  await removeOldUploads();
  const uploadSweep = setInterval(() => void removeOldUploads(), UPLOAD_SWEEP_MS);
  uploadSweep.unref();
  return () => {
    clearInterval(sweep);
    clearInterval(uploadSweep);
  };
}
