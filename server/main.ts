import path from 'node:path';
import { buildServer } from './app';
import { previewKey } from './preview/token';
import { readSettings, SettingsError } from './settings';
import { buildStudio } from './studio/app';
import { hasStudioApp } from './studio/static';

/** How long a graceful shutdown may take before the process exits anyway. */
const SHUTDOWN_DEADLINE_MS = 10_000;
/** Where `npm run build` writes the studio's browser app (vite.studio.config.ts). */
const STUDIO_APP_DIR = path.resolve('dist-studio');

/**
 * Starts the reference server from the environment (server/settings.ts; README: Runtime settings).
 * DEMO=1 turns demo mode on; without it this is a production start, which needs PUBLIC_URL,
 * PAYMENT_WEBHOOK_SECRET and PAYMENT_PROVIDER_URL and refuses to start without them.
 */
async function main(): Promise<void> {
  const settings = readSettings();
  const app = await buildServer({
    dataDir: settings.dataDir,
    staticDir: settings.staticDir,
    demo: settings.demo,
    logger: settings.logLevel,
    publicUrl: settings.publicUrl,
    paymentSecret: settings.paymentSecret,
    paymentProviderUrl: settings.paymentProviderUrl,
    trustProxy: settings.trustProxy,
    orderTtlMinutes: settings.orderTtlMinutes,
    htmlCacheSeconds: settings.htmlCacheSeconds,
    pageRenderLimit: settings.pageRenderLimit,
    renderConcurrency: settings.renderConcurrency,
    contentReleasePollMs: settings.contentReleasePollMs,
    smtpUrl: settings.smtpUrl,
    mailFrom: settings.mailFrom,
    uploadQuotaMb: settings.uploadQuotaMb,
    uploadRetentionDays: settings.uploadRetentionDays,
    submissionAlertHours: settings.submissionAlertHours,
    uploadClientDailyMb: settings.uploadClientDailyMb,
    formRateLimit: settings.formRateLimit,
    formFileRateLimit: settings.formFileRateLimit,
    promoCheckLimit: settings.promoCheckLimit,
    redisUrl: settings.redisUrl,
    databaseUrl: settings.databaseUrl,
    databasePoolSize: settings.databasePoolSize,
    metricsPort: settings.metricsPort,
    metricsHost: settings.metricsHost,
    contentGit: settings.contentGit,
    // The studio's content previews, on the site's origin, when the studio runs.
    preview:
      settings.studioPort === undefined || settings.studioUrl === undefined || settings.studioSecretKeys === undefined
        ? undefined
        : { key: previewKey(settings.studioSecretKeys.current), studioUrl: settings.studioUrl },
    warmImages: true,
  });
  // The studio (the staff's application) on a port and origin of its own, when STUDIO_PORT is set.
  const studio =
    settings.studioPort === undefined || settings.studioUrl === undefined || settings.studioSecretKeys === undefined
      ? undefined
      : await buildStudio({
          db: app.ctx.db,
          shared: app.ctx.shared,
          mail: app.ctx.mail,
          product: app.ctx.product,
          studioUrl: settings.studioUrl,
          siteUrl: settings.publicUrl,
          demo: settings.demo,
          secretKeys: settings.studioSecretKeys,
          trustProxy: settings.trustProxy,
          signInLimits: settings.studioSignInLimits,
          logger: settings.logLevel,
          // The browser app, when built (`npm run build`): beside the site's build, never inside it.
          appDir: hasStudioApp(STUDIO_APP_DIR) ? STUDIO_APP_DIR : undefined,
        });
  // It closes first: the database and Redis it uses are the site's.
  if (studio) app.addHook('preClose', async () => studio.close());

  let closing = false;
  const close = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.warn(`${signal}: closing (at most ${SHUTDOWN_DEADLINE_MS / 1000} s)`);
    // In-flight requests finish; new ones get 503; idle keep-alive connections are closed.
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    deadline.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => close('SIGINT'));
  process.once('SIGTERM', () => close('SIGTERM'));

  await app.listen({ port: settings.port, host: settings.host });
  const address = app.server.address();
  const actualPort = address && typeof address === 'object' ? address.port : settings.port;
  const shown = settings.host.includes(':') ? `[${settings.host}]` : settings.host;
  const mail = settings.smtpUrl ? `e-mail through ${new URL(settings.smtpUrl).host}` : 'e-mail kept in the outbox (no SMTP_URL)';
  console.log(
    `Listening on http://${shown}:${actualPort}${settings.demo ? ' (demo mode)' : ''}; public URL ${settings.publicUrl}; ${mail}`,
  );
  if (studio) {
    await studio.listen({ port: settings.studioPort, host: settings.host });
    console.log(`Studio on http://${shown}:${settings.studioPort}; its address ${settings.studioUrl}`);
    if (settings.demo) console.log('Studio demo accounts: README, Demo identifiers (admin, editor and staff @studio.example)');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingsError ? error.message : error);
  process.exit(1);
});
