import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { one, run, sql } from '../../server/db';
import type { PageRenderer } from '../../server/render';
import { previewKey, signPreviewToken, PREVIEW_TTL_MS } from '../../server/preview/token';
import { startServer } from './helpers';

/** A site with a build (dist/ of `npm run build`) and its content previews, and what their tests need. */

const ROOT = resolve(__dirname, '../..');
export const STUDIO_URL = 'https://studio.bantaydoc.example';
export const PLANS_FILE = 'content/shop-plans.json';
/** The first plan's price on disk, as the shop page shows it. */
export const LIVE_PRICE = '₱1,499.00';

interface PlansFile {
  $schema: string;
  items: Array<Record<string, unknown> & { id: number; price: unknown }>;
}

export const MERCHANT_PLANS_FILE = 'content/demo/merchant-shop-plans.json';

/** A plans file (the shop's by default) with `change` made to its items. */
export function plansWith(change: (items: PlansFile['items']) => void, path = PLANS_FILE): string {
  const file = JSON.parse(readFileSync(join(ROOT, path), 'utf8')) as PlansFile;
  change(file.items);
  return `${JSON.stringify(file, null, 2)}\n`;
}

/** The plans file with the first plan at `price` pesos. */
export const planPriced = (price: number): string =>
  plansWith((items) => {
    items[0].price = price;
  });

export function usePreviewSite() {
  const key = previewKey(randomBytes(32));
  let now = new Date('2026-03-02T08:00:00Z').getTime();
  const site = {} as { app: FastifyInstance };
  let cleanup: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const started = await startServer({
      staticDir: join(ROOT, 'dist'),
      preview: { key, studioUrl: STUDIO_URL },
      now: () => new Date(now),
    });
    site.app = started.app;
    cleanup = started.cleanup;
  }, 120_000);
  afterAll(async () => cleanup?.());

  /** A studio account with these roles (disabled when told). */
  async function account(email: string, roles: string[], disabled = false): Promise<number> {
    return site.app.ctx.db.write('studio', async (q) => {
      await run(
        q,
        sql`INSERT INTO studio_accounts (email, roles, disabled, created_at)
            VALUES (${email}, ${JSON.stringify(roles)}, ${disabled ? 1 : 0}, ${new Date(now).toISOString()})`,
      );
      return Number((await one<{ id: number }>(q, sql`SELECT id FROM studio_accounts WHERE email = ${email}`))!.id);
    });
  }

  /** Saves the account's draft: these files over the live release. */
  function saveDraft(accountId: number, files: Record<string, string>): Promise<void> {
    const body = JSON.stringify(files);
    const at = new Date(now).toISOString();
    return site.app.ctx.db.write('content-drafts', async (q) => {
      await run(
        q,
        sql`INSERT INTO content_drafts (account_id, files, base_release, updated_at) VALUES (${accountId}, ${body}, 1, ${at})
            ON CONFLICT (account_id) DO UPDATE SET files = excluded.files, updated_at = excluded.updated_at`,
      );
    });
  }

  /** A token of `accountId` as the studio issues it now (showing the site as of `asOf` when given). */
  const token = (accountId: number, ttlMs = PREVIEW_TTL_MS, asOf?: Date) => signPreviewToken(key, accountId, new Date(now + ttlMs), asOf);

  const html = (url: string, headers: Record<string, string> = {}) =>
    site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

  return {
    site,
    /** The site's page renderer (its HTML cache). */
    pages: () => (site.app as unknown as { pages: PageRenderer }).pages,
    key,
    account,
    saveDraft,
    token,
    html,
    advance: (ms: number) => void (now += ms),
    /** The site's clock now. */
    now: () => new Date(now),
  };
}
