import type { FastifyInstance } from 'fastify';
import { previewKey, PREVIEW_PREFIX, PREVIEW_TTL_MS, signPreviewToken } from '../preview/token';
import type { StudioContext } from './context';
import { object } from './route-helpers';
import texts from './texts.json';

/**
 * The editor's preview link (under /api/studio/editor): POST /preview answers `{ url, expiresAt }`,
 * a URL on the site's origin that shows the page at `path` (default '/') as the signed-in account's
 * draft makes it, for 10 minutes (server/preview/). The studio frames it; it asks for a new one
 * before `expiresAt`.
 */

/** A page path of the site: starts with one '/', no spaces or control characters, a query allowed. */
const PAGE_PATH = { type: 'string', minLength: 1, maxLength: 300, pattern: '^/(?!/)[^\\s\\\\#]*$' } as const;

export default async function previewRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }): Promise<void> {
  const key = previewKey(ctx.secretKeys.current);

  app.post<{ Body: { path?: string } }>(
    '/preview',
    { config: { access: { action: 'manage', subject: 'Content' } }, schema: { body: object({ path: PAGE_PATH }, []) } },
    async (request, reply) => {
      if (ctx.siteUrl === undefined) return reply.code(404).send({ message: texts.previewOff });
      const expiresAt = new Date(ctx.now().getTime() + PREVIEW_TTL_MS);
      const token = signPreviewToken(key, request.studio!.account.id, expiresAt);
      return { url: `${ctx.siteUrl}${PREVIEW_PREFIX}/${token}${request.body.path ?? '/'}`, expiresAt: expiresAt.toISOString() };
    },
  );
}
