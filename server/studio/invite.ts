import { fillPlaceholders } from '../../domain/text';
import type { Queryable } from '../db';
import { createInvitation, LINK_HOURS } from './accounts';
import type { StudioContext } from './context';
import { STUDIO_LOCK } from './audit';
import type { Role } from './rights';
import texts from './texts.json';

/** The enrolment page of a link: the token rides in the fragment, which no server, proxy or log sees. */
export const enrolmentLink = (studioUrl: string, token: string): string => `${studioUrl}/enrol#${token}`;

/**
 * Writes a single-use enrolment link for `email` and the e-mail that carries it (through the
 * outbox, in one transaction with `also`: the audit row, a reset of factors). Returns when the
 * link expires.
 */
export async function inviteByMail(
  ctx: Pick<StudioContext, 'db' | 'mail' | 'product' | 'studioUrl' | 'now'>,
  email: string,
  roles: readonly Role[],
  also: (q: Queryable, now: Date) => Promise<void>,
): Promise<string> {
  const now = ctx.now();
  await ctx.db.write(STUDIO_LOCK, async (q) => {
    const token = await createInvitation(q, email, roles, now);
    const values = { product: ctx.product.name, roles: roles.join(', '), link: enrolmentLink(ctx.studioUrl, token) };
    await ctx.mail.outbox.enqueue(
      {
        kind: 'studio',
        to: [email],
        subject: fillPlaceholders(texts.invitationMail.subject, values),
        text: fillPlaceholders(texts.invitationMail.text, values),
      },
      now.toISOString(),
      q,
    );
    await also(q, now);
  });
  ctx.mail.notify();
  return new Date(now.getTime() + LINK_HOURS * 3_600_000).toISOString();
}
