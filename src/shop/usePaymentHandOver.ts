import { useCallback, useEffect, useRef, useState } from 'react';
import { findProvider, requestPayment } from '../api/shop';
import { logError } from '../lib/log';
import type { CartItem, CartKind } from './cart';
import { postPaymentForm } from './paymentForm';
import { stashCartForPayment } from './paymentStash';

/** How a checkout hands the buyer to the payment provider (spec section 4). */
export type PaymentMode = 'fetch' | 'formPost';

/** What an accepted billing sold: the cart line, its cart, the shop to return to after a cancel. */
export interface Sale {
  kind: CartKind;
  item: CartItem;
  shopPath: string;
  clearCart: () => void;
}

/**
 * The checkouts' common end: once the server accepted a billing, the line is kept aside for a
 * cancel at the provider, the cart is emptied (spec), and the buyer is handed over to the provider:
 * `fetch` asks for the provider's redirect URL (standard checkout), `formPost` posts a hidden form
 * after 500 ms (promo, merchant, reseller). A failed hand-over is logged and the page stays usable.
 */
export function usePaymentHandOver(mode: PaymentMode) {
  const [redirecting, setRedirecting] = useState(false);
  const cancelPost = useRef<(() => void) | null>(null);
  useEffect(() => () => cancelPost.current?.(), []);

  const handOver = useCallback(
    async (reply: unknown, sale: Sale): Promise<void> => {
      const provider = findProvider(reply);
      stashCartForPayment(sale.kind, sale.item, sale.shopPath);
      sale.clearCart();
      if (!provider) return;
      setRedirecting(true);
      try {
        if (mode === 'formPost') cancelPost.current = postPaymentForm(provider);
        else window.location.assign(await requestPayment(provider));
      } catch (error) {
        setRedirecting(false);
        logError('payment', error);
      }
    },
    [mode],
  );

  return { redirecting, handOver };
}
