import { isObject } from '../../domain/guards';
import { toCentavos, type Centavos } from '../../domain/money';
import { hasRefusedCharacters } from '../../domain/text';
import { computeTotals, memberPriceOf, type Totals } from '../../domain/pricing';
import { manilaToday, promoOutcome, type PromoCheck, type PromoOutcome } from '../../domain/promo';
import { HttpError } from '../http';
import type { Item, Repo } from '../repo';
import type { OrderKind } from './store';

/**
 * The server side of every checkout (standard now; merchant, promotion and reseller later): the
 * cart line of a billing POST is parsed, and every amount is recomputed with domain/pricing.ts from
 * the plan in the database (and, on the standard checkout, the promo re-checked with
 * domain/promo.ts on today's date in Manila). A mismatch is refused; nothing is stored then.
 */

/** How one checkout differs from another. */
export interface CheckoutConfig {
  kind: OrderKind;
  /** The plan list the line's shop_plan_id must come from ('shop-plans', 'merchant-shop-plans', ...). */
  planResource: string;
  /** Whether the line may carry a promo_id with its promo_code (promos table; standard checkout only). */
  promos: boolean;
  /** Whether the line must carry the promo_code that unlocks its plan (the promo-code shop). */
  unlockCode?: boolean;
  /**
   * Checkouts of a merchant, promotion or reseller: the body's reseller_id names the owner (a record
   * of `resource`) and the plan must belong to it (plan.reseller_id). minimumQuantity: the owner's
   * minimum purchase (default 1). multiplePurchase: whether the owner's cart may hold more than the
   * minimum (default yes). sellable: a further condition on the plan (the promotion's plans are
   * sold only once a code unlocks them).
   */
  owner?: {
    resource: string;
    minimumQuantity?: (owner: Item) => number;
    multiplePurchase?: (owner: Item) => boolean;
    sellable?: (repo: Repo, owner: Item, plan: PlanRecord, line: CartLine) => Promise<boolean>;
  };
}

/** Largest quantity and household-member count one order may hold (as the cart, src/shop/cart.ts MAX_QUANTITY; keys are issued per unit). */
const MAX_QUANTITY = 9999;
const MAX_MEMBERS = 9999;

/** The server's refusals of a billing POST (422 { message }). */
const CHECKOUT_MESSAGES = {
  products: 'products must hold exactly one item: { shop_plan_id, quantity, discount, amount, name, description, member, promo_id }.',
  unknownPlan: 'The selected plan does not exist. Please choose a plan again.',
  quantity: 'Quantity must be a whole number of 1 or more.',
  quantityMax: `Quantity must be at most ${MAX_QUANTITY}.`,
  minimumQuantity: 'The minimum purchase is {min}.',
  singlePurchase: 'This shop sells {max} per order.',
  members: 'The number of household members must be a whole number of 0 or more.',
  membersMax: `The number of household members must be at most ${MAX_MEMBERS}.`,
  membersNotAllowed: 'This plan has no price per household member: household members cannot be added.',
  money: '{field} must be an amount in pesos with at most two decimals.',
  amount: 'The amount does not match the price of the plan. Please review your cart and try again.',
  discount: 'The discount does not match the promo code. Please review your cart and try again.',
  promoId: 'promo_id must be the id of a promo code, or null.',
  promoNotAllowed: 'Promo codes cannot be used on this checkout.',
  promoCode: 'promo_code must be the promo code the buyer entered (text of at most {max} characters).',
  owner: 'reseller_id must be the id of the shop.',
  planOfOtherOwner: 'The selected plan is not sold by this shop.',
  lockedPlan: 'This plan is sold only with the promo code that unlocks it. Please enter your code again.',
  unknownField: 'products[0] has an unknown field: {field}.',
  text: 'products[0].{field} must be text of at most {max} characters, without control characters.',
} as const;

/** What the buyer sees when the promo of the line is not redeemable. */
function promoMessage(outcome: Exclude<PromoOutcome, 'redeemed'>, code: string | null): string {
  switch (outcome) {
    case 'not-found':
      return code ? `Sorry, promo code ${code} doesn't exist.` : "Sorry, this promo code doesn't exist.";
    case 'wrong-plan':
      return code ? `Sorry, promo code ${code} cannot be applied in your plan.` : 'Sorry, this promo code cannot be applied in your plan.';
    case 'not-started':
      return "Sorry, this promo hasn't started yet.";
    case 'expired':
      return 'Promo code is already expired.';
  }
}

