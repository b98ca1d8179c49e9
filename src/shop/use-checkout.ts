import { useMemo } from 'react';
import type { UiSchema } from '@rjsf/utils';
import type { Totals } from '../../domain/pricing';
import { postBilling } from '../api/shop';
import { useFormDefinition, type LoadedForm } from '../forms/use-form-definition';
import type { CartItem } from './cart';
import { useCart } from './cart-store';
import { billingPayload, checkoutTotals, type CheckoutVariant } from './checkouts';
import { dependentsField } from './dependents';
import { isCartOfSlug } from './owner-scope';
import { usePaymentHandOver, type HandOverStatus } from './use-payment-hand-over';
import { usePromoCode, type PromoCodeState } from './use-promo-code';
import type { RouteParams } from '../lib/route-params';

export interface CheckoutOptions {
  /** The route's params: the owned checkouts' owner id and shop slug (variant.owner). */
  params: RouteParams;
  /** The shop the buyer came from: where Cancel at the payment provider returns. */
  shopPath: string;
  /** The 'Number of dependents' select's label (the page's text). */
  dependentsLabel: string;
  /** The shop owner's own choices for the form's 'source' select (a merchant's list). */
  sourceOptions?: readonly string[];
}

/** What a checkout page shows and does; the blocks only lay it out. */
export interface Checkout {
  /** The line on sale: the cart's when it is this checkout's; after an accepted billing, the line sold. Null: nothing to sell. */
  item: CartItem | null;
  /** The line's totals (with the promo applied); null without a line. */
  totals: Totals | null;
  /** The billing form and its validator, once loaded. */
  form: LoadedForm | null;
  /** Hints over the form file's: the dependents select (or its hiding) and the owner's source choices. */
  uiSchema: UiSchema;
  /** The dependents rule (the form's messages). */
  validate: (data: Record<string, unknown>) => Record<string, string[]>;
  /** The promo-code field (only the variant with `promoCode: 'entered'` shows it). */
  promo: PromoCodeState;
  /** Posts the billing and, once accepted, hands the buyer over; the server's reply (falsy: nothing saved). */
  send: (data: Record<string, unknown>) => Promise<unknown>;
  /** Where the hand-over to the payment provider stands. */
  handOver: HandOverStatus;
}

/** An owner id route param (the engine's page owner), else null. */
function ownerIdOf(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : null;
}

/**
 * Every checkout's pipeline, the variant saying what differs (checkouts.ts): the
 * cart in scope (an owned checkout sells only its shop's cart), the totals and promo code, the
 * dependents rule, the billing payload and POST, then the hand-over to the payment provider
 * (fetch with the Basic token, or a hidden form post), whose failure puts the line back in the cart.
 */
export function useCheckout(variant: CheckoutVariant, { params, shopPath, dependentsLabel, sourceOptions }: CheckoutOptions): Checkout {
  const { state } = useCart(variant.cart);
  const form = useFormDefinition(variant.form);
  const payment = usePaymentHandOver(variant.payment);

  const ownerId = variant.owner ? ownerIdOf(params[variant.owner.idParam]) : null;
  // A cart filled in another shop is not this checkout's (the shop's shopScope section stores its slug and id).
  const inScope =
    !variant.owner ||
    (variant.cart !== 'regular' && ownerId !== null && isCartOfSlug(variant.cart, params[variant.owner.slugParam], ownerId));
  // Once a billing is accepted the cart is empty, but the page keeps the line sold until the browser leaves.
  const item = payment.sold ?? (inScope ? state.item : null);

  const promo = usePromoCode(variant.promoCode === 'entered' && item ? item.id : null);
  const applied = variant.promoCode === 'entered' ? promo.applied : null;
  const totals = useMemo(() => (item ? checkoutTotals(variant, item, applied) : null), [variant, item, applied]);

  const dependents = useMemo(
    () => dependentsField(form?.form, item?.maxDependents ?? 0, dependentsLabel),
    [form, item?.maxDependents, dependentsLabel],
  );
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...dependents.uiSchema,
      // A merchant's own 'source of information' options replace the form's (a select with choices).
      ...(sourceOptions && sourceOptions.length > 0
        ? {
            source: { 'ui:widget': 'select', 'ui:options': { choices: sourceOptions.map((option) => ({ value: option, label: option })) } },
          }
        : {}),
    }),
    [dependents, sourceOptions],
  );

  const send = async (data: Record<string, unknown>) => {
    if (!item || !totals) return null;
    const payload = billingPayload(variant, data, { item, totals, promo: applied, ownerId, dependentsAsked: dependents.asked });
    const reply = await postBilling(variant.billingPath, payload);
    if (!reply) return reply;
    payment.handOver(reply, { kind: variant.cart, item, shopPath });
    return reply;
  };

  return { item, totals, form, uiSchema, validate: dependents.validate, promo, send, handOver: payment.status };
}
