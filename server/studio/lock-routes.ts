import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isReleaseFile } from '../../scripts/lib/editor/paths';
import { LOCK_HEARTBEAT_MS, LOCK_TTL_MS, type ContentLocks, type LockOutcome } from '../content/locks';
import { audit } from './audit';
import type { StudioContext } from './context';
import type { Access } from './rights';
import { entry, object } from './route-helpers';
import texts from './texts.json';

/**
 * The content items' edit locks (under /api/studio/editor, server/content/locks.ts): POST /lock sets
 * or renews the account's lock on an item (the browser's heartbeat), POST /lock/take-over takes it
 * from whoever holds it (an audit row), DELETE /lock releases one's own. Every route needs Content
 * manage. An answer says who holds the item: `{ held: true, since }` for the caller, else
 * `{ held: false, holder: { email, since } }`.
 */

const TARGET = object({
  file: { type: 'string', minLength: 1, maxLength: 200 },
  id: { type: 'string', minLength: 1, maxLength: 200 },
});

interface Target {
  file: string;
  id: string;
}

/** The lock's answer, with the browser's heartbeat and the lock's lifetime. */
const answer = (outcome: LockOutcome) => ({
  ...(outcome.status === 'held'
    ? { held: true, since: outcome.since }
    : { held: false, holder: { email: outcome.holder.email, since: outcome.holder.since } }),
  heartbeatMs: LOCK_HEARTBEAT_MS,
  ttlMs: LOCK_TTL_MS,
});

export default async function lockRoutes(app: FastifyInstance, { ctx, locks }: { ctx: StudioContext; locks: ContentLocks }): Promise<void> {
  const manage: { access: Access } = { access: { action: 'manage', subject: 'Content' } };
  const options = { config: manage, schema: { body: TARGET } };
  const accountOf = (request: FastifyRequest) => request.studio!.account;
  /** 400 when the file is not a release's file (a content file, pages.config.json, a form). */
  const notContent = (reply: FastifyReply, file: string) =>
    isReleaseFile(file) ? undefined : reply.code(400).send({ message: texts.editor.notReleaseFile.replace('{file}', file) });

  app.post<{ Body: Target }>('/lock', options, async (request, reply) => {
    const { file, id } = request.body;
    return notContent(reply, file) ?? answer(await locks.lock(accountOf(request).id, file, id));
  });

  app.post<{ Body: Target }>('/lock/take-over', options, async (request, reply) => {
    const { file, id } = request.body;
    const refused = notContent(reply, file);
    if (refused) return refused;
    const outcome = await locks.takeOver(accountOf(request).id, file, id);
    if (outcome.previous) {
      const before = { holder: outcome.previous.email, since: outcome.previous.since };
      await audit(ctx.db, entry(request, 'content.lock.takeover', { target: `${file}#${id}`, before }), ctx.now());
    }
    return answer(outcome);
  });

  app.delete<{ Body: Target }>('/lock', options, async (request, reply) => {
    const { file, id } = request.body;
    const refused = notContent(reply, file);
    if (refused) return refused;
    const outcome = await locks.release(accountOf(request).id, file, id);
    if (outcome.status === 'released') return reply.code(204).send();
    const { email, since } = outcome.holder;
    return reply
      .code(409)
      .send({ message: texts.editor.lockNotYours.replace('{email}', email).replace('{since}', since), holder: { email, since } });
  });
}
