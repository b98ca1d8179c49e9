import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { FOREIGN_HOST_MESSAGE, isLoopbackHost } from '../../domain/loopback-host';
import type { ServerContext } from '../context';
import { checked, list, QUERY, queryNumber, type Query } from '../http';
import { html, page } from '../shop/html';

/**
 * The e-mail outbox, in demo mode only: nothing is registered when ctx.demo is false,
 * so the paths fall through to the not-found policy (JSON 404 under /api/, the SPA elsewhere).
 */

/**
 * The hook of the demo surface (/api/dev, /dev): a request whose Host is not 127.0.0.1, localhost or
 * [::1] (any port) gets 403 in plain text. The outbox holds access keys and activation codes, and a
 * page of another site rebound to 127.0.0.1 would otherwise read it while `npm run dev` runs. The
 * rest of the server is not bound to a name: in production it runs under its real one behind nginx.
 */
export async function refuseForeignHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (isLoopbackHost(request.headers.host)) return;
  await reply.code(403).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(FOREIGN_HOST_MESSAGE);
}

/** GET /api/dev/outbox[?limit=n]: { data: [{ id, to, subject, body, status, created_at }] }, newest first. */
export const outboxDevRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  if (!ctx.demo) return;
  app.get<{ Querystring: Query }>('/outbox', checked({ querystring: { limit: QUERY.limit } }), async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return list(await ctx.mail.outbox.recent(queryNumber(request.query.limit)));
  });
};

/** GET /dev/outbox: the same e-mails as a server-rendered page (no scripts). */
export const outboxDevPages: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  if (!ctx.demo) return;
  app.get('/dev/outbox', async (_request, reply) => {
    const mails = await ctx.mail.outbox.recent();
    const content = html`<section class="card" aria-labelledby="title">
  <h1 id="title">Outbox</h1>
  <p class="meta">E-mails the ${ctx.product.name} demo server wrote, newest first, with whether they were sent (only with SMTP_URL set) (demo mode only).</p>
</section>
${
  mails.length === 0
    ? html`<p class="card">No e-mails yet.</p>`
    : mails.map(
        (mail) => html`<article class="card" aria-labelledby="mail-${mail.id}">
  <h2 id="mail-${mail.id}">${mail.subject}</h2>
  <p class="meta">To ${mail.to} · ${mail.status} · <time datetime="${mail.created_at}">${mail.created_at.replace('T', ' ').slice(0, 19)} UTC</time></p>
  <pre>${mail.body}</pre>
</article>`,
      )
}`;
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(page({ title: `Outbox | ${ctx.product.name} demo`, brand: `${ctx.product.name} demo server`, content }));
  });
};
