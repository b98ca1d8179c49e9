import { produce } from 'immer';
import { toCentavos, type Centavos } from '../../domain/money';
import { memberPriceOf } from '../../domain/pricing';
import type { Plan } from '../generated/api';
import { isObject } from '../../domain/guards';

/**
 * The carts: pure state and rules, no React and no storage. There are three
 * separate carts — regular (Home and Shop), merchant (merchant shop) and promo (all else) — each
 * holding at most one plan line; the promo cart also holds the plan that a code unlocked.
 *
 * Every amount is integer centavos (domain/money.ts); pesos appear only in `planToCartPlan` (the API's
 * prices) and when a block formats a number for the visitor.
 */
export type CartKind = 'regular' | 'merchant' | 'promo';

export const CART_KINDS: readonly CartKind[] = ['regular', 'merchant', 'promo'];

/** A plan as a cart holds it: amounts in centavos, the per-member price null when it does not apply. */
export interface CartPlan {
  id: number;
  name: string;
  /** Price per unit and year, VAT exclusive. */
  price: Centavos;
  /** The plan's own amount off, per unit. */
  discount: Centavos;
  description: string;
  /** Per household member and year; null when the plan has no per-member price. */
  member: Centavos | null;
  /** Maximum number of dependents (the plan's no_key_generate). */
  maxDependents: number;
  /** The promo cart only: the code that unlocked this plan; the billing sends it so the server can re-check it. */
  unlockCode?: string;
}

/** Longest promo code kept (the server refuses longer ones). */
const MAX_CODE_LENGTH = 50;

/** The cart's single line: the plan plus how many units and household members. */
export interface CartItem extends CartPlan {
  /** Units bought: an integer from 1 to MAX_QUANTITY. */
  quantity: number;
  /** Household members at the per-member price: an integer from 0 to MAX_QUANTITY. */
  memberQuantity: number;
}

export interface CartState {
  /** Empty (null) or one line. */
  item: CartItem | null;
  /** The promo cart's current plan (unlocked by a code); always null on the other carts. */
  plan: CartPlan | null;
}

export type CartAction =
  /** Sets the single line with quantity 1 and no members; ignored while a line exists. */
  | { type: 'add'; plan: CartPlan }
  | { type: 'increment' }
  /** Lowers the quantity only from 2 or more. */
  | { type: 'decrement' }
  /** A value of 0 or less (or not a number) is forced to 1. */
  | { type: 'setQuantity'; quantity: number }
  /** Members rise, or fall while 1 or more; only when the line has a per-member price. */
  | { type: 'incrementMembers' }
  | { type: 'decrementMembers' }
  /** Empties the line; on the promo cart also clears the current plan (the other carts never hold one). */
  | { type: 'remove' }
  | { type: 'setPlan'; plan: CartPlan | null }
  /** Empties everything (after a successful billing). */
  | { type: 'clear' }
  /** Puts a line back as it was (a cancelled or failed payment); ignored while a line exists. */
  | { type: 'restore'; item: CartItem };

/** The spec sets no upper limit; this one keeps every total a safe integer of centavos. */
export const MAX_QUANTITY = 9999;

export const EMPTY_CART: CartState = Object.freeze({ item: null, plan: null }) as CartState;

/** A requested quantity as the cart accepts it: a whole number, at least 1, at most MAX_QUANTITY. */
export function normalizeQuantity(quantity: number): number {
  const whole = Math.floor(quantity);
  if (!Number.isFinite(whole) || whole < 1) return 1;
  return Math.min(whole, MAX_QUANTITY);
}

