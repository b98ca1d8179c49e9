import { formatPesos, toPesos } from '../../domain/money';
import type { Order } from './store';

/**
 * The sandbox payment provider of the reference server (docs/decisions.md, Payment). A billing
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
