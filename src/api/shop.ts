import type { PromoCheck } from '../../domain/promo';
import { ApiError, postJson } from './client';

/** POST promos/check/code: the promo record, or null when the code does not exist (404). */
export async function checkPromoCode(code: string): Promise<PromoCheck | null> {
  try {
    const reply = await postJson<{ data?: PromoCheck | null }>('promos/check/code', { code });
    return reply?.data ?? null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The payment-provider object a billing POST answers with: where to post, and the payment request with its token. */
export interface PaymentProvider {
  post_redirect: string;
  payment_request: { token: string } & Record<string, unknown>;
}

export type BillingReply = Record<string, PaymentProvider | unknown> | null;

export function postBilling(path: string, payload: Record<string, unknown>): Promise<BillingReply> {
  return postJson<BillingReply>(path, payload);
}

/** Finds the provider object in a billing reply (keyed by the provider's name; some replies nest under data.data). */
export function findProvider(reply: unknown): PaymentProvider | null {
  const candidates = [
    reply,
    (reply as { data?: unknown } | null)?.data,
    ((reply as { data?: { data?: unknown } } | null)?.data as { data?: unknown } | undefined)?.data,
  ];
  for (const candidate of candidates) {
    if (!candidate || typeof candidate !== 'object') continue;
    for (const value of Object.values(candidate)) {
      const provider = value as Partial<PaymentProvider> | null;
      if (provider && typeof provider.post_redirect === 'string' && typeof provider.payment_request?.token === 'string') {
        return provider as PaymentProvider;
      }
    }
  }
  return null;
}

/**
 * The standard checkout's payment step: POST the payment request to the provider with the token as
 * Basic authorization, and return the redirect_url it answers with (the caller navigates).
 */
export async function requestPayment(provider: PaymentProvider, signal?: AbortSignal): Promise<string> {
  const response = await fetch(provider.post_redirect, {
    method: 'POST',
    signal,
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Basic ${provider.payment_request.token}` },
    body: JSON.stringify(provider.payment_request),
  });
  const body = (await response.json().catch(() => null)) as { redirect_url?: unknown } | null;
  if (!response.ok || typeof body?.redirect_url !== 'string') {
    throw new ApiError(response.status, 'The payment provider did not answer with a redirect_url', body);
  }
  return body.redirect_url;
}
