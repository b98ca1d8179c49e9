import type { PaymentProvider } from '../api/shop';

/** The hidden-form checkouts hand over to the payment provider after 500 ms. */
export const PAYMENT_REDIRECT_DELAY_MS = 500;

/**
 * The promo, merchant and reseller checkouts' hand-over (docs/decisions.md, Payment): a hidden
 * form that posts the payment request's fields (the token among them) to post_redirect; the
 * provider answers with its checkout page. Returns a function that cancels a post not yet sent.
 */
export function postPaymentForm(provider: PaymentProvider, delayMs = PAYMENT_REDIRECT_DELAY_MS, doc: Document = document): () => void {
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = provider.post_redirect;
  form.hidden = true;
  for (const [name, value] of Object.entries(provider.payment_request)) {
    if (value === undefined || value === null || typeof value === 'object') continue;
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = String(value);
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  const timer = setTimeout(() => form.submit(), delayMs);
  return () => {
    clearTimeout(timer);
    form.remove();
  };
}
