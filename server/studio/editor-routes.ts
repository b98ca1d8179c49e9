import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isReleaseFile } from '../../scripts/lib/editor/paths';
import type { ReleaseInfo } from '../content/release-rows';
import type { StudioEditor } from '../content/studio-editor';
import type { ContentReleases } from '../content/releases';
import type { SaveRefusals } from '../content/locks-refusals';
import { unsavedContent } from '../preview/unsaved';
import { openReviewOf } from '../content/review-rows';
import { reviewRequired } from '../content/review-setting';
import { audit } from './audit';
import type { StudioContext } from './context';
import type { Access } from './rights';
import { entry } from './route-helpers';
import texts from './texts.json';

/**
 * The studio's content editor API (under /api/studio/editor), the dev editor's API
 * (scripts/lib/editor/plugin.ts) for the content files of the live release and the signed-in
 * account's draft: project, hashes, check, save (into the draft), the draft's discard, publish and
 * the releases' history. Every route needs Content manage; a publish and a discard write an audit row.
 */

/** The largest request body of the editor's writes, and the most files in one. */
export const EDITOR_MAX_BODY = 5 * 1024 * 1024;
export const EDITOR_MAX_FILES = 200;

const CONTENT_VALUE = { type: 'object' } as const;
const filesOf = (value: unknown) => ({
  type: 'object',
  additionalProperties: false,
  required: ['files'],
  properties: { files: { type: 'object', maxProperties: EDITOR_MAX_FILES, additionalProperties: value } },
});
const CHECK_BODY = filesOf(CONTENT_VALUE);
const SAVE_BODY = filesOf({
  type: 'object',
  additionalProperties: false,
  required: ['value', 'baseHash'],
  properties: { value: CONTENT_VALUE, baseHash: { type: 'string', pattern: '^([0-9a-f]{64})?$' } },
});
const PUBLISH_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['baseRelease'],
  properties: { baseRelease: { type: 'integer', minimum: 0 } },
} as const;
const RELEASES_QUERY = {
  type: 'object',
  additionalProperties: false,
  properties: { before: { type: 'string', pattern: '^[1-9][0-9]{0,9}$' }, limit: { type: 'string', pattern: '^[1-9][0-9]{0,1}$|^100$' } },
} as const;

/** A release as a refusal or the history shows it. */
const shown = (release: ReleaseInfo) => ({
  number: release.number,
  source: release.source,
  authorName: release.authorName,
  createdAt: release.createdAt,
  summary: release.summary,
  changed: release.changed,
  recordedCommit: release.recordedCommit,
});

export default async function editorRoutes(
  app: FastifyInstance,
  { ctx, editor, releases, refusals }: { ctx: StudioContext; editor: StudioEditor; releases: ContentReleases; refusals: SaveRefusals },
): Promise<void> {
  const manage: { access: Access } = { access: { action: 'manage', subject: 'Content' } };
  const writes = { config: manage, bodyLimit: EDITOR_MAX_BODY };
  const accountOf = (request: FastifyRequest) => request.studio!.account;
  // A discard or a publish ends the typed changes the preview shows (the editor starts again).
  const unsaved = unsavedContent(ctx.shared);
  /** 400 when a path is not a release's file (pages.config.json, content/<name>.json, content/demo/<name>.json). */
  const notContent = (reply: FastifyReply, files: Record<string, unknown>) => {
    const file = Object.keys(files).find((path) => !isReleaseFile(path));
    return file === undefined ? undefined : reply.code(400).send({ message: texts.editor.notReleaseFile.replace('{file}', file) });
  };

  app.get('/project', { config: manage }, async (request) => editor.project(accountOf(request).id));
  app.get('/hashes', { config: manage }, async (request) => editor.hashes(accountOf(request).id));

  app.post<{ Body: { files: Record<string, unknown> } }>('/check', { ...writes, schema: { body: CHECK_BODY } }, async (request, reply) => {
    const refused = notContent(reply, request.body.files);
    if (refused) return refused;
    return { problems: await editor.check(accountOf(request).id, request.body.files) };
  });

  app.post<{ Body: { files: Record<string, { value: unknown; baseHash: string }> } }>(
    '/save',
    { ...writes, schema: { body: SAVE_BODY } },
    async (request, reply) => {
      const refused = notContent(reply, request.body.files);
      if (refused) return refused;
      const account = accountOf(request);
      // An item another account holds the lock of is theirs to change: refused with their change.
      const locked = await refusals.lockedItems(account.id, request.body.files);
      if (locked.length > 0) {
        const { holder } = locked[0];
        const message = texts.editor.lockedItem.replace('{email}', holder.email).replace('{since}', holder.since);
        return reply.code(409).send({ message, conflicts: [...new Set(locked.map(({ file }) => file))], locked });
      }
      const outcome = await editor.save(account.id, request.body.files);
      if (outcome.status === 'conflict') {
        const changes = await refusals.conflictChanges(account.id, request.body.files, outcome.conflicts);
        return reply.code(409).send({ conflicts: outcome.conflicts, changes });
      }
      return { files: outcome.files };
    },
  );

  app.delete('/draft', { config: manage }, async (request) => {
    const changed = await editor.discard(accountOf(request).id);
    await unsaved.clear(accountOf(request).id);
    if (changed.length > 0) await audit(ctx.db, entry(request, 'content.draft.discard', { after: { changed } }), ctx.now());
    return { discarded: changed };
  });

  // With review on, the bar asks for a review instead (and shows the account's open request).
  app.get('/publish', { config: manage }, async (request) => {
    const { id } = accountOf(request);
    const open = await openReviewOf(ctx.db.query, id);
    return { ...(await editor.publishStatus(id)), review: await reviewRequired(ctx.db.query), openReview: open ? open.id : null };
  });

  app.post<{ Body: { baseRelease: number } }>('/publish', { ...writes, schema: { body: PUBLISH_BODY } }, async (request, reply) => {
    // Review before publish: nobody publishes directly; a publisher approves a request instead.
    if (await reviewRequired(ctx.db.query)) return reply.code(409).send({ message: texts.review.on });
    const account = accountOf(request);
    const outcome = await editor.publish(
      account.id,
      { id: account.id, name: account.email, email: account.email },
      request.body.baseRelease,
    );
    switch (outcome.status) {
      case 'published': {
        await unsaved.clear(account.id);
        const { number, summary, changed } = outcome.release;
        await audit(ctx.db, entry(request, 'content.publish', { target: `release ${number}`, after: { changed } }), ctx.now());
        return { release: number, summary };
      }
      case 'stale':
        return reply
          .code(409)
          .send({ message: texts.editor.stale.replace('{release}', String(outcome.current.number)), current: shown(outcome.current) });
      case 'empty':
        return reply.code(409).send({ message: texts.editor.nothingToPublish, current: shown(outcome.current) });
      case 'invalid':
        return reply.code(422).send({ message: texts.editor.invalid, problems: outcome.problems });
    }
  });

  app.get<{ Querystring: { before?: string; limit?: string } }>(
    '/releases',
    { config: manage, schema: { querystring: RELEASES_QUERY } },
    async (request) => {
      const { before, limit } = request.query;
      const rows = await releases.list({ before: before === undefined ? undefined : Number(before), limit: Number(limit ?? 20) });
      return { releases: rows.map(shown) };
    },
  );
}
