import { ContentDialogButton } from '../../lib/content-dialogs';
import { Redirect } from '../../lib/Redirect';
import { fillPath } from '../../lib/site';
import { RESELLER } from '../../shop/checkouts';
import { CheckoutLayout, SummaryRow } from '../../shop/CheckoutParts';
import { pesoText } from '../../shop/format';
import { useCheckout } from '../../shop/use-checkout';
import type { BlockRenderProps } from '../types';

/**
 * The reseller site's checkout (src/shop/checkouts.ts RESELLER: one unit, no promo code): the
 * pipeline (useCheckout) laid out with the plan overview of the plan chosen on the reseller's
 * home and the terms in a dialog. Without a plan of this shop's cart the visitor goes back to the
 * reseller's home (shopHref).
 */
export default function ResellerCheckoutView({ props, params }: BlockRenderProps<'resellerCheckout'>) {
  const { texts } = props;
  const shopPath = fillPath(props.shopHref, params);
  const checkout = useCheckout(RESELLER, { params, shopPath, dependentsLabel: texts.dependentsLabel });
  const { item, totals } = checkout;

  if (!item || !totals) return <Redirect to={shopPath} />;

  return (
    <CheckoutLayout
      name="reseller-checkout"
      formClassName="reseller-checkout__form"
      checkout={checkout}
      texts={texts}
      partners={props.partners}
      terms={
        props.termsDialog && (
          <p className="checkout__terms">
            <ContentDialogButton
              spec={props.termsDialog}
              params={params}
              closeLabel={texts.closeLabel}
              className="reseller-checkout__terms-button"
            />
          </p>
        )
      }
      overview={
        <>
          <SummaryRow label={texts.planLabel} value={item.name} />
          <SummaryRow label={`${item.name} ${texts.perYear}`} value={pesoText(item.price)} />
          {item.discount > 0 && texts.planDiscountLabel && (
            <SummaryRow label={texts.planDiscountLabel} value={`−${pesoText(item.discount)}`} />
          )}
          {totals.members !== null && item.memberQuantity > 0 && (
            <SummaryRow label={`${texts.membersLabel} × ${item.memberQuantity}`} value={pesoText(totals.members)} />
          )}
          <SummaryRow label={texts.subtotalLabel} value={pesoText(totals.subtotal)} />
          <SummaryRow label={texts.vatLabel} value={pesoText(totals.vat)} />
          <SummaryRow label={texts.totalLabel} value={pesoText(totals.total)} strong />
        </>
      }
    />
  );
}
