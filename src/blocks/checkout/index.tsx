import { useEffect, useMemo, useRef, useState } from 'react';
import { Input, Label } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { toCentavos, toPesos, type Centavos } from '../../../domain/money';
import { computeTotals } from '../../../domain/pricing';
import { manilaToday, promoOutcome, type PromoOutcome } from '../../../domain/promo';
import { checkPromoCode, postBilling } from '../../api/shop';
import { preloadForm, useFormDefinition } from '../../forms/useFormDefinition';
import { logError } from '../../lib/log';
import { fill, fillPath } from '../../lib/site';
import { dependentsField } from '../../shop/dependents';
import { isCartOfSlug } from '../../shop/ownerScope';
import { BillingFormCard } from '../../shop/BillingFormCard';
import { PaymentPartners, SummaryRow } from '../../shop/CheckoutParts';
import { usePaymentHandOver } from '../../shop/usePaymentHandOver';
import { useCart } from '../../shop/cartStore';
import { pesoText } from '../../shop/format';
import type { BlockProps, BlockRenderProps } from '../types';
import { PROMO_MESSAGE_MS, PROMO_TYPING_DELAY_MS, promoMessage } from './promo';
import './checkout.css';

interface AppliedPromo {
  id: number;
  code: string;
  discount: Centavos;
}

/** The promo-code field: checked 800 ms after typing stops; the message clears after 5 s. */
function PromoField({ texts, planId, onApplied }: { texts: NonNullable<BlockRenderProps<'checkout'>['props']['promo']>; planId: number; onApplied: (promo: AppliedPromo | null) => void }) {
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const latest = useRef('');

  useEffect(() => {
    const typed = code.trim();
    latest.current = typed;
    if (!typed) {
      onApplied(null);
      return;
    }
    const timer = setTimeout(() => {
      checkPromoCode(typed)
        .then((promo) => {
          if (latest.current !== typed) return;
          const outcome: PromoOutcome = promoOutcome(promo, planId, manilaToday());
          setMessage({ text: promoMessage(texts, outcome, typed), ok: outcome === 'redeemed' });
          onApplied(outcome === 'redeemed' && promo ? { id: promo.id, code: typed, discount: toCentavos(promo.discount) } : null);
        })
        .catch((error: unknown) => {
          logError('promo code', error);
          if (latest.current === typed) setMessage({ text: promoMessage(texts, 'invalid', typed), ok: false });
          onApplied(null);
        });
    }, PROMO_TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, planId, texts, onApplied]);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), PROMO_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <div className="checkout-promo">
      <Label htmlFor="promo">{fill(texts.label)}</Label>
      <Input id="promo" value={code} placeholder={texts.placeholder ? fill(texts.placeholder) : undefined} onChange={(_, data) => setCode(data.value)} autoComplete="off" />
      <p role="status" aria-live="polite" className={message ? (message.ok ? 'checkout-promo__message checkout-promo__message--ok' : 'checkout-promo__message checkout-promo__message--error') : 'checkout-promo__message'}>
        {message?.text ?? ''}
      </p>
    </div>
  );
}

/** The owner's id from its route param (promo and merchant checkouts), else undefined. */
function ownerIdOf(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;
}

/** The engine loads the form before the page renders (see BlockModule.preload). */
export function preload(props: BlockProps<'checkout'>) {
  return preloadForm(props.form);
}

/**
 * A checkout: summary (plan overview and totals), an optional promo code, the payment partners, and
 * the billing form; on Yes it posts the billing with amounts the server recomputes, then hands the
 * buyer to the payment provider. The variants are props: the standard checkout (regular cart, promo
 * codes, `payment: fetch`: the token as Basic authorization, then the provider's redirect_url) and
 * the promo and merchant checkouts (their own cart, valid only for the route's shop; their form and
 * billing path; reseller_id from the page owner; `payment: formPost`: a hidden form post).
 */
