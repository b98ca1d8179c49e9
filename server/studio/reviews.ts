import { fillPlaceholders } from '../../domain/text';
import type { Queryable } from '../db';
import type { ContentReleases } from '../content/releases';
import { addComment, decideReview, emailsWithRole, insertReview, reviewById, type Review } from '../content/review-rows';
import type { StudioEditor } from '../content/studio-editor';
import type { ReleaseInfo } from '../content/release-rows';
import type { Diagnostic } from '../../scripts/lib/diagnostics';
import type { Account } from './accounts';
import { appendAudit, STUDIO_LOCK, type AuditEntry } from './audit';
import type { StudioContext } from './context';
import texts from './texts.json';

/**
 * Review before publish: an author's request keeps a snapshot of their draft (its changes and the
 * release they were made from) and e-mails the publishers; a publisher other than the author
 * approves it (the snapshot is published through the gate and the stale check, the release naming
 * the reviewer) or sends it back with a comment (the author is e-mailed, their draft stays). Each
 * step's audit row and e-mails are written in the step's own transaction.
 */

type Ctx = Pick<StudioContext, 'db' | 'mail' | 'product' | 'studioUrl' | 'now'>;
type Mail = { to: string[]; subject: string; text: string };

export type ReviewRefusal = { status: 'missing' } | { status: 'closed'; review: Review } | { status: 'own' } | { status: 'not-yours' };

export type ApproveOutcome =
  | ReviewRefusal
  | { status: 'approved'; release: ReleaseInfo }
  | { status: 'stale'; current: ReleaseInfo }
  | { status: 'invalid'; problems: Diagnostic[] };

/** The studio's page of a request (its e-mails' link). */
export const reviewLink = (studioUrl: string, id: number): string => `${studioUrl}/content/reviews/${id}`;

/** A request's change in words, on one line (an e-mail's subject). */
const headline = (review: Pick<Review, 'summary'>) => review.summary[0] ?? '';

/** The approval was made while the request was no longer open (withdrawn or decided meanwhile). */
class NotOpen extends Error {}

