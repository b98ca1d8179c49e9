import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { ProxyTrust } from './proxy-trust';
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

/**
 * What an X-Request-Id from a trusted proxy may be: nginx's $request_id is 32 hex digits; a UUID fits
 * too. Letters, digits and hyphens only, 16 to 64 of them (length first, then one linear pattern).
 */
const GIVEN_REQUEST_ID = /^[A-Za-z0-9-]+$/;
const GIVEN_REQUEST_ID_LENGTH = { min: 16, max: 64 } as const;

/**
 * The ids of requests: the X-Request-Id that nginx sets (deploy/nginx.conf), when the request comes
 * from a trusted proxy (`trust`, the one that X-Forwarded-For is read with) and the id is one, else a
 * new UUID. A client that is not a proxy cannot choose the id its requests are logged under (and so
 * blend into another's log lines), and nothing else in the header (too long, other characters)
 * reaches the log.
 */
export function requestIds(trust: ProxyTrust): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers['x-request-id'];
    const peer = request.socket.remoteAddress;
    const fromProxy = peer !== undefined && trust(peer, 0);
    const wellFormed =
      typeof given === 'string' &&
      given.length >= GIVEN_REQUEST_ID_LENGTH.min &&
      given.length <= GIVEN_REQUEST_ID_LENGTH.max &&
      GIVEN_REQUEST_ID.test(given);
    return fromProxy && wellFormed ? given : randomUUID();
  };
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
