import type { FastifyInstance } from 'fastify';

/** A fetch for the SSR bundle that asks `app`'s API in process (app.inject), GET only. */
export function inProcessFetch(app: FastifyInstance): (input: string, init?: RequestInit) => Promise<Response> {
  return async (input, init) => {
    const url = new URL(input);
    const res = await app.inject({
      method: 'GET',
      url: url.pathname + url.search,
      headers: { accept: 'application/json', ...(init?.headers as Record<string, string>) },
    });
    return new Response(res.statusCode === 204 ? null : res.body, {
      status: res.statusCode,
      headers: { 'content-type': String(res.headers['content-type'] ?? '') },
    });
  };
}
