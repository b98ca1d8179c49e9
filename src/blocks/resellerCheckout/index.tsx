import { useMemo } from 'react';
import { Navigate } from 'react-router-dom';
import { toPesos } from '../../../domain/money';
import { computeTotals } from '../../../domain/pricing';
import { postBilling } from '../../api/shop';
import { preloadForm, useFormDefinition } from '../../forms/useFormDefinition';
import { ContentDialogButton } from '../../lib/contentDialogs';
import { fill, fillPath } from '../../lib/site';
import type { CartItem } from '../../shop/cart';
import { useCart } from '../../shop/cartStore';
import { pesoText } from '../../shop/format';
import { BillingFormCard } from '../../shop/BillingFormCard';
import { PaymentPartners, SummaryRow } from '../../shop/CheckoutParts';
import { usePaymentHandOver } from '../../shop/usePaymentHandOver';
import { dependentsField } from '../../shop/dependents';
import { isCartOfSlug } from '../../shop/ownerScope';
import type { BlockProps, BlockRenderProps } from '../types';
import './resellerCheckout.css';

/** The reseller checkout sells one unit of the selected plan, without promo code (spec section 9). */
export function resellerTotals(item: CartItem) {
  return computeTotals({ price: item.price, discount: item.discount, quantity: 1, memberPrice: item.member, memberQuantity: item.memberQuantity });
}

/** The products of the reseller billing payload (spec section 3): one line, quantity 1, no promo, amount = the overview's total. */
export function resellerProducts(item: CartItem) {
  const totals = resellerTotals(item);
  return [{ name: item.name, shop_plan_id: item.id, quantity: 1, promo_id: null, discount: 0, amount: toPesos(totals.total), member: item.memberQuantity }];
}

/** The engine loads the form before the page renders (see BlockModule.preload). */
export function preload(props: BlockProps<'resellerCheckout'>) {
  return preloadForm(props.form);
}

/**
 * The reseller site's checkout: the plan overview of the plan selected on the reseller's home, the
 * payment partners, the reseller billing form. On Yes: POST billing with reseller_id (the page
 * owner's id), country PH (the form's fixed value) and the products; then the cart is emptied and a
 * hidden form posts the payment request (token) to the provider 500 ms later. Without a plan of this
 * shop's cart the visitor goes back to the reseller's home (shopHref).
 */
export default function ResellerCheckoutBlock({ props, params }: BlockRenderProps<'resellerCheckout'>) {
  const { texts } = props;
  const kind = props.cartKind ?? 'promo';
  const slug = params[props.cartSlugParam ?? 'slug'];
  const resellerId = Number(params[props.ownerParam ?? 'reseller_id']);
  const { state } = useCart(kind);
  const loaded = useFormDefinition(props.form);
  const payment = usePaymentHandOver('formPost');

  // A cart filled in another shop is not this checkout's (the shop's shopScope section stores its slug).
  const owned = state.item !== null && isCartOfSlug(kind, slug, Number.isSafeInteger(resellerId) ? resellerId : undefined);
  // Once a billing is accepted the cart is empty, but the page keeps the line sold until the browser leaves.
  const item = payment.sold ?? (owned ? state.item : null);
  const totals = useMemo(() => (item ? resellerTotals(item) : null), [item]);
  const maxDependents = item?.maxDependents ?? 0;
  const dependents = useMemo(() => dependentsField(loaded?.form, maxDependents, texts.dependentsLabel), [loaded, maxDependents, texts.dependentsLabel]);

  if (!item || !totals || !Number.isSafeInteger(resellerId)) return <Navigate to={fillPath(props.shopHref, params)} replace />;

  const send = async (data: Record<string, unknown>) => {
    const { no_dependents: count, ...fields } = data;
    const payload = {
      ...fields,
      ...(dependents.asked ? { no_dependents: count } : {}),
      country: 'PH',
      reseller_id: resellerId,
      products: resellerProducts(item),
    };
    const reply = await postBilling(props.billingPath, payload);
    if (!reply) return reply;
    payment.handOver(reply, { kind, item, shopPath: fillPath(props.shopHref, params) });
    return reply;
  };

  return (
    <section className="content-section reseller-checkout" aria-labelledby="reseller-checkout-title">
      <h1 id="reseller-checkout-title" className="section-title">
        {fill(texts.title)}
      </h1>
      <div className="checkout__grid">
        <BillingFormCard
          loaded={loaded}
          className="checkout__form reseller-checkout__form"
          send={send}
          uiSchemaOverrides={dependents.uiSchema}
          extraValidate={dependents.validate}
          handOver={payment.status}
          redirectingText={fill(texts.redirecting)}
          failedText={fill(texts.paymentFailed)}
        >
          {props.termsDialog && (
            <p className="checkout__terms">
              <ContentDialogButton spec={props.termsDialog} params={params} closeLabel={texts.closeLabel} className="reseller-checkout__terms-button" />
            </p>
          )}
        </BillingFormCard>
        <aside className="checkout__aside" aria-label={fill(texts.summaryTitle)}>
          <div className="form-card checkout-summary">
            <h2>{fill(texts.summaryTitle)}</h2>
            <h3>{fill(texts.overviewTitle)}</h3>
            <dl className="checkout-summary__rows" data-testid="plan-overview">
              <SummaryRow label={fill(texts.planLabel)} value={item.name} />
              <SummaryRow label={`${item.name} ${fill(texts.perYear)}`} value={pesoText(item.price)} />
              {item.discount > 0 && texts.planDiscountLabel && <SummaryRow label={fill(texts.planDiscountLabel)} value={`−${pesoText(item.discount)}`} />}
              {totals.members !== null && item.memberQuantity > 0 && <SummaryRow label={`${fill(texts.membersLabel)} × ${item.memberQuantity}`} value={pesoText(totals.members)} />}
              <SummaryRow label={fill(texts.subtotalLabel)} value={pesoText(totals.subtotal)} />
              <SummaryRow label={fill(texts.vatLabel)} value={pesoText(totals.vat)} />
              <SummaryRow label={fill(texts.totalLabel)} value={pesoText(totals.total)} strong />
            </dl>
          </div>
          <PaymentPartners title={texts.partnersTitle} text={texts.partnersText} partners={props.partners} />
        </aside>
      </div>
    </section>
  );
}
