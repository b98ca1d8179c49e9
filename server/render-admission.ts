import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  BUSY_RETRY_AFTER_SECONDS,
  sharedRenderBudget,
  createRenderGate,
  SERVER_BUSY,
  TOO_MANY_RENDERS,
  type ReleaseSlot,
} from './render-budget';

/**
 * Whether a page render may start (render.ts): the client's budget of renders a minute
 * (PAGE_RENDER_LIMIT, shared by the instances: 429 past it) and a slot of the server's
 * (RENDER_CONCURRENCY at once and a short queue: 503 past it). A page the cache holds takes neither.
 */

/** The event loop's next turn. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createRenderAdmission(app: FastifyInstance, settings: { rendersPerMinute: number; concurrentRenders: number }) {
  const { metrics } = app.ctx;
  const budget = settings.rendersPerMinute > 0 ? sharedRenderBudget(app.ctx.shared, settings.rendersPerMinute) : null;
  const gate = settings.concurrentRenders > 0 ? createRenderGate(settings.concurrentRenders) : null;
  /** When the last 'at capacity' warning was logged (one a minute at most). */
  let warnedBusyAt = 0;

  /** Answers 429 when the client has used its budget of renders (render-budget.ts); false when it may render. */
  async function overBudget(request: FastifyRequest, reply: FastifyReply): Promise<boolean> {
    const wait = budget ? await budget.take(request.ip) : 0;
    if (wait === 0) return false;
    metrics.renderRefused.inc({ reason: 'budget' });
    reply
      .code(429)
      .header('retry-after', String(wait))
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(TOO_MANY_RENDERS);
    return true;
  }

  /**
   * A slot to render in (the server-wide cap, render-budget.ts), waiting in the queue if need be; when
   * there is none, answers 503 with Retry-After and gives null. With a slot, the render starts on the
   * event loop's next turn: requests that arrived with this one are answered first (a cached page at
   * once), and the renders run between two turns are at most the slots, not every request at hand.
   */
  async function slot(reply: FastifyReply): Promise<ReleaseSlot | null> {
    const release = gate ? await gate.enter() : () => {};
    if (release) {
      await nextTurn();
      return release;
    }
    metrics.renderRefused.inc({ reason: 'busy' });
    const now = Date.now();
    if (now - warnedBusyAt >= 60_000) {
      warnedBusyAt = now;
      app.log.warn(gate?.load(), 'page renders at capacity (RENDER_CONCURRENCY): answering 503');
    }
    reply
      .code(503)
      .header('retry-after', String(BUSY_RETRY_AFTER_SECONDS))
      .header('cache-control', 'no-store')
      .type('text/plain; charset=utf-8')
      .send(SERVER_BUSY);
    return null;
  }

  return {
    overBudget,
    slot,
    /** A free slot at once for a background render, or null when every slot is busy (nothing waits). */
    tryEnter: (): ReleaseSlot | null => (gate ? gate.tryEnter() : () => {}),
  };
}
