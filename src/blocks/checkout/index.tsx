import { Input, Label } from '@fluentui/react-components';
import { Link } from '../../lib/router';
import { fillPath, withValues } from '../../lib/site';
import { CHECKOUTS } from '../../shop/checkouts';
import { CheckoutLayout, SummaryRow } from '../../shop/CheckoutParts';
import { pesoText } from '../../shop/format';
import { useCheckout } from '../../shop/use-checkout';
import type { PromoCodeState } from '../../shop/use-promo-code';
import type { BlockHooks, BlockProps, BlockRenderProps } from '../types';
import { promoMessage } from './promo';
import './styles.css';

/** The promo-code field: the pipeline checks the code (usePromoCode); this says what it found, until the verdict clears. */
function PromoField({ texts, promo }: { texts: NonNullable<BlockProps<'checkout'>['promo']>; promo: PromoCodeState }) {
  const { verdict } = promo;
  const tone = verdict ? (verdict.outcome === 'redeemed' ? ' checkout-promo__message--ok' : ' checkout-promo__message--error') : '';
  return (
    <div className="checkout-promo">
      <Label htmlFor="promo">{texts.label}</Label>
      <Input
        id="promo"
        value={promo.code}
        placeholder={texts.placeholder || undefined}
        onChange={(_, data) => promo.setCode(data.value)}
        autoComplete="off"
      />
      <p role="status" aria-live="polite" className={`checkout-promo__message${tone}`}>
        {verdict ? promoMessage(texts, verdict.outcome, verdict.code) : ''}
      </p>
    </div>
  );
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'checkout'> = {
  // The engine loads the variant's billing form before the page renders.
  forms: (props) => [CHECKOUTS[props.variant].form],
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
      {variant.promoCode === 'entered' && props.promo && <PromoField texts={props.promo} promo={checkout.promo} />}
    </CheckoutLayout>
  );
}
