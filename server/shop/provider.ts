import { formatPesos, toPesos } from '../../domain/money';
import type { Product } from '../context';
import type { AccessKey, Mail, Order } from './store';

/**
 * The sandbox payment provider of the reference server (DECISIONS.md, Payments and keys). A billing
 * POST answers `{ sandboxpay: { post_redirect, payment_request } }`; the standard checkout POSTs
 * payment_request to post_redirect with `Authorization: Basic <token>` and follows redirect_url.
 */
export const PROVIDER_NAME = 'sandboxpay';
/** The sandbox provider's payment-request endpoint (demo mode), under the public URL. */
export const PAYMENT_REQUESTS_PATH = '/api/v1/sandbox-pay/payment-requests';
/** Where the provider confirms payments server to server (signed; routes/payment-notifications.ts). */
export const NOTIFICATIONS_PATH = '/api/v1/payments/notifications';
export const CHECKOUT_PAGE_PREFIX = '/sandbox-pay/checkout/';
/** Where the buyer returns to the site after Pay or Cancel. */
const RETURN_PATH = '/shop/payment';
/** The key-activation screen named in the confirmation e-mail. */
const ACTIVATION_PATH = '/shop/assignment';

interface PaymentRequest {
  token: string;
  order_id: number;
  /** What the buyer pays, in pesos. */
  amount: number;
  currency: string;
  description: string;
}

export interface ProviderObject {
  [PROVIDER_NAME]: { post_redirect: string; payment_request: PaymentRequest };
}

export const orderDescription = (order: Order) => `${order.plan_name} x ${order.quantity}`;

function paymentRequestOf(order: Order): PaymentRequest {
  return {
    token: order.token,
    order_id: order.id,
    amount: toPesos(order.total),
    currency: order.currency,
    description: orderDescription(order),
  };
}

/** The provider object of a stored order; `providerUrl` is the configured payment-request URL (never from request headers). */
export function providerObject(order: Order, providerUrl: string): ProviderObject {
  return { [PROVIDER_NAME]: { post_redirect: providerUrl, payment_request: paymentRequestOf(order) } };
}

export const checkoutPagePath = (token: string) => `${CHECKOUT_PAGE_PREFIX}${encodeURIComponent(token)}`;

export const returnPath = (order: Order) => `${RETURN_PATH}?status=${order.status === 'paid' ? 'paid' : 'cancelled'}&order=${order.id}`;

/** '1,678.88' with the currency: 'PHP 1,678.88'. */
export const money = (centavos: number, currency = 'PHP') => `${currency} ${formatPesos(centavos)}`;

const buyerName = (order: Order) =>
  [order.billing.first_name, order.billing.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');

/** The confirmation e-mail of a paid order: every key pair issued and where to activate them (`origin`: the public URL setting). */
export function confirmationMail(order: Order, keys: readonly AccessKey[], options: { product: Product; origin: string }): Mail {
  const { product, origin } = options;
  const name = buyerName(order);
  const pairs = keys.map((key, i) => [`${i + 1}. Access key: ${key.access_key}`, `   Activation code: ${key.activation_code}`].join('\n'));
  const body = [
    `Hello${name ? ` ${name}` : ''},`,
    '',
    `Thank you for your payment. Order #${order.id}: ${orderDescription(order)}, total ${money(order.total, order.currency)}.`,
    '',
    keys.length === 1 ? 'Your access key:' : `Your ${keys.length} access keys (one per plan purchased):`,
    '',
    ...pairs.flatMap((pair) => [pair, '']),
    `Activate each key at ${origin}${ACTIVATION_PATH} with its access key and activation code.`,
    'Keep these codes private: anyone who has them can activate the plan.',
    '',
    `The ${product.name} team`,
  ].join('\n');
  return { to: order.email, subject: `Your ${product.name} access keys`, body };
}
