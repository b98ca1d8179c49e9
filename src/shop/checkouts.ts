import { toPesos, type Centavos } from '../../domain/money';
import { computeTotals, type Totals } from '../../domain/pricing';
import type { FormName } from '../generated/forms';
import type { CartItem, CartKind } from './cart';
import type { PaymentMode } from './use-payment-hand-over';

/**
 * The site's table of checkouts, one entry per billing endpoint of the server's table
 * (server/routes/billing.ts and resellerBilling.ts: `BillingEndpoint`, same kind, path and form).
 * What differs between the four checkouts is here; what they do is one pipeline (useCheckout.ts).
 */

/** The fields of the billing line (products[0]) a checkout may send; each variant lists its own in `line`. */
export type LineField = 'shop_plan_id' | 'quantity' | 'discount' | 'amount' | 'name' | 'description' | 'member' | 'promo_id';

export interface CheckoutVariant {
  /** The server endpoint's kind (its orders' kind). */
  kind: 'standard' | 'promotion' | 'merchant' | 'reseller';
  /** The billing POST, under /api/v1 (the endpoint's path). */
  billingPath: string;
  /** The billing form the server validates the billing with (forms/<form>.json). */
  form: FormName;
  /** The cart the line is sold from. */
  cart: CartKind;
  /** The hand-over to the payment provider (usePaymentHandOver). */
  payment: PaymentMode;
  /**
   * Checkouts of a shop owner (merchant, promotion, reseller): the route param with the page owner's
   * id, sent as reseller_id, and the one naming the shop; the cart counts only when it is that
   * shop's (its stored slug and id, written by the shop's shopScope section).
   */
  owner?: { idParam: string; slugParam: string };
  /** The line's fields, as the spec lists them for this checkout. */
  line: readonly LineField[];
  /**
   * The line's promo_code, the code the billing relies on and the server checks again (docs/decisions.md,
   * "Promo codes on the billing line"): `entered` the code applied in the checkout's promo-code field
   * (which only this checkout shows), `unlock` the code that unlocked the plan in the promo-code shop.
   */
  promoCode?: 'entered' | 'unlock';
  /** One unit at the plan's price whatever the cart holds (reseller: quantity 1, no promo). */
  oneUnit?: boolean;
  /** Billing fields fixed whatever the form holds (reseller: country PH). */
  fixed?: Readonly<Record<string, string>>;
}

/** The line fields of the standard, promo and merchant checkouts (the standard one adds promo_id). */
const SPEC_LINE: readonly LineField[] = ['shop_plan_id', 'quantity', 'discount', 'amount', 'name', 'description', 'member'];
/** The owned checkouts' pages: owner id param (engine page owner) and the route's slug. */
const OWNED = { idParam: 'reseller_id', slugParam: 'slug' } as const;

/** POST billing-informations: the regular cart, promo codes, the provider's redirect_url. */
export const STANDARD: CheckoutVariant = {
  kind: 'standard',
  billingPath: 'billing-informations',
  form: 'billing',
  cart: 'regular',
  payment: 'fetch',
  line: [...SPEC_LINE, 'promo_id'],
  promoCode: 'entered',
};

/** POST promotion-billing-informations: the promo cart of the promotion, its unlocking code. */
export const PROMO: CheckoutVariant = {
  kind: 'promotion',
  billingPath: 'promotion-billing-informations',
  form: 'billing-promo',
  cart: 'promo',
  payment: 'formPost',
  owner: OWNED,
  line: SPEC_LINE,
  promoCode: 'unlock',
};

/** POST merchant-billing-informations: the merchant cart. */
export const MERCHANT: CheckoutVariant = {
  kind: 'merchant',
  billingPath: 'merchant-billing-informations',
  form: 'billing-merchant',
  cart: 'merchant',
  payment: 'formPost',
  owner: OWNED,
  line: SPEC_LINE,
};

/**
 * POST reseller-billing-informations: the promo cart of the reseller's site; one unit, no promo
 * (promo_id null, discount 0), amount = the overview's total; member added to the spec's list so
 * that household members can be priced (docs/decisions.md).
 */
export const RESELLER: CheckoutVariant = {
  kind: 'reseller',
  billingPath: 'reseller-billing-informations',
  form: 'billing-reseller',
  cart: 'promo',
  payment: 'formPost',
  owner: OWNED,
  line: ['name', 'shop_plan_id', 'quantity', 'promo_id', 'discount', 'amount', 'member'],
  oneUnit: true,
  fixed: { country: 'PH' },
};

/** Every checkout by kind (the `checkout` block's `variant` prop names one). */
export const CHECKOUTS = { standard: STANDARD, promotion: PROMO, merchant: MERCHANT, reseller: RESELLER } as const;

/** A promo code the standard checkout applied (its id, the code typed, its discount in centavos). */
export interface AppliedPromo {
  id: number;
  code: string;
  discount: Centavos;
}

/** The line's totals: the cart's quantity less any promo discount, or one unit without promo. */
export function checkoutTotals(variant: CheckoutVariant, item: CartItem, promo: AppliedPromo | null): Totals {
  const quantity = variant.oneUnit ? 1 : item.quantity;
  const discount = variant.promoCode === 'entered' ? (promo?.discount ?? 0) : 0;
  return computeTotals(
    { price: item.price, discount: item.discount, quantity, memberPrice: item.member, memberQuantity: item.memberQuantity },
    discount,
  );
}

/** What a billing sells: the line, its totals, the promo applied, the owner's id, whether dependents were asked. */
export interface BillingSale {
  item: CartItem;
  totals: Totals;
  promo: AppliedPromo | null;
  ownerId: number | null;
  dependentsAsked: boolean;
}

/** A billing POST's body: the form's fields and the variant's, with one line in products. */
export type BillingPayload = Record<string, unknown> & { products: [Record<string, unknown>] };

/**
 * The billing POST's body: the form's fields (no_dependents 0 when the plan asks for none), the
 * variant's fixed fields, reseller_id on the owned checkouts, and the one line with the variant's
 * fields and the promo_code it relies on, if any. Amounts in pesos: discount = the
 * promo's, amount = the billed unit amount ((total + discount) / quantity; one unit: the total).
 */
export function billingPayload(variant: CheckoutVariant, fields: Record<string, unknown>, sale: BillingSale): BillingPayload {
  const { item, totals, promo } = sale;
  const values: Record<LineField, unknown> = {
    shop_plan_id: item.id,
    quantity: variant.oneUnit ? 1 : item.quantity,
    discount: toPesos(totals.promoDiscount),
    amount: toPesos(totals.unitAmount),
    name: item.name,
    description: item.description,
    member: item.memberQuantity,
    promo_id: variant.promoCode === 'entered' ? (promo?.id ?? null) : null,
  };
  const line: Record<string, unknown> = Object.fromEntries(variant.line.map((field) => [field, values[field]]));
  const code = variant.promoCode === 'entered' ? promo?.code : variant.promoCode === 'unlock' ? item.unlockCode : undefined;
  if (code) line.promo_code = code;
  return {
    ...fields,
    ...(sale.dependentsAsked ? {} : { no_dependents: fields.no_dependents ?? 0 }),
    ...variant.fixed,
    ...(variant.owner ? { reseller_id: sale.ownerId } : {}),
    products: [line],
  };
}