/** The cart reducer (immer): returns the same state object when an action changes nothing. */
export function cartReducer(state: CartState, action: CartAction): CartState {
  return produce(state, (draft) => {
    const item = draft.item;
    switch (action.type) {
      case 'add':
        if (!item) {
          // A plan unlocked by a code (the promo cart's current plan) keeps its code in the line.
          const unlockCode = draft.plan?.id === action.plan.id ? draft.plan.unlockCode : undefined;
          draft.item = { ...copyPlan(action.plan), ...(unlockCode ? { unlockCode } : {}), quantity: 1, memberQuantity: 0 };
        }
        break;
      case 'increment':
        if (item && item.quantity < MAX_QUANTITY) item.quantity += 1;
        break;
      case 'decrement':
        if (item && item.quantity >= 2) item.quantity -= 1;
        break;
      case 'setQuantity':
        if (item) item.quantity = normalizeQuantity(action.quantity);
        break;
      case 'incrementMembers':
        if (item && item.member !== null && item.memberQuantity < MAX_QUANTITY) item.memberQuantity += 1;
        break;
      case 'decrementMembers':
        if (item && item.member !== null && item.memberQuantity >= 1) item.memberQuantity -= 1;
        break;
      case 'remove':
      case 'clear':
        draft.item = null;
        draft.plan = null;
        break;
      case 'setPlan':
        draft.plan = action.plan ? copyPlan(action.plan) : null;
        break;
      case 'restore':
        // Only a well-formed line (the one the cart held) comes back.
        if (!item) draft.item = parseCartItem(action.item);
        break;
    }
  });
}

function copyPlan(plan: CartPlan): CartPlan {
  const { id, name, price, discount, description, member, maxDependents, unlockCode } = plan;
  return { id, name, price, discount, description, member, maxDependents, ...(unlockCode ? { unlockCode } : {}) };
}

/** A plan of the API (pesos) as the cart holds it (centavos). */
export function planToCartPlan(plan: Plan): CartPlan {
  return {
    id: plan.id,
    name: plan.name,
    price: toCentavos(plan.price),
    discount: toCentavos(plan.discount),
    description: plan.description,
    member: memberPriceOf(plan.other_details, toCentavos),
    maxDependents: plan.no_key_generate,
  };
}

// ---- Stored data --------------------------------------------------------------------------------
// Browser storage is outside the site's control: another version of the site, an extension or a
// person may have written anything there. These parsers accept only a well-formed plan or line and
// answer null for anything else, so a foreign value empties the cart instead of breaking a page.

const isCount = (value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
/** Centavos bounded so that every total stays a safe integer. */
const MAX_AMOUNT = 1e11;
const isAmount = (value: unknown): value is Centavos => isCount(value, 0, MAX_AMOUNT);

/** A stored plan (JSON already parsed), or null when it is not one. Unknown fields are dropped. */
export function parseCartPlan(value: unknown): CartPlan | null {
  if (!isObject(value)) return null;
  const { id, name, price, discount, description, member, maxDependents, unlockCode } = value;
  if (!isCount(id, 1) || typeof name !== 'string' || typeof description !== 'string') return null;
  if (!isAmount(price) || !isAmount(discount) || !(member === null || isAmount(member))) return null;
  if (!isCount(maxDependents, 0)) return null;
  const code = typeof unlockCode === 'string' && unlockCode !== '' && unlockCode.length <= MAX_CODE_LENGTH ? { unlockCode } : {};
  return { id, name, price, discount, description, member, maxDependents, ...code };
}

/** A stored cart line (JSON already parsed), or null when it is not one. */
export function parseCartItem(value: unknown): CartItem | null {
  const plan = parseCartPlan(value);
  if (!plan || !isObject(value)) return null;
  const { quantity, memberQuantity } = value;
  if (!isCount(quantity, 1, MAX_QUANTITY) || !isCount(memberQuantity, 0, MAX_QUANTITY)) return null;
  if (plan.member === null && memberQuantity !== 0) return null;
  return { ...plan, quantity, memberQuantity };
}

/** JSON text from storage to a value, or null when it is missing or not JSON. */
export function parseJson(raw: string | null | undefined): unknown {
  if (raw === null || raw === undefined) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
