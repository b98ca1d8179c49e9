import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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

/** What an X-Request-Id from the proxy may be: nginx's $request_id is 32 hex digits; a UUID fits too. */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9-]{16,64}$/;

/**
 * The id of a request: the X-Request-Id that nginx sets (deploy/nginx.conf), when it is one, else a
 * new UUID. Anything else in the header (too long, other characters) is ignored, so no client can
 * write into the log through it.
 */
export function requestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && GIVEN_REQUEST_ID.test(given) ? given : randomUUID();
}

export function registerRequestLog(app: FastifyInstance): void {
  // The id goes back with every answer: a buyer's complaint can quote it, an operator finds it in the log.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  app.addHook('onResponse', async (request, reply) => {
    const path = loggedPath(request.url);
    const line = { method: request.method, path, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (isStatic(path) && reply.statusCode < 500) request.log.debug(line, 'request');
    else request.log.info(line, 'request');
  });
}
