import { mulDivRoundHalfUp, type Centavos } from './money';

/** VAT is 12% of the subtotal. */
export const VAT_PERCENT = 12;

/** What pricing needs of a cart line; all amounts in centavos. */
export interface PricedLine {
  /** Plan price per unit and year, VAT exclusive. */
  price: Centavos;
  /** The plan's own discount per unit (peso amount off). */
  discount: Centavos;
  quantity: number;
  /** Per-member (household) price; null when the plan has no details or does not apply them. */
  memberPrice: Centavos | null;
  memberQuantity: number;
}

export interface Totals {
  /** (price − plan discount) × quantity. */
  planTotal: Centavos;
  /** Household members × per-member price; null when the plan has no per-member price. */
  members: Centavos | null;
  subtotal: Centavos;
  vat: Centavos;
  /** subtotal + VAT, before any promo code. */
  totalCost: Centavos;
  /** The promo code's discount actually applied (never more than the total cost). */
  promoDiscount: Centavos;
  /** What the buyer pays: total cost − promo discount, never negative. */
  total: Centavos;
  /** Billed unit amount: (total + promo discount) / quantity, to the centavo. */
  unitAmount: Centavos;
}

/** A whole number (centavos or a count) from any input: NaN, Infinity and non-numbers count as 0. */
function whole(value: number, round: (x: number) => number = Math.round): number {
  return typeof value === 'number' && Number.isFinite(value) ? round(value) : 0;
}

/**
 * Pricing (docs/decisions.md, "Pricing"): subtotal = plan total after discount + members × per-member
 * price; VAT = round-half-up(12% of subtotal); total = subtotal + VAT − promo discount; billed
 * unit amount = (total + discount) / quantity. Integers in, integers out.
 */
export function computeTotals(line: PricedLine, promoDiscount: Centavos = 0): Totals {
  const quantity = Math.max(1, whole(line.quantity, Math.floor));
  const unitPrice = Math.max(0, whole(line.price) - Math.max(0, whole(line.discount)));
  const planTotal = unitPrice * quantity;
  const members =
    line.memberPrice === null || line.memberPrice === undefined
      ? null
      : Math.max(0, whole(line.memberPrice)) * Math.max(0, whole(line.memberQuantity, Math.floor));
  const subtotal = planTotal + (members ?? 0);
  const vat = mulDivRoundHalfUp(subtotal, VAT_PERCENT, 100);
  const totalCost = subtotal + vat;
  const applied = Math.min(Math.max(0, whole(promoDiscount)), totalCost);
  const total = totalCost - applied;
  const unitAmount = mulDivRoundHalfUp(total + applied, 1, quantity);
  return { planTotal, members, subtotal, vat, totalCost, promoDiscount: applied, total, unitAmount };
}

/** The per-member price of a plan: amountPerHousehold when other_details apply it, else null. */
export function memberPriceOf(
  otherDetails: { applyDetails?: boolean | null; amountPerHousehold?: number | null } | null | undefined,
  toCentavos: (pesos: number) => Centavos,
): Centavos | null {
  if (!otherDetails?.applyDetails || otherDetails.amountPerHousehold === null || otherDetails.amountPerHousehold === undefined) return null;
  return toCentavos(otherDetails.amountPerHousehold);
}
