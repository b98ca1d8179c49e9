import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isContentFile } from '../../scripts/lib/editor/paths';
import type { Repo } from '../repo';
import { itemHistory, releaseDetail } from '../content/history';
import type { ReleaseInfo } from '../content/release-rows';
import type { ContentReleases } from '../content/releases';
import { openAsDraft, rollBack } from '../content/rollback';
import { reviewRequired } from '../content/review-setting';
import { audit } from './audit';
import type { StudioContext } from './context';
import type { Access } from './rights';
import { entry } from './route-helpers';
import texts from './texts.json';

/**
 * The content's history in the studio (under /api/studio/editor, beside the editor API): one
 * release with its changed files, an item's history, an earlier version opened into the person's
 * draft, and the rollback of a release (a new release with the files from before it). Every route
 * needs Content manage; a rollback and an opening write an audit row.
 */

const NUMBER = '^[1-9][0-9]{0,9}$';
const HISTORY_QUERY = {
  type: 'object',
  additionalProperties: false,
  required: ['file', 'id'],
  properties: {
    file: { type: 'string', maxLength: 200 },
    id: { type: 'string', minLength: 1, maxLength: 200 },
    before: { type: 'string', pattern: NUMBER },
    limit: { type: 'string', pattern: '^[1-9][0-9]?$|^100$' },
  },
} as const;
const OPEN_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['release', 'file'],
  properties: {
    release: { type: 'integer', minimum: 1 },
    file: { type: 'string', maxLength: 200 },
    id: { type: 'string', minLength: 1, maxLength: 200 },
  },
} as const;
const ROLLBACK_BODY = {
  type: 'object',
  additionalProperties: false,
  required: ['release', 'baseRelease'],
  properties: { release: { type: 'integer', minimum: 1 }, baseRelease: { type: 'integer', minimum: 0 } },
} as const;

const fill = (text: string, release: number) => text.replace('{release}', String(release));

/** A release as the history shows it (its author's e-mail and files apart). */
const shown = (release: ReleaseInfo) => ({
  number: release.number,
  source: release.source,
  authorName: release.authorName,
  createdAt: release.createdAt,
  summary: release.summary,
  changed: release.changed,
  reviewer: release.reviewer,
  recordedCommit: release.recordedCommit,
});

export default async function historyRoutes(
  app: FastifyInstance,
  { ctx, repo, releases }: { ctx: StudioContext; repo: Repo; releases: ContentReleases },
): Promise<void> {
  const manage: { config: { access: Access } } = { config: { access: { action: 'manage', subject: 'Content' } } };
  const accountOf = (request: FastifyRequest) => request.studio!.account;

  app.get<{ Params: { number: string } }>(
    '/releases/:number',
    { ...manage, schema: { params: { type: 'object', properties: { number: { type: 'string', pattern: NUMBER } } } } },
    async (request, reply) => {
      const n = Number(request.params.number);
      const detail = await releaseDetail(ctx.db.query, n);
      if (!detail) return reply.code(404).send({ message: fill(texts.history.unknownRelease, n) });
      return { release: shown(detail.release), files: detail.files };
    },
  );

  app.get<{ Querystring: { file: string; id: string; before?: string; limit?: string } }>(
    '/history',
    { ...manage, schema: { querystring: HISTORY_QUERY } },
    async (request, reply) => {
      const { file, id, before, limit } = request.query;
      if (!isContentFile(file)) return reply.code(400).send({ message: texts.editor.notContentFile.replace('{file}', file) });
      const page = await itemHistory(ctx.db.query, file, id, {
        before: before === undefined ? undefined : Number(before),
        limit: Number(limit ?? 20),
      });
      return { changes: page.changes.map((change) => ({ release: shown(change.release), fields: change.fields })), next: page.next };
    },
  );

  app.post<{ Body: { release: number; file: string; id?: string } }>(
    '/history/draft',
    { ...manage, schema: { body: OPEN_BODY } },
    async (request, reply) => {
      const { release, file, id } = request.body;
      if (!isContentFile(file)) return reply.code(400).send({ message: texts.editor.notContentFile.replace('{file}', file) });
      const outcome = await openAsDraft({ db: ctx.db, repo, now: ctx.now }, accountOf(request).id, { release, file, id });
      switch (outcome.status) {
        case 'unknown':
          return reply.code(404).send({ message: fill(texts.history.unknownRelease, release) });
        case 'absent':
          return reply.code(404).send({ message: fill(texts.history.absent, release) });
        case 'unreadable':
          return reply.code(409).send({ message: texts.history.unreadable });
        case 'opened':
          await audit(ctx.db, entry(request, 'content.draft.open', { target: `release ${release}`, after: { file, id } }), ctx.now());
          return { file };
      }
    },
  );

  app.post<{ Body: { release: number; baseRelease: number } }>(
    '/rollback',
    { ...manage, schema: { body: ROLLBACK_BODY } },
    async (request, reply) => {
      const account = accountOf(request);
      // With review on, a rollback (back to content that was live before) is a publisher's only.
      if ((await reviewRequired(ctx.db.query)) && !request.studio!.ability.can('manage', 'Review'))
        return reply.code(403).send({ message: texts.review.rollbackNeedsPublisher });
      const { release, baseRelease } = request.body;
      const outcome = await rollBack(releases, {
        release,
        baseRelease,
        author: { id: account.id, name: account.email, email: account.email },
        heading: fill(texts.history.rolledBack, release),
      });
      switch (outcome.status) {
        case 'unknown':
          return reply.code(404).send({ message: fill(texts.history.unknownRelease, release) });
        case 'first':
          return reply.code(409).send({ message: texts.history.firstRelease });
        case 'empty':
          return reply.code(409).send({ message: fill(texts.history.nothingToRollBack, release), current: shown(outcome.current) });
        case 'stale':
          return reply.code(409).send({ message: fill(texts.editor.stale, outcome.current.number), current: shown(outcome.current) });
        case 'invalid':
          return reply.code(422).send({ message: texts.editor.invalid, problems: outcome.problems });
        case 'published': {
          const { number, summary, changed } = outcome.release;
          const target = `release ${number}`;
          await audit(ctx.db, entry(request, 'content.rollback', { target, before: { release }, after: { changed } }), ctx.now());
          return { release: number, summary };
        }
      }
    },
  );
}
