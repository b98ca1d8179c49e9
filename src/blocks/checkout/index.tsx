import { Suspense } from 'react';
import { lazyCode } from '../../lib/lazy-code';
import { Link } from 'react-router';
import { fillPath, withValues } from '../../lib/site';
import { CHECKOUTS } from '../../shop/checkouts';
import { preloadBillingForm } from '../../shop/BillingFormCard';
import { CheckoutLayout, SummaryRow } from '../../shop/CheckoutParts';
import { pesoText } from '../../shop/format';
import { useCheckout } from '../../shop/use-checkout';
import type { BlockHooks, BlockRenderProps } from '../types';
import './styles.css';

/** The promo-code field's code (Fluent UI's Input): a chunk of its own, like the billing form's. */
const promoField = lazyCode(() => import('./promo-field.part'));
const PromoField = promoField.Component;

/** The promo-code field's place until its code is in: a label's and a field's height, and the message line. */
const PROMO_PLACEHOLDER = (
  <div className="checkout-promo checkout-promo--loading" role="progressbar" aria-busy="true" aria-label="Loading" />
);

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'checkout'> = {
  // The engine loads the variant's billing form before the page renders.
  forms: (props) => [CHECKOUTS[props.variant].form],
  // The Fluent UI parts (the form card, the promo-code field) are fetched at the same time, but the
  // page does not wait for them: the summary shows at once, the parts when their code is in.
  preload: (props) => {
    preloadBillingForm();
    if (CHECKOUTS[props.variant].promoCode === 'entered') promoField.prefetch();
    return Promise.resolve();
  },
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/**
 * The standard, promo and merchant checkouts (`variant`, src/shop/checkouts.ts): the pipeline
 * (useCheckout) laid out with the plan overview and totals, the standard checkout's promo-code
 * field, and the shop's terms link. Without a line to sell, or below the shop's minimum purchase,
 * a short text leads back to the shop.
 */
export default function CheckoutBlock({ props, params }: BlockRenderProps<'checkout'>) {
  const { texts } = props;
  const variant = CHECKOUTS[props.variant];
  const shopPath = fillPath(props.shopHref ?? '/shop', params);
  const checkout = useCheckout(variant, { params, shopPath, dependentsLabel: texts.dependentsLabel, sourceOptions: props.sourceOptions });
  const { item, totals } = checkout;

  const minimum = props.minimumQuantity ?? 1;
  if (!item || !totals || item.quantity < minimum) {
    return (
      <section className="content-section checkout-empty">
        <h1 className="section-title">{texts.title}</h1>
        <p>{item ? withValues(texts.minimumText ?? texts.emptyCart, { minimum }) : texts.emptyCart}</p>
        <Link to={shopPath} className="button-link button-link--primary">
          {texts.backToShop}
        </Link>
      </section>
    );
  }

  return (
    <CheckoutLayout
      name="checkout"
      checkout={checkout}
      texts={texts}
      partners={props.partners}
      terms={
        <p className="checkout__terms">
          <Link to={fillPath(props.termsHref, params)} target="_blank">
            {texts.termsText}
          </Link>
        </p>
      }
      overview={
        <>
          <SummaryRow label={texts.planLabel} value={item.name} />
          <SummaryRow label={texts.quantityLabel} value={String(item.quantity)} />
          <SummaryRow label={`${item.name} × ${item.quantity}`} value={pesoText(totals.planTotal)} />
          {totals.members !== null && (
            <SummaryRow label={`${texts.membersLabel} × ${item.memberQuantity}`} value={pesoText(totals.members)} />
          )}
          <SummaryRow label={texts.subtotalLabel} value={pesoText(totals.subtotal)} />
          <SummaryRow label={texts.vatLabel} value={pesoText(totals.vat)} />
          {totals.promoDiscount > 0 && <SummaryRow label={texts.discountLabel} value={`−${pesoText(totals.promoDiscount)}`} />}
          <SummaryRow label={texts.totalLabel} value={pesoText(totals.total)} strong />
        </>
      }
    >
      {variant.promoCode === 'entered' && props.promo && (
        <Suspense fallback={PROMO_PLACEHOLDER}>
          <PromoField texts={props.promo} promo={checkout.promo} />
        </Suspense>
      )}
    </CheckoutLayout>
  );
}
