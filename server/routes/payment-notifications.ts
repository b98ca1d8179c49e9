import type { FastifyPluginAsync } from 'fastify';
import { HttpError } from '../http';
import { BODY_LIMITS, perMinute, registerRateLimit, WRITE_RATE_LIMITS } from '../rate-limit';
import { newCodeHashes } from '../keys/code-hash';
import { keyPrefix, newActivationCode } from '../shop/keys';
import { keyMail } from '../mail/key-mail';
import { NOTIFICATIONS_PATH } from '../shop/provider';
import { checkSignature, SIGNATURE_HEADER, type SignatureCheck } from '../shop/signature';
import { OrderStore, type NotificationOutcome, type PaymentNotification } from '../shop/store';
import type { ServerContext } from '../context';
import { API_PREFIX } from '../paths';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as received (the signature covers these exact bytes). */
    rawBody?: string;
  }
}

const REFUSED: Record<Exclude<SignatureCheck, { ok: true }>['reason'], string> = {
  missing: `Missing ${SIGNATURE_HEADER} header.`,
  malformed: `Malformed ${SIGNATURE_HEADER} header.`,
  stale: 'The notification is too old or from the future.',
  mismatch: 'Invalid signature.',
};

/** Why a notification was not applied (4xx replies carry a message, as every refusal of the API). */
const NOT_APPLIED: Partial<Record<NotificationOutcome, string>> = {
  'unknown-order': 'No order with that order_id.',
  mismatch: 'The amount or currency does not match the order: nothing was issued.',
};

/** What the provider is told for each outcome: 200 when there is nothing to retry, 4xx otherwise. */
const STATUS: Record<NotificationOutcome, number> = {
  paid: 200,
  cancelled: 200,
  duplicate: 200,
  'not-pending': 200,
  'needs-review': 200,
  'unknown-order': 404,
  mismatch: 422,
};

/** The notification body; anything else is refused (400) before it is looked at. */
const BODY_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  required: ['id', 'type', 'order_id', 'amount', 'currency'],
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' },
    type: { enum: ['payment.succeeded', 'payment.cancelled'] },
    order_id: { type: 'integer', minimum: 1, maximum: 2 ** 53 - 1 },
    amount: { type: 'number', minimum: 0, maximum: 1e12 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
  },
} as const;

type Body = Omit<PaymentNotification, 'amount'> & { amount: number };

/**
 * POST /api/v1/payments/notifications: the payment provider confirms a payment (or a cancellation)
 * server to server. The only route that issues keys. Signed with HMAC-SHA256 over "<t>.<raw body>"
 * (shop/signature.ts); a missing, malformed, stale or wrong signature is 401 and nothing is read.
 * A verified notification is handled once per event id (store.applyNotification): a replay or a
 * retry answers 200 { outcome: 'duplicate' } and issues nothing.
 */
const paymentNotificationRoutes: FastifyPluginAsync<ServerContext> = async (app, ctx) => {
  const store = new OrderStore(ctx.db);
  const prefix = keyPrefix(ctx.product.name);
  await registerRateLimit(app, 'payment-notifications');

  // Keep the exact bytes: the MAC is computed over them, not over a re-serialised object.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMITS.notification }, (request, body, done) => {
    request.rawBody = String(body);
    try {
      done(null, JSON.parse(request.rawBody));
    } catch {
      done(new HttpError(400, 'The body is not valid JSON.'), undefined);
    }
  });

  app.post<{ Body: Body }>(
    NOTIFICATIONS_PATH.slice(API_PREFIX.length),
    {
      ...perMinute(WRITE_RATE_LIMITS.notification),
      bodyLimit: BODY_LIMITS.notification,
      schema: { body: BODY_SCHEMA },
      preValidation: async (request, reply) => {
        const check = checkSignature(
          request.headers[SIGNATURE_HEADER],
          request.rawBody ?? '',
          ctx.paymentSecret,
          Math.floor(ctx.now().getTime() / 1000),
        );
        if (!check.ok) {
          request.log.warn({ reason: check.reason }, 'payment notification refused');
          return reply.code(401).send({ message: REFUSED[check.reason] });
        }
      },
    },
    async (request, reply) => {
      const body = request.body;
      const amount = Math.round(body.amount * 100);
      // A payment that will issue keys gets their codes hashed first, in the thread pool: the
      // transaction that issues them then does no hashing (about 10 ms a key) on the event loop.
      const order = body.type === 'payment.succeeded' ? await store.byId(body.order_id) : undefined;
      const mayIssue = order !== undefined && order.total === amount && (order.status === 'pending' || order.cancel_reason === 'expired');
      const codes = mayIssue ? await newCodeHashes(order.quantity, newActivationCode) : undefined;
      const now = ctx.now().toISOString();
      const { outcome, issued } = await store.applyNotification(
        { ...body, amount },
        {
          now,
          codes,
          keyPrefix: prefix,
          compose: (order, keys) => keyMail(order, keys, ctx.mail.frame()),
          outbox: ctx.mail.outbox,
        },
      );
      if (outcome === 'paid') {
        ctx.metrics.ordersPaid.inc();
        ctx.metrics.keysIssued.inc(issued.length);
        ctx.mail.notify();
      }
      if (outcome === 'needs-review') {
        // Money was taken and no keys were issued: an operator must refund or issue them (npm run payments).
        request.log.error(
          { outcome, order: body.order_id, event: body.id },
          'payment confirmed for an order that was not pending: recorded for review',
        );
      }
      if (STATUS[outcome] === 200) return reply.send({ received: true, outcome });
      const level = outcome === 'mismatch' ? 'error' : 'warn';
      request.log[level]({ outcome, order: body.order_id, event: body.id }, 'payment notification not applied');
      return reply.code(STATUS[outcome]).send({ message: NOT_APPLIED[outcome], received: true, outcome });
    },
  );
};

export default paymentNotificationRoutes;
