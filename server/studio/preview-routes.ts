import type { FastifyInstance } from 'fastify';
import { isReleaseFile } from '../../scripts/lib/editor/paths';
import { previewKey, PREVIEW_PREFIX, PREVIEW_TTL_MS, signPreviewToken } from '../preview/token';
import { unsavedContent } from '../preview/unsaved';
import type { StudioContext } from './context';
import { EDITOR_MAX_BODY, EDITOR_MAX_FILES } from './editor-routes';
import { object } from './route-helpers';
import { RUN_AT, timeOf } from './schedule-routes';
import texts from './texts.json';

/**
 * The editor's preview link (under /api/studio/editor): POST /preview answers `{ url, expiresAt }`,
 * a URL on the site's origin that shows the page at `path` (default '/') as the signed-in account's
 * draft makes it, for 10 minutes (server/preview/). The studio frames it; it asks for a new one
 * before `expiresAt`. With `asOf` (an ISO 8601 time with its zone, from now to 5 years ahead) the page
 * shows the site as of then: the draft with the waiting schedules due by then applied.
 * POST /preview/drafts takes the content files the editor holds unsaved (`{ files: { path: value } }`,
 * the unsaved ones only, an empty set when all are saved) as the account's preview shows them at
 * once (server/preview/unsaved.ts), without the autosave's pause; `seq`, the send's number, is what
 * the preview frame's request for the page waits for.
 */

/** The unsaved files' limits are a save's (EDITOR_MAX_BODY, EDITOR_MAX_FILES): what the editor may save, it may preview as typed. */
const UNSAVED_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: {
    files: { type: 'object', maxProperties: EDITOR_MAX_FILES, additionalProperties: { type: 'object' } },
    seq: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
} as const;

/** A page path of the site: starts with one '/', no spaces or control characters, a query allowed. */
const PAGE_PATH = { type: 'string', minLength: 1, maxLength: 300, pattern: '^/(?!/)[^\\s\\\\#]*$' } as const;
/** How far ahead a preview may look. */
const AS_OF_YEARS = 5;
const YEAR_MS = 365.25 * 24 * 3600_000;

export default async function previewRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }): Promise<void> {
  const key = previewKey(ctx.secretKeys.current);
  const manage = { access: { action: 'manage', subject: 'Content' } } as const;
  const unsaved = unsavedContent(ctx.shared);

  app.post<{ Body: { path?: string; asOf?: string } }>(
    '/preview',
    { config: manage, schema: { body: object({ path: PAGE_PATH, asOf: RUN_AT }, []) } },
    async (request, reply) => {
      if (ctx.siteUrl === undefined) return reply.code(404).send({ message: texts.previewOff });
      const now = ctx.now().getTime();
      const { asOf } = request.body;
      const at = asOf === undefined ? undefined : timeOf(asOf);
      if (at !== undefined && Number.isNaN(at)) return reply.code(400).send({ message: texts.schedule.badTime.replace('{runAt}', asOf!) });
      // A minute's grace: the time typed into the studio may have just passed.
      if (at !== undefined && at < now - 60_000) return reply.code(400).send({ message: texts.previewAsOfPast.replace('{asOf}', asOf!) });
      if (at !== undefined && at > now + AS_OF_YEARS * YEAR_MS)
        return reply.code(400).send({ message: texts.previewAsOfFar.replace('{years}', String(AS_OF_YEARS)) });
      const expiresAt = new Date(now + PREVIEW_TTL_MS);
      const token = signPreviewToken(key, request.studio!.account.id, expiresAt, at === undefined ? undefined : new Date(at));
      return {
        url: `${ctx.siteUrl}${PREVIEW_PREFIX}/${token}${request.body.path ?? '/'}`,
        expiresAt: expiresAt.toISOString(),
        ...(at === undefined ? {} : { asOf: new Date(at).toISOString() }),
      };
    },
  );

  app.post<{ Body: { files: Record<string, unknown>; seq?: number } }>(
    '/preview/drafts',
    { config: manage, bodyLimit: EDITOR_MAX_BODY, schema: { body: UNSAVED_BODY } },
    async (request, reply) => {
      const file = Object.keys(request.body.files).find((path) => !isReleaseFile(path));
      if (file !== undefined) return reply.code(400).send({ message: texts.editor.notReleaseFile.replace('{file}', file) });
      await unsaved.put(request.studio!.account.id, request.body.files, request.body.seq);
      return { ok: true, partial: false };
    },
  );
}
