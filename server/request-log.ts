import type { FastifyInstance } from 'fastify';
import { CHECKOUT_PAGE_PREFIX } from './shop/provider';

/**
 * One log line per API or server-rendered request (info), none per static file (debug), with no
 * secrets: the query string is dropped (it may carry codes) and payment tokens in paths are masked.
 * Bodies, headers and IPs are never logged.
 */
export function loggedPath(url: string): string {
  const path = url.split('?')[0].slice(0, 200);
  return path.startsWith(CHECKOUT_PAGE_PREFIX) ? path.replace(/^(\/sandbox-pay\/checkout\/)[^/]+/, '$1:token') : path;
}

const isStatic = (path: string) => !path.startsWith('/api/') && !path.startsWith('/sandbox-pay/') && !path.startsWith('/dev/');

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    const path = loggedPath(request.url);
    const line = { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (isStatic(path) && reply.statusCode < 500) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
