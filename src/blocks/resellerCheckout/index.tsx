import { lazy, Suspense, useState } from 'react';
import { Redirect } from '../../lib/Redirect';
import { fillPath } from '../../lib/site';
import { cartStore, useCart } from '../../shop/cart-store';
import { RESELLER } from '../../shop/checkouts';
import type { BlockHooks, BlockRenderProps } from '../types';
import './styles.css';

/** The checkout itself (its pipeline, the billing form's machinery): loaded only for a plan. */
const loadView = () => import('./ResellerCheckoutView');
const ResellerCheckoutView = lazy(loadView);

/** Whether the reseller site's cart (the promo cart) holds a plan in this page. */
function hasPlan(): boolean {
  return cartStore(RESELLER.cart).getState().item !== null;
}

/**
 * The engine runs this before the page renders (BlockHooks.preload). The plan lives in the
 * browser only, so a visitor who opens this address with no plan (every first visit of it, and the
 * server's render) is sent back to the reseller's home: only with a plan are the checkout's code,
 * its form and validator worth loading.
 */
function preload() {
  if (!hasPlan()) return Promise.resolve();
  // The billing form card's Fluent UI part is fetched too, but not waited for (shop/BillingFormCard.tsx).
  import('../../shop/BillingFormCard').then(({ preloadBillingForm }) => preloadBillingForm()).catch(() => undefined);
  return Promise.all([loadView(), import('../../forms/use-form-definition').then(({ preloadForm }) => preloadForm(RESELLER.form))]);
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'resellerCheckout'> = {
  preload,
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/**
 * The reseller site's checkout (src/shop/checkouts.ts RESELLER: one unit, no promo code; the
 * checkout in ResellerCheckoutView.tsx). Without a plan in the cart the visitor goes back to the
 * reseller's home (shopHref). Once shown, the checkout stays: a billing the server accepted empties
 * the cart while the page still shows the line sold (ResellerCheckoutView redirects on its own
 * when the plan is not this shop's).
 */
export default function ResellerCheckoutBlock(block: BlockRenderProps<'resellerCheckout'>) {
  const { state } = useCart(RESELLER.cart);
  const [shown, setShown] = useState(false);
  if (state.item && !shown) setShown(true);

  if (!shown && !state.item) return <Redirect to={fillPath(block.props.shopHref, block.params)} />;
  return (
    // preload() loaded the view before the page rendered; only a plan chosen in another tab while
    // this page is open waits for it here.
    <Suspense fallback={null}>
      <ResellerCheckoutView {...block} />
    </Suspense>
  );
}