export function createContentReviews(ctx: Ctx, deps: { editor: StudioEditor; releases: ContentReleases }) {
  const { db } = ctx;

  /** Runs `work`, its audit row and its e-mails in one transaction; the outbox is woken after. */
  const step = async <T>(entry: AuditEntry, work: (q: Queryable, now: string) => Promise<{ result: T; mails: Mail[] }>): Promise<T> => {
    const now = ctx.now();
    const result = await db.write(STUDIO_LOCK, async (q) => {
      const done = await work(q, now.toISOString());
      for (const mail of done.mails) {
        if (mail.to.length > 0) await ctx.mail.outbox.enqueue({ kind: 'studio', ...mail }, now.toISOString(), q);
      }
      await appendAudit(q, entry, now);
      return done.result;
    });
    ctx.mail.notify();
    return result;
  };

  /** The request `id` if it is open; else why not. */
  const openReview = async (id: number): Promise<Review | ReviewRefusal> => {
    const review = await reviewById(db.query, id);
    if (!review) return { status: 'missing' };
    if (review.state !== 'open') return { status: 'closed', review };
    return review;
  };
  /** `work`, or the request as it is now when another step ended it first (its transaction undone). */
  const closedMeanwhile = async <T>(id: number, work: () => Promise<T>): Promise<T | ReviewRefusal> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof NotOpen) return { status: 'closed', review: (await reviewById(db.query, id))! };
      throw error;
    }
  };
  const isRefusal = (value: Review | ReviewRefusal): value is ReviewRefusal => 'status' in value;

  return {
    /** Asks for a review of the author's draft made from `baseRelease`; the publishers but the author are e-mailed. */
    async request(author: Account, input: { baseRelease: number; message: string }, entry: (id: number) => AuditEntry) {
      const snapshot = await deps.editor.snapshot(author.id, input.baseRelease);
      if (snapshot.status !== 'ready') return snapshot;
      const { changes, baseRelease, summary } = snapshot;
      let id = 0;
      const publishers = await step(entry(0), async (q, now) => {
        id = await insertReview(
          q,
          { authorId: author.id, authorEmail: author.email, message: input.message, changes, summary, baseRelease },
          now,
        );
        const to = (await emailsWithRole(q, 'publisher')).filter((email) => email !== author.email);
        const values = {
          author: author.email,
          product: ctx.product.name,
          summary: summary.join('\n'),
          message: input.message,
          link: reviewLink(ctx.studioUrl, id),
        };
        const subject = fillPlaceholders(texts.review.requestMail.subject, { ...values, summary: headline({ summary }) });
        return { result: to, mails: [{ to, subject, text: fillPlaceholders(texts.review.requestMail.text, values) }] };
      });
      return { status: 'requested' as const, id, publishers };
    },

    /** Adds a comment to an open request; its author and the publishers but the commenter are e-mailed. */
    async comment(id: number, who: Account, text: string, entry: AuditEntry): Promise<ReviewRefusal | { status: 'commented' }> {
      const review = await openReview(id);
      if (isRefusal(review)) return review;
      await step(entry, async (q, now) => {
        await addComment(q, id, who.email, text, now);
        // The people of the request but the commenter: its author and the publishers it went to.
        const people = new Set([review.authorEmail, ...(await emailsWithRole(q, 'publisher'))]);
        people.delete(who.email);
        const values = { commenter: who.email, product: ctx.product.name, comment: text, link: reviewLink(ctx.studioUrl, id) };
        const subject = fillPlaceholders(texts.review.commentMail.subject, { summary: headline(review) });
        return { result: undefined, mails: [{ to: [...people], subject, text: fillPlaceholders(texts.review.commentMail.text, values) }] };
      });
      return { status: 'commented' };
    },

    /** Publishes the request's snapshot, naming `reviewer`, who must not be its author. */
    async approve(id: number, reviewer: Account, entry: (release: number) => AuditEntry): Promise<ApproveOutcome> {
      const review = await openReview(id);
      if (isRefusal(review)) return review;
      if (review.authorId === reviewer.id || review.authorEmail === reviewer.email) return { status: 'own' };
      const now = ctx.now().toISOString();
      const outcome = await closedMeanwhile(id, () =>
        deps.releases.publish({
          changes: review.changes,
          baseRelease: review.baseRelease,
          author: review.authorId === null ? null : { id: review.authorId, name: review.authorEmail, email: review.authorEmail },
          source: 'studio',
          summary: review.summary,
          reviewer: reviewer.email,
          within: async (q, release) => {
            if (!(await decideReview(q, id, { state: 'approved', by: reviewer.email, release }, now))) throw new NotOpen();
          },
        }),
      );
      if (outcome.status !== 'published') return outcome;
      const release = outcome.release;
      if (review.authorId !== null) await deps.editor.followRelease(review.authorId, review.baseRelease);
      await step(entry(release.number), async () => {
        const values = {
          publisher: reviewer.email,
          product: ctx.product.name,
          release: release.number,
          link: reviewLink(ctx.studioUrl, id),
        };
        const subject = fillPlaceholders(texts.review.approvedMail.subject, { summary: headline(review) });
        return {
          result: undefined,
          mails: [{ to: [review.authorEmail], subject, text: fillPlaceholders(texts.review.approvedMail.text, values) }],
        };
      });
      return { status: 'approved', release };
    },

    /** Ends the request with a comment saying why; its author is e-mailed and keeps their draft. */
    async sendBack(id: number, publisher: Account, comment: string, entry: AuditEntry): Promise<ReviewRefusal | { status: 'sent-back' }> {
      const review = await openReview(id);
      if (isRefusal(review)) return review;
      if (review.authorId === publisher.id || review.authorEmail === publisher.email) return { status: 'own' };
      return closedMeanwhile(id, () =>
        step(entry, async (q, now) => {
          if (!(await decideReview(q, id, { state: 'sent-back', by: publisher.email }, now))) throw new NotOpen();
          await addComment(q, id, publisher.email, comment, now);
          const values = { publisher: publisher.email, product: ctx.product.name, comment, link: reviewLink(ctx.studioUrl, id) };
          const subject = fillPlaceholders(texts.review.sentBackMail.subject, { summary: headline(review) });
          return {
            result: { status: 'sent-back' as const },
            mails: [{ to: [review.authorEmail], subject, text: fillPlaceholders(texts.review.sentBackMail.text, values) }],
          };
        }),
      );
    },

    /** The author takes back their open request. */
    async withdraw(id: number, author: Account, entry: AuditEntry): Promise<ReviewRefusal | { status: 'withdrawn' }> {
      const review = await openReview(id);
      if (isRefusal(review)) return review;
      if (review.authorId !== author.id) return { status: 'not-yours' };
      return closedMeanwhile(id, () =>
        step(entry, async (q, now) => {
          if (!(await decideReview(q, id, { state: 'withdrawn', by: author.email }, now))) throw new NotOpen();
          return { result: { status: 'withdrawn' as const }, mails: [] };
        }),
      );
    },
  };
}

export type ContentReviews = ReturnType<typeof createContentReviews>;
