import type { FastifyInstance } from 'fastify';
import { reviewRequired, setReviewRequired } from '../content/review-setting';
import { appendAudit, STUDIO_LOCK } from './audit';
import type { StudioContext } from './context';
import { entry, object } from './route-helpers';

/**
 * The studio's settings (under /api/studio/settings), an admin's: review before publish. A change
 * writes an audit row (settings.review) in its own transaction.
 */
export default async function settingsRoutes(app: FastifyInstance, { ctx }: { ctx: StudioContext }): Promise<void> {
  app.get('', { config: { access: { action: 'manage', subject: 'Settings' } } }, async () => ({
    reviewRequired: await reviewRequired(ctx.db.query),
  }));

  app.put<{ Body: { reviewRequired: boolean } }>(
    '',
    { config: { access: { action: 'manage', subject: 'Settings' } }, schema: { body: object({ reviewRequired: { type: 'boolean' } }) } },
    async (request) => {
      const on = request.body.reviewRequired;
      await ctx.db.write(STUDIO_LOCK, async (q) => {
        const before = await reviewRequired(q);
        await setReviewRequired(q, on);
        await appendAudit(
          q,
          entry(request, 'settings.review', { before: { reviewRequired: before }, after: { reviewRequired: on } }),
          ctx.now(),
        );
      });
      return { reviewRequired: on };
    },
  );
}
