import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { html, page } from '../shop/html';
import { keyPrefix } from '../shop/keys';
import { checkoutPagePath, confirmationMail, money, orderDescription, PROVIDER_NAME, returnPath } from '../shop/provider';
import { OrderStore, type Order } from '../shop/store';
import { originOf } from './billing';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** HTML forms post application/x-www-form-urlencoded, which Fastify does not parse by itself (scoped to this module). */
function acceptFormPosts(app: FastifyInstance): void {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** The token of `Authorization: Basic <token>`. */
function bearerOfBasic(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

const NOT_PENDING: Record<Exclude<Order['status'], 'pending'>, string> = {
  paid: 'This order is already paid.',
  cancelled: 'This order was cancelled.',
};

/**
 * The sandbox provider's API (under /api/v1): POST sandbox-pay/payment-requests.
 * - `Authorization: Basic <token>` and the payment_request as JSON (standard checkout) -> 200
 *   { redirect_url: '/sandbox-pay/checkout/<token>' }; a wrong or missing token -> 401 { message };
 *   a body that contradicts the order (order_id, amount, currency) -> 422; an order that is no
 *   longer pending -> 409.
 * - A form post of the payment_request fields without the header (the hidden-form checkouts): the
 *   token comes from the form; the answer is a 303 redirect to the same page.
 */
export const paymentRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const store = new OrderStore(ctx.db);
  acceptFormPosts(app);

  app.post('/sandbox-pay/payment-requests', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const fromHeader = bearerOfBasic(request);
    const formPost = fromHeader === undefined && request.headers['content-type']?.startsWith('application/x-www-form-urlencoded') === true;
    const token = fromHeader ?? (formPost && typeof body.token === 'string' ? body.token : undefined);
    const order = token ? store.byToken(token) : undefined;
    if (!order) return reply.code(401).send({ message: 'Invalid or missing payment token.' });

    const contradicts =
      (body.order_id !== undefined && Number(body.order_id) !== order.id) ||
      (body.amount !== undefined && Math.round(Number(body.amount) * 100) !== order.total) ||
      (body.currency !== undefined && body.currency !== order.currency) ||
      (body.token !== undefined && body.token !== order.token);
    if (contradicts) return reply.code(422).send({ message: 'The payment request does not match the order.' });
    if (order.status !== 'pending') return reply.code(409).send({ message: NOT_PENDING[order.status] });

    const redirectUrl = checkoutPagePath(order.token);
    if (formPost) return reply.code(303).header('cache-control', 'no-store').redirect(redirectUrl, 303);
    return reply.header('cache-control', 'no-store').send({ redirect_url: redirectUrl });
  });
};

const BRAND = 'Sandbox payment';

function sendPage(reply: FastifyReply, status: number, title: string, content: ReturnType<typeof html>) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page({ title: title === BRAND ? BRAND : `${title} | ${BRAND}`, brand: `${PROVIDER_NAME} · ${BRAND}`, content }));
}

function orderDetails(order: Order) {
  return html`<dl>
  <dt>Order</dt><dd>#${order.id}</dd>
  <dt>Plan</dt><dd>${order.plan_name}</dd>
  <dt>Quantity</dt><dd>${order.quantity}</dd>
  ${order.members > 0 ? html`<dt>Household members</dt><dd>${order.members}</dd>` : ''}
  <dt>Total</dt><dd class="amount">${money(order.total, order.currency)}</dd>
</dl>`;
}

function checkoutPage(order: Order) {
  const base = checkoutPagePath(order.token);
  if (order.status !== 'pending') {
    return html`<section class="card" aria-labelledby="title">
  <h1 id="title">Sandbox payment</h1>
  ${orderDetails(order)}
  <p role="status">${NOT_PENDING[order.status]}</p>
  <p><a class="button cancel" href="${returnPath(order)}">Return to the shop</a></p>
</section>`;
  }
  return html`<section class="card" aria-labelledby="title">
  <h1 id="title">Sandbox payment</h1>
  <h2>Your order: ${orderDescription(order)}</h2>
  ${orderDetails(order)}
  <div class="actions">
    <form method="post" action="${base}/pay">
      <button type="submit" class="pay">Pay ${money(order.total, order.currency)}</button>
    </form>
    <form method="post" action="${base}/cancel">
      <button type="submit" class="cancel">Cancel</button>
    </form>
  </div>
  <p class="note">This is a sandbox: no money is charged. Pay issues the access keys and sends them by e-mail.</p>
</section>`;
}

function notFoundPage(reply: FastifyReply) {
  return sendPage(
    reply,
    404,
    'Payment not found',
    html`<section class="card" aria-labelledby="title">
  <h1 id="title">Payment not found</h1>
  <p>This payment link is not valid.</p>
  <p><a class="button cancel" href="/shop">Return to the shop</a></p>
</section>`,
  );
}

/**
 * The sandbox provider's pages (site root, no scripts; under the site's CSP):
 * - GET /sandbox-pay/checkout/:token: the order with Pay and Cancel (or its status once paid or cancelled);
 * - POST /sandbox-pay/checkout/:token/pay: paid, one key pair per unit, confirmation e-mail to the
 *   outbox (one transaction; paying again issues nothing), 303 to /shop/payment?status=paid&order=<id>;
 * - POST /sandbox-pay/checkout/:token/cancel: cancelled if still pending, 303 to
 *   /shop/payment?status=cancelled&order=<id> (a paid order stays paid: status=paid).
 */
export const sandboxPayPages: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const store = new OrderStore(ctx.db);
  const prefix = keyPrefix(ctx.product.name);
  acceptFormPosts(app);

  app.get<{ Params: { token: string } }>('/sandbox-pay/checkout/:token', async (request, reply) => {
    const order = store.byToken(request.params.token);
    if (!order) return notFoundPage(reply);
    return sendPage(reply, 200, 'Sandbox payment', checkoutPage(order));
  });

  app.post<{ Params: { token: string } }>('/sandbox-pay/checkout/:token/pay', async (request, reply) => {
    const origin = originOf(request);
    const result = store.pay(request.params.token, {
      now: ctx.now().toISOString(),
      keyPrefix: prefix,
      compose: (order, keys) => confirmationMail(order, keys, { product: ctx.product, origin }),
    });
    if (!result) return notFoundPage(reply);
    return reply.header('cache-control', 'no-store').redirect(returnPath(result.order), 303);
  });

  app.post<{ Params: { token: string } }>('/sandbox-pay/checkout/:token/cancel', async (request, reply) => {
    const order = store.cancel(request.params.token, ctx.now().toISOString());
    if (!order) return notFoundPage(reply);
    return reply.header('cache-control', 'no-store').redirect(returnPath(order), 303);
  });
};

export default paymentRoutes;