const refuse = (message: string) => new HttpError(422, message);

/** The cart line of a billing POST (products[0]), with money in centavos. */
export interface CartLine {
  planId: number;
  quantity: number;
  members: number;
  promoId: number | null;
  /** The code the buyer entered (standard checkout: the promo's; promotion shop: the code that unlocked the plan). */
  promoCode: string | null;
  /** Billed unit amount and promo discount as sent (centavos). */
  amount: Centavos;
  discount: Centavos;
  /** As sent; informative only (the order uses the plan's own name). */
  name: unknown;
}

/** Pesos (a number, or numeric text) with at most two decimals, to centavos; 422 otherwise. */
function pesosToCentavos(value: unknown, field: string): Centavos {
  const pesos = typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  if (typeof pesos !== 'number' || !Number.isFinite(pesos)) throw refuse(CHECKOUT_MESSAGES.money.replace('{field}', field));
  const centavos = pesos * 100;
  if (Math.abs(centavos - Math.round(centavos)) > 1e-6) throw refuse(CHECKOUT_MESSAGES.money.replace('{field}', field));
  return toCentavos(pesos);
}

const isWhole = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);

/** The fields a cart line may carry, promo_code included (docs/decisions.md, "Promo codes on the billing line"). */
const LINE_FIELDS = new Set(['shop_plan_id', 'quantity', 'discount', 'amount', 'name', 'description', 'member', 'promo_id', 'promo_code']);
/** Longest promo code accepted (codes are short words such as WELCOME10). */
export const MAX_PROMO_CODE_LENGTH = 50;
const TEXT_LIMITS: Record<string, number> = { name: 200, description: 5000 };

/** Reads products: exactly one line with a plan id, quantity, member count, promo id, amount and discount. */
export function parseCartLine(products: unknown, config: CheckoutConfig): CartLine {
  if (!Array.isArray(products) || products.length !== 1 || !isObject(products[0])) throw refuse(CHECKOUT_MESSAGES.products);
  const item = products[0];
  const unknown = Object.keys(item).find((field) => !LINE_FIELDS.has(field));
  if (unknown !== undefined) throw refuse(CHECKOUT_MESSAGES.unknownField.replace('{field}', unknown.slice(0, 50)));
  for (const [field, max] of Object.entries(TEXT_LIMITS)) {
    const value = item[field];
    if (
      value !== undefined &&
      value !== null &&
      (typeof value !== 'string' || value.length > max || hasRefusedCharacters(value, 'multi-line'))
    ) {
      throw refuse(CHECKOUT_MESSAGES.text.replace('{field}', field).replace('{max}', String(max)));
    }
  }
  if (!isWhole(item.shop_plan_id) || item.shop_plan_id < 1) throw refuse(CHECKOUT_MESSAGES.unknownPlan);
  if (!isWhole(item.quantity) || item.quantity < 1) throw refuse(CHECKOUT_MESSAGES.quantity);
  if (item.quantity > MAX_QUANTITY) throw refuse(CHECKOUT_MESSAGES.quantityMax);
  const member = item.member ?? 0;
  if (!isWhole(member) || member < 0) throw refuse(CHECKOUT_MESSAGES.members);
  if (member > MAX_MEMBERS) throw refuse(CHECKOUT_MESSAGES.membersMax);
  const promoId = item.promo_id ?? null;
  if (promoId !== null) {
    if (!config.promos) throw refuse(CHECKOUT_MESSAGES.promoNotAllowed);
    if (!isWhole(promoId) || promoId < 1) throw refuse(CHECKOUT_MESSAGES.promoId);
  }
  const rawCode = item.promo_code ?? null;
  if (rawCode !== null && (typeof rawCode !== 'string' || rawCode.trim().length > MAX_PROMO_CODE_LENGTH)) {
    throw refuse(CHECKOUT_MESSAGES.promoCode.replace('{max}', String(MAX_PROMO_CODE_LENGTH)));
  }
  const promoCode = rawCode === null || rawCode.trim() === '' ? null : rawCode.trim();
  if (promoCode !== null && !config.promos && !config.unlockCode) throw refuse(CHECKOUT_MESSAGES.promoNotAllowed);
  return {
    planId: item.shop_plan_id,
    quantity: item.quantity,
    members: member,
    promoId,
    promoCode,
    amount: pesosToCentavos(item.amount, 'amount'),
    discount: pesosToCentavos(item.discount ?? 0, 'discount'),
    name: item.name,
  };
}

