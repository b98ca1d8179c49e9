import type { FastifyInstance } from 'fastify';
import type { Db } from './db';
import { API_PREFIX } from './paths';
import type { SharedState } from './shared-state';

/**
 * GET /api/v1/health and /api/v1/ready, the probes of the load balancer and the orchestrator.
 * Alive: the process answers. Ready means "send me traffic": the database answers and the instance
 * is not draining. Redis is optional: without it the instance serves with its own per-process limits,
 * render budget and HTML cache, so a Redis outage leaves it ready (the body says `redis: false`)
 * rather than taking every instance out of the balancer at once.
 */
export function registerHealth(
  app: FastifyInstance,
  deps: {
    db: Db;
    shared: SharedState;
    /** From the start of a shutdown: the instance finishes what it has and takes nothing new. */
    draining: () => boolean;
  },
): void {
  let lastReadiness = '';
  app.get(`${API_PREFIX}/health`, async () => ({ ok: true }));
  app.get(`${API_PREFIX}/ready`, async (_request, reply) => {
    const checks = { database: await deps.db.ping(), redis: await deps.shared.reachable() };
    const draining = deps.draining();
    const ready = checks.database && !draining;
    const body = {
      ready,
      ...checks,
      ...(draining ? { draining: true } : {}),
      ...(ready && !checks.redis ? { limits: 'per-process' as const } : {}),
    };
    // Logged when the answer changes, not on every probe.
    const readiness = JSON.stringify(body);
    if (readiness !== lastReadiness) {
      if (lastReadiness !== '' || !ready || !checks.redis) {
        const line = !ready
          ? `ready: no (${!checks.database ? 'database unreachable' : 'draining'})`
          : checks.redis
            ? 'ready: yes'
            : 'ready: yes, without redis (limits, render budget and HTML cache per process)';
        if (ready && checks.redis) app.log.info(line);
        else app.log.warn(line);
      }
      lastReadiness = readiness;
    }
    return reply
      .code(ready ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}
