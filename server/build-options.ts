import { randomBytes } from 'node:crypto';
import type { ServerContext } from './context';
import type { GitRecordSettings } from './content/git-record';
import type { MailSettings } from './mail/service';
import type { PreviewSettings } from './preview/route';
import type { Product } from './product';
import { DEFAULT_ORDER_TTL_MINUTES, parseOrigin, parseProviderUrl, secretProblem, SettingsError, trustProxyProblem } from './settings';
import { PAYMENT_REQUESTS_PATH } from './shop/provider';

/** The options of buildServer (server/app.ts): what the process settings (server/settings.ts) or a test give it. */
export interface BuildOptions {
  /** Directory of the SQLite file (`app.db`); created if missing. Unused with `databaseUrl`. */
  dataDir: string;
  /** The SQLite file is thrown away after use (a preview's API): never synced to disk. */
  scratchData?: boolean;
  /** The folder of content images (content/media of the project by default; tests give their own). */
  mediaDir?: string;
  /** Make every content image's variants once the server is ready (server/images/serve.ts); `npm start` does. */
  warmImages?: boolean;
  /** PostgreSQL instead of the SQLite file: postgres://user@host:port/database (DATABASE_URL). */
  databaseUrl?: string;
  /** Connections of the PostgreSQL pool (DATABASE_POOL_SIZE; default 10). */
  databasePoolSize?: number;
  /** The project whose content/ files the database follows (default: this repository). */
  contentRoot?: string;
  /** Redis shared by the instances (rate limits, render budget, HTML cache); without it, each process its own. */
  redisUrl?: string;
  /** Built site (vite build output); served when it holds an index.html. */
  staticDir?: string;
  /** Demo mode: sandbox provider, e-mail outbox, /dev and /api/dev routes, demo seed. Never in production. */
  demo: boolean;
  /** Request log: false (none), true (info) or a level; production default 'warn'. */
  logger?: boolean | 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Where log lines (JSON) go instead of standard output (tests read what was logged). */
  logStream?: { write(line: string): void };
  /** Serve Prometheus metrics at GET /metrics on this port (METRICS_PORT; 0: any free one); none when absent. */
  metricsPort?: number;
  /** The address the metrics port listens on (METRICS_HOST; default 127.0.0.1: never public). */
  metricsHost?: string;
  /** The site's public origin; required outside demo mode (demo default: http://127.0.0.1:8080). */
  publicUrl?: string;
  /** Payment notification secret; required outside demo mode (demo default: random per start). */
  paymentSecret?: string;
  /** The provider's payment-request URL; required outside demo mode (demo default: the sandbox's). */
  paymentProviderUrl?: string;
  /** Fastify trustProxy: the addresses of trusted reverse proxies (rate limits and stored IPs then use the client's address). */
  trustProxy?: boolean | number | string;
  /** Minutes a pending order waits for its payment (default 60). */
  orderTtlMinutes?: number;
  /** Product names; default: site.product of pages.config.json. */
  product?: Product;
  /** Clock; default: the system clock. */
  now?: () => Date;
  /** Form submissions (POST form-emails/*) per minute per client; default 10 (FORM_RATE_LIMIT). */
  formRateLimit?: number;
  /** Submissions carrying files per minute per client, besides formRateLimit; default 3 (FORM_FILE_RATE_LIMIT). */
  formFileRateLimit?: number;
  /** MB of uploads one client (an IP, an IPv6 /64) may store a day; 0: no budget; default 50 (UPLOAD_CLIENT_DAILY_MB). */
  uploadClientDailyMb?: number;
  /** Promo-code checks an hour on the whole site, all clients together; default 1000 (PROMO_CHECK_LIMIT). */
  promoCheckLimit?: number;
  /** Seconds a server-rendered page is reused per path and the query parameters it reads (0: none); default 10 (HTML_CACHE_SECONDS). */
  htmlCacheSeconds?: number;
  /** Seconds past its time a cached page is still served while it renders again in the background (default 60). */
  htmlStaleSeconds?: number;
  /** Pages rendered anew (HTML cache misses) per minute per client; 0: no limit; default 300 (PAGE_RENDER_LIMIT). */
  pageRenderLimit?: number;
  /** Pages rendered at once on the whole server, then a short queue, then 503; 0: no limit; default 2 (RENDER_CONCURRENCY). */
  renderConcurrency?: number;
  /** How often the instance reads the live content release itself (ms); default 1000 (CONTENT_RELEASE_POLL_MS). */
  contentReleasePollMs?: number;
  /** How often the instance looks for due scheduled content changes (ms); default 5000. */
  contentSchedulePollMs?: number;
  /** Where e-mail leaves (SMTP_URL); required outside demo mode, where without it e-mails wait in the outbox. */
  smtpUrl?: string;
  /** The From of every e-mail (MAIL_FROM); required outside demo mode (demo default: '<product> demo <no-reply@localhost>'). */
  mailFrom?: string;
  /** The sender's retry delays and attempts, claim lease and poll interval (defaults: server/mail/sender.ts). */
  mail?: Pick<MailSettings, 'retry' | 'leaseMs' | 'pollMs'>;
  /** Total MB (1,048,576 bytes) of stored uploads beyond which a new upload is refused with 507; default 1024 (UPLOAD_QUOTA_MB). */
  uploadQuotaMb?: number;
  /** Days an uploaded file is kept (its submission stays); default 365 (UPLOAD_RETENTION_DAYS). */
  uploadRetentionDays?: number;
  /** Hours a submission may wait open before the alert, exposed as a gauge; default 24 (SUBMISSION_ALERT_HOURS). */
  submissionAlertHours?: number;
  /** The git record of the content releases (CONTENT_GIT_DIR and the rest; server/content/git-record.ts); none when absent. */
  contentGit?: GitRecordSettings;
  /** The studio's content previews at /__preview/ (server/preview/), with a built site; none when absent. */
  preview?: PreviewSettings;
}

