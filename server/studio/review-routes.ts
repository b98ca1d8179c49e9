import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { commentsOf, openReviewOf, openReviews, reviewById, type Review } from '../content/review-rows';
import type { ContentReleases } from '../content/releases';
import type { StudioContext } from './context';
import type { ContentReviews, ReviewRefusal } from './reviews';
import type { Access } from './rights';
import { entry, object } from './route-helpers';
import texts from './texts.json';

/**
 * Review requests (under /api/studio/reviews). Editors (authors) and publishers read them and
 * comment; an editor asks for a review of their draft and may withdraw it; a publisher approves or
 * sends back another person's request. Each step writes an audit row (content.review.*).
 */

const ID_PARAMS = { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[1-9][0-9]{0,11}$' } } } as const;
const TEXT = { type: 'string', minLength: 1, maxLength: 4000, pattern: '\\S' } as const;
const REQUEST_BODY = object({ baseRelease: { type: 'integer', minimum: 0 }, message: { type: 'string', maxLength: 4000 } }, [
  'baseRelease',
]);
const COMMENT_BODY = object({ text: TEXT });
const SEND_BACK_BODY = object({ comment: TEXT });

/** A request as the studio shows it (its texts apart: the paths it changes). */
const shown = (review: Review) => ({
  id: review.id,
  state: review.state,
  authorId: review.authorId,
  authorEmail: review.authorEmail,
  message: review.message,
  summary: review.summary,
  changed: Object.keys(review.changes),
  baseRelease: review.baseRelease,
  decidedBy: review.decidedBy,
  release: review.release,
  createdAt: review.createdAt,
  decidedAt: review.decidedAt,
});

export default async function reviewRoutes(
  app: FastifyInstance,
  { ctx, reviews, releases }: { ctx: StudioContext; reviews: ContentReviews; releases: ContentReleases },
): Promise<void> {
  const rule = (action: 'read' | 'comment' | 'manage', subject: 'Review' | 'Content'): { access: Access } => ({
    access: { action, subject },
  });
  const who = (request: FastifyRequest) => request.studio!.account;
  const target = (id: number) => `review ${id}`;
  const refused = (reply: FastifyReply, refusal: ReviewRefusal) => {
    switch (refusal.status) {
      case 'missing':
        return reply.code(404).send({ message: texts.review.notFound });
      case 'closed':
        return reply.code(409).send({ message: texts.review.closed.replace('{state}', refusal.review.state) });
      case 'own':
        return reply.code(403).send({ message: texts.review.ownApprove });
      case 'not-yours':
        return reply.code(403).send({ message: texts.review.notYours });
    }
  };

  app.get('', { config: rule('read', 'Review') }, async () => ({ reviews: (await openReviews(ctx.db.query, 100)).map(shown) }));

  app.get<{ Params: { id: string } }>('/:id', { config: rule('read', 'Review'), schema: { params: ID_PARAMS } }, async (request, reply) => {
    const review = await reviewById(ctx.db.query, Number(request.params.id));
    if (!review) return reply.code(404).send({ message: texts.review.notFound });
    return { review: shown(review), comments: await commentsOf(ctx.db.query, review.id), live: await releases.current() };
  });

  app.post<{ Body: { baseRelease: number; message?: string } }>(
    '',
    { config: rule('manage', 'Content'), schema: { body: REQUEST_BODY } },
    async (request, reply) => {
      const account = who(request);
      const open = await openReviewOf(ctx.db.query, account.id);
      if (open) return reply.code(409).send({ message: texts.review.alreadyOpen.replace('{id}', String(open.id)) });
      const message = (request.body.message ?? '').trim();
      const outcome = await reviews.request(account, { baseRelease: request.body.baseRelease, message }, () =>
        entry(request, 'content.review.request', { after: { baseRelease: request.body.baseRelease } }),
      );
      switch (outcome.status) {
        case 'stale':
          return reply.code(409).send({ message: texts.editor.stale.replace('{release}', String(outcome.current.number)) });
        case 'empty':
          return reply.code(409).send({ message: texts.editor.nothingToPublish });
        case 'requested':
          return reply.code(201).send({ id: outcome.id, publishers: outcome.publishers.length });
      }
    },
  );

  app.post<{ Params: { id: string }; Body: { text: string } }>(
    '/:id/comments',
    { config: rule('comment', 'Review'), schema: { params: ID_PARAMS, body: COMMENT_BODY } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const outcome = await reviews.comment(
        id,
        who(request),
        request.body.text.trim(),
        entry(request, 'content.review.comment', { target: target(id) }),
      );
      return outcome.status === 'commented' ? reply.code(201).send({ ok: true }) : refused(reply, outcome);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/approve',
    { config: rule('manage', 'Review'), schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const outcome = await reviews.approve(id, who(request), (release) =>
        entry(request, 'content.review.approve', { target: target(id), after: { release } }),
      );
      switch (outcome.status) {
        case 'approved':
          return { release: outcome.release.number, summary: outcome.release.summary };
        case 'stale':
          return reply.code(409).send({ message: texts.review.stale.replace('{release}', String(outcome.current.number)) });
        case 'invalid':
          return reply.code(422).send({ message: texts.editor.invalid, problems: outcome.problems });
        default:
          return refused(reply, outcome);
      }
    },
  );

  app.post<{ Params: { id: string }; Body: { comment: string } }>(
    '/:id/send-back',
    { config: rule('manage', 'Review'), schema: { params: ID_PARAMS, body: SEND_BACK_BODY } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const outcome = await reviews.sendBack(
        id,
        who(request),
        request.body.comment.trim(),
        entry(request, 'content.review.sendback', { target: target(id) }),
      );
      if (outcome.status === 'own') return reply.code(403).send({ message: texts.review.ownSendBack });
      return outcome.status === 'sent-back' ? { ok: true } : refused(reply, outcome);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/:id/withdraw',
    { config: rule('manage', 'Content'), schema: { params: ID_PARAMS } },
    async (request, reply) => {
      const id = Number(request.params.id);
      const outcome = await reviews.withdraw(id, who(request), entry(request, 'content.review.withdraw', { target: target(id) }));
      return outcome.status === 'withdrawn' ? { ok: true } : refused(reply, outcome);
    },
  );
}