export default function CheckoutBlock({ props, params }: BlockRenderProps<'checkout'>) {
  const { texts } = props;
  const kind = props.cartKind ?? 'regular';
  const { state } = useCart(kind);
  const loaded = useFormDefinition(props.form);
  const [promo, setPromo] = useState<AppliedPromo | null>(null);
  const payment = usePaymentHandOver(props.payment === 'formPost' ? 'formPost' : 'fetch');
  // A merchant or promo cart filled in another shop is not this checkout's (spec section 4).
  const ownerId = props.ownerParam ? ownerIdOf(params[props.ownerParam]) : undefined;
  const inScope = !props.cartSlugParam || kind === 'regular' || isCartOfSlug(kind, params[props.cartSlugParam], ownerId);
  // Once a billing is accepted the cart is empty, but the page keeps the line sold until the browser leaves.
  const item = payment.sold ?? (inScope ? state.item : null);

  const totals = useMemo(
    () =>
      item
        ? computeTotals({ price: item.price, discount: item.discount, quantity: item.quantity, memberPrice: item.member, memberQuantity: item.memberQuantity }, promo?.discount ?? 0)
        : null,
    [item, promo],
  );

  const maxDependents = item?.maxDependents ?? 0;
  const dependents = useMemo(() => dependentsField(loaded?.form, maxDependents, texts.dependentsLabel), [loaded, maxDependents, texts.dependentsLabel]);
  const sourceOptions = props.sourceOptions;
  const uiSchemaOverrides = useMemo(
    () => ({
      ...dependents.uiSchema,
      // A merchant's own 'source of information' options replace the form's (a select with choices).
      ...(sourceOptions && sourceOptions.length > 0 ? { source: { 'ui:widget': 'select', 'ui:options': { choices: sourceOptions.map((option) => ({ value: option, label: option })) } } } : {}),
    }),
    [dependents, sourceOptions],
  );

  const minimum = props.minimumQuantity ?? 1;
  if (!item || !totals || item.quantity < minimum) {
    return (
      <section className="content-section checkout-empty">
        <h1 className="section-title">{fill(texts.title)}</h1>
        <p>{item ? fill(texts.minimumText ?? texts.emptyCart, { minimum }) : fill(texts.emptyCart)}</p>
        <Link to={fillPath(props.shopHref ?? '/shop', params)} className="button-link button-link--primary">
          {fill(texts.backToShop)}
        </Link>
      </section>
    );
  }

  const send = async (data: Record<string, unknown>) => {
    const payload = {
      ...data,
      ...(dependents.asked ? {} : { no_dependents: data.no_dependents ?? 0 }),
      ...(props.ownerParam ? { reseller_id: ownerId ?? null } : {}),
      products: [
        {
          shop_plan_id: item.id,
          quantity: item.quantity,
          discount: toPesos(totals.promoDiscount),
          amount: toPesos(totals.unitAmount),
          name: item.name,
          description: item.description,
          member: item.memberQuantity,
          ...(props.promoCode ? { promo_id: promo?.id ?? null } : {}),
          // The code the discount or the plan's price relies on, re-checked by the server (DECISIONS.md).
          ...(props.promoCode && promo ? { promo_code: promo.code } : {}),
          ...(item.unlockCode ? { promo_code: item.unlockCode } : {}),
        },
      ],
    };
    const reply = await postBilling(props.billingPath, payload);
    if (!reply) return reply;
    payment.handOver(reply, { kind, item, shopPath: fillPath(props.shopHref ?? '/shop', params) });
    return reply;
  };

  return (
    <section className="content-section checkout" aria-labelledby="checkout-title">
      <h1 id="checkout-title" className="section-title">
        {fill(texts.title)}
      </h1>
      <div className="checkout__grid">
        <BillingFormCard
          loaded={loaded}
          className="checkout__form"
          send={send}
          uiSchemaOverrides={uiSchemaOverrides}
          extraValidate={dependents.validate}
          handOver={payment.status}
          redirectingText={fill(texts.redirecting)}
          failedText={fill(texts.paymentFailed)}
        >
          <p className="checkout__terms">
            <Link to={fillPath(props.termsHref, params)} target="_blank">
              {fill(texts.termsText)}
            </Link>
          </p>
        </BillingFormCard>
        <aside className="checkout__aside" aria-label={fill(texts.summaryTitle)}>
          <div className="form-card checkout-summary">
            <h2>{fill(texts.summaryTitle)}</h2>
            <h3>{fill(texts.overviewTitle)}</h3>
            <dl className="checkout-summary__rows">
              <SummaryRow label={fill(texts.planLabel)} value={item.name} />
              <SummaryRow label={fill(texts.quantityLabel)} value={String(item.quantity)} />
              <SummaryRow label={`${item.name} × ${item.quantity}`} value={pesoText(totals.planTotal)} />
              {totals.members !== null && <SummaryRow label={`${fill(texts.membersLabel)} × ${item.memberQuantity}`} value={pesoText(totals.members)} />}
              <SummaryRow label={fill(texts.subtotalLabel)} value={pesoText(totals.subtotal)} />
              <SummaryRow label={fill(texts.vatLabel)} value={pesoText(totals.vat)} />
              {totals.promoDiscount > 0 && <SummaryRow label={fill(texts.discountLabel)} value={`−${pesoText(totals.promoDiscount)}`} />}
              <SummaryRow label={fill(texts.totalLabel)} value={pesoText(totals.total)} strong />
            </dl>
            {props.promoCode && props.promo && <PromoField texts={props.promo} planId={item.id} onApplied={setPromo} />}
          </div>
          <PaymentPartners title={texts.partnersTitle} text={texts.partnersText} partners={props.partners} />
        </aside>
      </div>
    </section>
  );
}