const DEMO_PUBLIC_URL = 'http://127.0.0.1:8080';

/** The payment and link settings in force: the options, demo defaults, or a SettingsError outside demo mode. */
export function linkSettings(opts: BuildOptions): Pick<ServerContext, 'publicUrl' | 'paymentSecret' | 'paymentProviderUrl' | 'orderTtlMs'> {
  const problems: string[] = [];
  let publicUrl = opts.publicUrl ?? (opts.demo ? DEMO_PUBLIC_URL : '');
  if (publicUrl === '') problems.push('publicUrl is required outside demo mode');
  else {
    const parsed = parseOrigin(publicUrl, 'publicUrl', { httpsOnly: !opts.demo });
    if (typeof parsed === 'string') publicUrl = parsed;
    else problems.push(parsed.error);
  }
  const paymentSecret = opts.paymentSecret ?? (opts.demo ? randomBytes(32).toString('base64url') : '');
  const secret = secretProblem(paymentSecret, 'paymentSecret');
  if (secret) problems.push(secret);
  let paymentProviderUrl = opts.paymentProviderUrl ?? (opts.demo ? `${publicUrl}${PAYMENT_REQUESTS_PATH}` : '');
  if (paymentProviderUrl === '') problems.push('paymentProviderUrl is required outside demo mode');
  else {
    const parsed = parseProviderUrl(paymentProviderUrl, 'paymentProviderUrl', { httpsOnly: !opts.demo });
    if (typeof parsed === 'string') paymentProviderUrl = parsed;
    else problems.push(parsed.error);
  }
  const proxy = opts.trustProxy === undefined ? undefined : trustProxyProblem(opts.trustProxy, 'trustProxy');
  if (proxy) problems.push(proxy);
  if (opts.uploadQuotaMb !== undefined && !(opts.uploadQuotaMb > 0 && Number.isFinite(opts.uploadQuotaMb)))
    problems.push('uploadQuotaMb must be a positive number of MB');
  if (opts.promoCheckLimit !== undefined && !(Number.isInteger(opts.promoCheckLimit) && opts.promoCheckLimit >= 1))
    problems.push('promoCheckLimit must be a whole number of checks an hour, at least 1');
  if (opts.uploadRetentionDays !== undefined && !(opts.uploadRetentionDays > 0 && Number.isFinite(opts.uploadRetentionDays)))
    problems.push('uploadRetentionDays must be a positive number of days');
  if (opts.submissionAlertHours !== undefined && !(opts.submissionAlertHours > 0 && Number.isFinite(opts.submissionAlertHours)))
    problems.push('submissionAlertHours must be a positive number of hours');
  if (opts.uploadClientDailyMb !== undefined && !(opts.uploadClientDailyMb >= 0 && Number.isFinite(opts.uploadClientDailyMb)))
    problems.push('uploadClientDailyMb must be a number of MB, 0 for no budget');
  if (!opts.demo && !opts.smtpUrl) problems.push('smtpUrl is required outside demo mode');
  if (!opts.demo && !opts.mailFrom) problems.push('mailFrom is required outside demo mode');
  if (problems.length > 0) throw new SettingsError(problems);
  return { publicUrl, paymentSecret, paymentProviderUrl, orderTtlMs: (opts.orderTtlMinutes ?? DEFAULT_ORDER_TTL_MINUTES) * 60_000 };
}