/** A plan record as the plan lists hold it (schemas/api/resources/plan.json). */
export interface PlanRecord extends Item {
  name: string;
  price: number;
  discount: number;
  no_key_generate: number;
  other_details: { applyDetails?: boolean | null; amountPerHousehold?: number | null } | null;
  reseller_id?: number;
}

/** The plan of a line, from the checkout's plan list (and the owner's, when the checkout has one); 422 when unknown. */
export async function findPlan(repo: Repo, config: CheckoutConfig, line: CartLine, owner: Item | null): Promise<PlanRecord> {
  const plan = await repo.get<PlanRecord>(config.planResource, line.planId);
  if (!plan) throw refuse(CHECKOUT_MESSAGES.unknownPlan);
  if (owner && plan.reseller_id !== owner.id) throw refuse(CHECKOUT_MESSAGES.planOfOtherOwner);
  if (owner && config.owner?.sellable && !(await config.owner.sellable(repo, owner, plan, line))) {
    throw refuse(CHECKOUT_MESSAGES.lockedPlan);
  }
  return plan;
}

/** The owner of an owned checkout from the body's reseller_id (null for the standard checkout); 422 when unknown. */
export async function findOwner(repo: Repo, config: CheckoutConfig, resellerId: unknown): Promise<Item | null> {
  if (!config.owner) return null;
  const owner = isWhole(resellerId) ? await repo.get(config.owner.resource, resellerId) : undefined;
  if (!owner) throw refuse(CHECKOUT_MESSAGES.owner);
  return owner;
}

/** The plan's per-member price (centavos), or null. */
function memberPriceOfPlan(plan: PlanRecord): Centavos | null {
  return memberPriceOf(plan.other_details, toCentavos);
}

export interface PricedLine {
  plan: PlanRecord;
  promo: (PromoCheck & { code?: string }) | null;
  totals: Totals;
}

/**
 * Recomputes the line from the plan (and promo) and checks what the browser sent against it, to
 * the centavo: the billed unit amount and the promo discount. 422 { message } on any difference.
 */
export async function priceLine(
  repo: Repo,
  config: CheckoutConfig,
  line: CartLine,
  plan: PlanRecord,
  options: { now: Date; owner: Item | null },
): Promise<PricedLine> {
  const minimum = options.owner && config.owner?.minimumQuantity ? Math.max(1, config.owner.minimumQuantity(options.owner)) : 1;
  if (line.quantity < minimum) throw refuse(CHECKOUT_MESSAGES.minimumQuantity.replace('{min}', String(minimum)));
  if (options.owner && config.owner?.multiplePurchase && !config.owner.multiplePurchase(options.owner) && line.quantity > minimum) {
    throw refuse(CHECKOUT_MESSAGES.singlePurchase.replace('{max}', String(minimum)));
  }

  const memberPrice = memberPriceOfPlan(plan);
  if (memberPrice === null && line.members > 0) throw refuse(CHECKOUT_MESSAGES.membersNotAllowed);

  let promo: PricedLine['promo'] = null;
  if (line.promoId !== null) {
    promo = (await repo.get<PromoCheck & { code?: string }>('promos', line.promoId)) ?? null;
    // The id alone unlocks nothing: the billing must carry the promo's own code (case-insensitive).
    const codeMatches =
      promo !== null &&
      line.promoCode !== null &&
      typeof promo.code === 'string' &&
      promo.code.toUpperCase() === line.promoCode.toUpperCase();
    if (!codeMatches) throw refuse(promoMessage('not-found', line.promoCode));
    const outcome = promoOutcome(promo, plan.id, manilaToday(options.now));
    if (outcome !== 'redeemed') throw refuse(promoMessage(outcome, typeof promo?.code === 'string' ? promo.code : null));
  }

  const totals = computeTotals(
    {
      price: toCentavos(plan.price),
      discount: toCentavos(plan.discount),
      quantity: line.quantity,
      memberPrice,
      memberQuantity: line.members,
    },
    promo ? toCentavos(promo.discount) : 0,
  );
  if (line.discount !== totals.promoDiscount) throw refuse(CHECKOUT_MESSAGES.discount);
  if (line.amount !== totals.unitAmount) throw refuse(CHECKOUT_MESSAGES.amount);
  return { plan, promo, totals };
}
