import { useCallback, useEffect, useRef, useState } from 'react';
import { findProvider, requestPayment } from '../api/shop';
import { logError } from '../lib/log';
import type { CartItem, CartKind } from './cart';
import { cartStore } from './cart-store';
import { postPaymentForm } from './payment-form';
import { restoreStashedCart, stashCartForPayment } from './payment-stash';

/** How a checkout hands the buyer to the payment provider: `fetch` (standard) or a hidden `formPost` (promo, merchant, reseller). */
export type PaymentMode = 'fetch' | 'formPost';

/**
 * How long the browser may stay on the checkout once the hand-over started: a provider that has
 * not taken the buyer away by then (no answer, an answer that is no page, a post the browser
 * refused) has failed, and the pending navigation is stopped.
 */
export const HAND_OVER_TIMEOUT_MS = 20_000;

/** What an accepted billing sold: the cart line, its cart, the shop to return to after a cancel. */
export interface Sale {
  kind: CartKind;
  item: CartItem;
  shopPath: string;
}

/** idle: the form; redirecting: on the way to the provider; failed: the hand-over did not happen. */
export type HandOverStatus = 'idle' | 'redirecting' | 'failed';

/**
 * The four checkouts' common end, once the server accepted a billing: the cart is
 * emptied, but the page keeps showing the line sold (`sold`), so the buyer sees 'redirecting' and
 * not an empty cart until the browser leaves. `fetch` asks the provider for its redirect URL
 * (standard checkout), `formPost` posts a hidden form after 500 ms (promo, merchant, reseller).
 * A failed hand-over (the provider refused or did not answer, or the browser is still here after
 * HAND_OVER_TIMEOUT_MS) puts the line back in the cart and reports `failed`. A reply without a
 * provider object ends here: the billing succeeded and the form shows its success dialog.
 */
export function usePaymentHandOver(mode: PaymentMode) {
  const [status, setStatus] = useState<HandOverStatus>('idle');
  const [sold, setSold] = useState<CartItem | null>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  /** Starts the hand-over and returns at once: the form (and its confirm dialog) is done with the billing. */
  const handOver = useCallback(
    (reply: unknown, sale: Sale): void => {
      const provider = findProvider(reply);
      setSold(sale.item);
      if (provider) stashCartForPayment(sale.kind, sale.item, sale.shopPath);
      cartStore(sale.kind).dispatch({ type: 'clear' });
      if (!provider) return;
      setStatus('redirecting');

      let over = false;
      // Not AbortSignal.timeout: the time limit also covers the form post and the browser leaving, and fails the hand-over.
      const abort = new AbortController();
      let cancelPost: (() => void) | undefined;
      // The browser leaves (the provider's page is in): the hand-over is done.
      const left = () => finish();
      const finish = () => {
        over = true;
        clearTimeout(timer);
        window.removeEventListener('pagehide', left);
        stop.current = null;
      };
      const fail = (error: unknown) => {
        if (over) return;
        finish();
        abort.abort();
        cancelPost?.();
        // A navigation still pending (a provider that does not answer) must not land after the failure.
        window.stop();
        logError('payment', error);
        restoreStashedCart();
        setSold(null);
        setStatus('failed');
      };
      const timer = setTimeout(
        () => fail(new Error(`the payment provider did not take over within ${HAND_OVER_TIMEOUT_MS} ms`)),
        HAND_OVER_TIMEOUT_MS,
      );
      window.addEventListener('pagehide', left);
      // Leaving the checkout inside the site (unmount) ends the hand-over quietly.
      stop.current = () => {
        finish();
        abort.abort();
        cancelPost?.();
      };

      if (mode === 'formPost') {
        try {
          cancelPost = postPaymentForm(provider);
        } catch (error) {
          fail(error);
        }
        return;
      }
      requestPayment(provider, abort.signal)
        .then((url) => {
          if (!over) window.location.assign(url);
        })
        .catch(fail);
    },
    [mode],
  );

  return { status, sold, handOver };
}
