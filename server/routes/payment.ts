import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest, FastifySchemaValidationError } from 'fastify';
import { toPesos } from '../../domain/money';
import type { ServerContext } from '../context';
import { HttpError } from '../http';
import { BODY_LIMITS, perMinute, registerRateLimit, WRITE_RATE_LIMITS } from '../rate-limit';
import { html, page } from '../shop/html';
import { checkoutPagePath, money, NOTIFICATIONS_PATH, orderDescription, PROVIDER_NAME, returnPath } from '../shop/provider';
import { SIGNATURE_HEADER, signatureHeader } from '../shop/signature';
import { OrderStore, type Order } from '../shop/store';

/**
 * HTML forms post application/x-www-form-urlencoded, which Fastify does not parse by itself
 * (@fastify/formbody, registered in each plugin: scoped to it). A repeated field keeps its last value.
 */
const FORM_POSTS = { bodyLimit: BODY_LIMITS.paymentRequest, parser: (text: string) => Object.fromEntries(new URLSearchParams(text)) };

/** The token of `Authorization: Basic <token>`. */
function bearerOfBasic(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Basic\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** A payment request's fields (the payment_request of the billing reply; token only in a form post). */
interface PaymentRequest {
  token?: string;
  order_id?: number | string;
  amount?: number | string;
  currency?: string;
  description?: unknown;
}

/** A number, or digits as the hidden form sends them. */
const NUMBER = { anyOf: [{ type: 'number' }, { type: 'string', pattern: '^\\d{1,12}(\\.\\d{1,2})?$' }] };
const PAYMENT_REQUEST = {
  type: 'object',
  additionalProperties: false,
  properties: { token: { type: 'string' }, order_id: NUMBER, amount: NUMBER, currency: { type: 'string' }, description: {} },
};
/** The body types that reach the route (no body: nothing to check); a text/plain body is refused as not an object. */
const PAYMENT_REQUEST_TYPES = ['application/json', 'application/x-www-form-urlencoded', 'text/plain'];
const MISMATCH = 'The payment request does not match the order.';

/**
 * A body that is not an object, or has an unknown field: 400. A field of another shape contradicts
 * the order: 422, answered once the token has named the order.
 */
function paymentRequestRefusal([error]: FastifySchemaValidationError[]): HttpError {
  const unknown = error?.params.additionalProperty;
  if (typeof unknown === 'string') return new HttpError(400, `Unknown field in the payment request: ${unknown.slice(0, 50)}.`);
  if (error?.instancePath === '') return new HttpError(400, 'The payment request must be a JSON object.');
  return new HttpError(422, MISMATCH);
}

const NOT_PENDING: Record<Exclude<Order['status'], 'pending'>, string> = {
  paid: 'This order is already paid.',
  cancelled: 'This order was cancelled.',
};
const EXPIRED = 'This order has expired. Please check out again.';

/** Why an order cannot be paid now, or undefined when it can. */
function notPayable(order: Order, now: string): string | undefined {
  if (OrderStore.payable(order, now)) return undefined;
  return order.status === 'pending' || order.cancel_reason === 'expired'
    ? EXPIRED
    : NOT_PENDING[order.status as Exclude<Order['status'], 'pending'>];
}

/**
 * The sandbox provider's API (under /api/v1): POST sandbox-pay/payment-requests.
 * - `Authorization: Basic <token>` and the payment_request as JSON (standard checkout) -> 200
 *   { redirect_url: '/sandbox-pay/checkout/<token>' }; a wrong or missing token -> 401 { message };
 *   a body that contradicts the order (order_id, amount, currency) -> 422; an order that is no
 *   longer pending -> 409.
 * - A form post of the payment_request fields without the header (the hidden-form checkouts): the
 *   token comes from the form; the answer is a 303 redirect to the same page.
 */
export const sandboxProviderRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  if (!ctx.demo) return;
  const store = new OrderStore(ctx.db);
  await app.register(formbody, FORM_POSTS);
  await registerRateLimit(app, 'payment-requests');

  app.post<{ Body: PaymentRequest | undefined }>(
    '/sandbox-pay/payment-requests',
    {
      ...perMinute(WRITE_RATE_LIMITS.payment),
      bodyLimit: BODY_LIMITS.paymentRequest,
      schema: { body: { content: Object.fromEntries(PAYMENT_REQUEST_TYPES.map((type) => [type, { schema: PAYMENT_REQUEST }])) } },
      schemaErrorFormatter: paymentRequestRefusal,
      attachValidation: true,
    },
    async (request, reply) => {
      // An object of known fields (or no body) goes on; a field of another shape is refused below, with a token.
      const invalid = request.validationError;
      if (invalid instanceof HttpError && invalid.statusCode === 400) throw invalid;
      const body = request.body ?? {};
      const fromHeader = bearerOfBasic(request);
      const formPost = fromHeader === undefined && (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
      const token = fromHeader ?? (formPost ? body.token : undefined);
      const order = token ? await store.byToken(token) : undefined;
      if (!order) return reply.code(401).send({ message: 'Invalid or missing payment token.' });

      const contradicts =
        invalid !== undefined ||
        (body.order_id !== undefined && Number(body.order_id) !== order.id) ||
        (body.amount !== undefined && Math.round(Number(body.amount) * 100) !== order.total) ||
        (body.currency !== undefined && body.currency !== order.currency) ||
        (body.token !== undefined && body.token !== order.token);
      if (contradicts) return reply.code(422).send({ message: MISMATCH });
      const refusal = notPayable(order, ctx.now().toISOString());
      if (refusal) return reply.code(409).send({ message: refusal });

      const redirectUrl = checkoutPagePath(order.token);
      if (formPost) return reply.code(303).header('cache-control', 'no-store').redirect(redirectUrl, 303);
      return reply.header('cache-control', 'no-store').send({ redirect_url: redirectUrl });
    },
  );
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

function checkoutPage(order: Order, now: string) {
  const base = checkoutPagePath(order.token);
  const refusal = notPayable(order, now);
  if (refusal) {
    return html`<section class="card" aria-labelledby="title">
  <h1 id="title">Sandbox payment</h1>
  ${orderDetails(order)}
  <p role="status">${refusal}</p>
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
  <p class="note">This is a sandbox: no money is charged. Pay confirms the payment to the shop, which then issues the access keys and sends them by e-mail.</p>
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
 * The sandbox provider's pages (site root, demo mode only, no scripts; under the site's CSP):
 * - GET /sandbox-pay/checkout/:token: the order with Pay and Cancel (or why it can no longer be paid);
 * - POST /sandbox-pay/checkout/:token/pay and .../cancel: the sandbox tells the shop, as a real
 *   provider would, with a signed notification (payment.succeeded / payment.cancelled) sent server to
 *   server to POST /api/v1/payments/notifications — the same route and checks as in production,
 *   which alone issues keys — then sends the buyer back: 303 to /shop/payment?status=...&order=<id>.
 *   The buyer's return issues nothing.
 */
export const sandboxPayPages: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  if (!ctx.demo) return;
  const store = new OrderStore(ctx.db);
  await app.register(formbody, FORM_POSTS);
  await registerRateLimit(app, 'sandbox-pay');
  const limited = { ...perMinute(WRITE_RATE_LIMITS.payment), bodyLimit: BODY_LIMITS.paymentRequest };

  /** Sends a signed notification for `order` to the shop, as the provider's server would. */
  async function notify(order: Order, type: 'payment.succeeded' | 'payment.cancelled') {
    const body = JSON.stringify({
      id: `evt_${randomBytes(12).toString('hex')}`,
      type,
      order_id: order.id,
      amount: toPesos(order.total),
      currency: order.currency,
    });
    const signature = signatureHeader(body, ctx.paymentSecret, Math.floor(ctx.now().getTime() / 1000));
    const response = await app.inject({
      method: 'POST',
      url: NOTIFICATIONS_PATH,
      headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
      payload: body,
    });
    if (response.statusCode !== 200) app.log.warn({ status: response.statusCode, order: order.id }, 'sandbox notification refused');
  }

  app.get<{ Params: { token: string } }>('/sandbox-pay/checkout/:token', async (request, reply) => {
    const order = await store.byToken(request.params.token);
    if (!order) return notFoundPage(reply);
    return sendPage(reply, 200, 'Sandbox payment', checkoutPage(order, ctx.now().toISOString()));
  });

  for (const [action, type] of [
    ['pay', 'payment.succeeded'],
    ['cancel', 'payment.cancelled'],
  ] as const) {
    app.post<{ Params: { token: string } }>(`/sandbox-pay/checkout/:token/${action}`, limited, async (request, reply) => {
      const order = await store.byToken(request.params.token);
      if (!order) return notFoundPage(reply);
      if (!notPayable(order, ctx.now().toISOString())) await notify(order, type);
      return reply.header('cache-control', 'no-store').redirect(returnPath((await store.byId(order.id))!), 303);
    });
  }
};
