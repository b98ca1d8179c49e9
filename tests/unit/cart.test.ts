import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  cartReducer,
  EMPTY_CART,
  MAX_QUANTITY,
  parseCartItem,
  parseCartPlan,
  parseJson,
  planToCartPlan,
  type CartAction,
  type CartItem,
  type CartPlan,
  type CartState,
} from '../../src/shop/cart';

const individual: CartPlan = {
  id: 1,
  name: 'Individual',
  price: 149_900,
  discount: 0,
  description: 'One person',
  member: null,
  maxDependents: 1,
};
const family: CartPlan = { id: 3, name: 'Family', price: 599_900, discount: 0, description: 'Household', member: 99_900, maxDependents: 4 };

const withLine = (plan: CartPlan, quantity = 1, memberQuantity = 0): CartState => ({
  item: { ...plan, quantity, memberQuantity },
  plan: null,
});
const run = (state: CartState, ...actions: CartAction[]) => actions.reduce(cartReducer, state);

describe('cartReducer', () => {
  it('add sets the single line with quantity 1 and no members', () => {
    const next = cartReducer(EMPTY_CART, { type: 'add', plan: family });
    expect(next.item).toEqual({ ...family, quantity: 1, memberQuantity: 0 });
    expect(next.plan).toBeNull();
  });

  it('add is ignored while a line exists (same state object)', () => {
    const state = withLine(individual, 3);
    const next = cartReducer(state, { type: 'add', plan: family });
    expect(next).toBe(state);
    expect(next.item?.id).toBe(1);
  });

  it('add keeps only the plan fields (no foreign keys from the caller)', () => {
    const next = cartReducer(EMPTY_CART, { type: 'add', plan: { ...individual, extra: 'x' } as CartPlan });
    expect(Object.keys(next.item!).sort()).toEqual([
      'description',
      'discount',
      'id',
      'maxDependents',
      'member',
      'memberQuantity',
      'name',
      'price',
      'quantity',
    ]);
  });

  it('increment raises the quantity; nothing happens on an empty cart', () => {
    expect(cartReducer(withLine(individual, 1), { type: 'increment' }).item?.quantity).toBe(2);
    expect(cartReducer(EMPTY_CART, { type: 'increment' })).toBe(EMPTY_CART);
  });

  it('decrement lowers the quantity only from 2 or more', () => {
    expect(cartReducer(withLine(individual, 2), { type: 'decrement' }).item?.quantity).toBe(1);
    expect(cartReducer(withLine(individual, 5), { type: 'decrement' }).item?.quantity).toBe(4);
    const one = withLine(individual, 1);
    expect(cartReducer(one, { type: 'decrement' })).toBe(one);
  });

  it('setQuantity takes whole numbers and forces 0, negatives and NaN to 1', () => {
    const state = withLine(individual, 4);
    expect(cartReducer(state, { type: 'setQuantity', quantity: 7 }).item?.quantity).toBe(7);
    expect(cartReducer(state, { type: 'setQuantity', quantity: 2.9 }).item?.quantity).toBe(2);
    for (const bad of [0, -1, -100, 0.5, Number.NaN, Number.NEGATIVE_INFINITY]) {
      expect(cartReducer(state, { type: 'setQuantity', quantity: bad }).item?.quantity, String(bad)).toBe(1);
    }
    expect(cartReducer(state, { type: 'setQuantity', quantity: 1e12 }).item?.quantity).toBe(MAX_QUANTITY);
    expect(cartReducer(EMPTY_CART, { type: 'setQuantity', quantity: 3 })).toBe(EMPTY_CART);
  });

  it('members rise, and fall only while 1 or more', () => {
    const up = run(withLine(family), { type: 'incrementMembers' }, { type: 'incrementMembers' });
    expect(up.item?.memberQuantity).toBe(2);
    expect(run(up, { type: 'decrementMembers' }).item?.memberQuantity).toBe(1);
    const none = withLine(family, 1, 0);
    expect(cartReducer(none, { type: 'decrementMembers' })).toBe(none);
  });

  it('members do not move on a plan without a per-member price', () => {
    const state = withLine(individual);
    expect(cartReducer(state, { type: 'incrementMembers' })).toBe(state);
    expect(cartReducer(state, { type: 'decrementMembers' })).toBe(state);
  });

  it('remove empties the line', () => {
    expect(cartReducer(withLine(family, 2, 3), { type: 'remove' })).toEqual({ item: null, plan: null });
  });

  it('remove on the promo cart also clears its current plan', () => {
    const promo: CartState = { item: { ...family, quantity: 1, memberQuantity: 0 }, plan: family };
    expect(cartReducer(promo, { type: 'remove' })).toEqual({ item: null, plan: null });
  });

  it('a plan unlocked by a code keeps the code in the line added from it (the billing sends it)', () => {
    const unlocked = cartReducer(EMPTY_CART, { type: 'setPlan', plan: { ...family, unlockCode: 'UNLOCK2026' } });
    expect(unlocked.plan?.unlockCode).toBe('UNLOCK2026');
    // The plan grid adds the plan as the API lists it (no code): the line takes the current plan's code.
    expect(cartReducer(unlocked, { type: 'add', plan: family }).item?.unlockCode).toBe('UNLOCK2026');
    // Another plan gets no code.
    expect(cartReducer(unlocked, { type: 'add', plan: { ...family, id: family.id + 1 } }).item).not.toHaveProperty('unlockCode');
  });

  it('setPlan sets and clears the promo cart current plan without touching the line', () => {
    const state = withLine(individual, 2);
    const withPlan = cartReducer(state, { type: 'setPlan', plan: family });
    expect(withPlan.plan).toEqual(family);
    expect(withPlan.item).toBe(state.item);
    expect(cartReducer(withPlan, { type: 'setPlan', plan: null }).plan).toBeNull();
  });

  it('clear empties everything', () => {
    expect(cartReducer({ item: { ...family, quantity: 3, memberQuantity: 2 }, plan: family }, { type: 'clear' })).toEqual({
      item: null,
      plan: null,
    });
  });

  it('restore puts a sold line back as it was (a failed or cancelled payment), only into an empty cart', () => {
    const line = { ...family, quantity: 3, memberQuantity: 2 };
    expect(cartReducer(EMPTY_CART, { type: 'restore', item: line }).item).toEqual(line);
    const full = withLine(individual);
    expect(cartReducer(full, { type: 'restore', item: line })).toBe(full);
    // A line that is not well formed (e.g. a foreign stash) is not put back.
    expect(cartReducer(EMPTY_CART, { type: 'restore', item: { ...line, quantity: 0 } })).toBe(EMPTY_CART);
  });

  it('never mutates the state it is given', () => {
    const state = withLine(family, 2, 1);
    const copy = structuredClone(state);
    run(state, { type: 'increment' }, { type: 'incrementMembers' }, { type: 'setQuantity', quantity: 9 }, { type: 'remove' });
    expect(state).toEqual(copy);
  });
});

describe('planToCartPlan', () => {
  it('converts pesos to centavos and derives the per-member price and max dependents', () => {
    const plan = planToCartPlan({
      id: 4,
      precedence: 4,
      name: 'Family plus Employees',
      price: 9999.0,
      discount: 500.1,
      description: 'd',
      no_key_generate: 10,
      other_details: { applyDetails: true, amountPerHousehold: 799.99 },
    });
    expect(plan).toEqual({
      id: 4,
      name: 'Family plus Employees',
      price: 999_900,
      discount: 50_010,
      description: 'd',
      member: 79_999,
      maxDependents: 10,
    });
  });

  it('has no per-member price when details are absent or not applied', () => {
    const base = { id: 1, precedence: 1, name: 'I', price: 1499, discount: 0, description: '', no_key_generate: 1 };
    expect(planToCartPlan({ ...base, other_details: null }).member).toBeNull();
    expect(planToCartPlan({ ...base, other_details: { applyDetails: false, amountPerHousehold: 999 } }).member).toBeNull();
    expect(planToCartPlan({ ...base, other_details: { applyDetails: true, amountPerHousehold: 0 } }).member).toBe(0);
  });
});

describe('stored data parser', () => {
  const stored: CartItem = { ...family, quantity: 2, memberQuantity: 1 };

  it('reads back what the cart stores', () => {
    expect(parseCartItem(parseJson(JSON.stringify(stored)))).toEqual(stored);
    expect(parseCartPlan(parseJson(JSON.stringify(family)))).toEqual(family);
    const withCode = { ...stored, unlockCode: 'UNLOCK2026' };
    expect(parseCartItem(parseJson(JSON.stringify(withCode)))).toEqual(withCode);
    // A stored code that is not a short text is dropped, not trusted.
    expect(parseCartItem({ ...stored, unlockCode: 'x'.repeat(51) })).toEqual(stored);
    expect(parseCartItem({ ...stored, unlockCode: 42 })).toEqual(stored);
  });

  it('treats missing and corrupt values as empty', () => {
    for (const raw of [null, undefined, '', 'not json', '{"id":', 'undefined', '[object Object]']) {
      expect(parseCartItem(parseJson(raw)), String(raw)).toBeNull();
    }
  });

  it('discards foreign values', () => {
    const foreign: unknown[] = [
      null,
      42,
      'item',
      [stored],
      {},
      { ...stored, id: '3' },
      { ...stored, id: 0 },
      { ...stored, name: 7 },
      { ...stored, price: 5999.0 + 0.5 },
      { ...stored, price: -1 },
      { ...stored, price: '599900' },
      { ...stored, discount: null },
      { ...stored, member: 1.5 },
      { ...stored, description: undefined },
      { ...stored, quantity: 0 },
      { ...stored, quantity: -2 },
      { ...stored, quantity: 1.5 },
      { ...stored, quantity: MAX_QUANTITY + 1 },
      { ...stored, memberQuantity: -1 },
      { ...stored, maxDependents: 'many' },
      { ...individual, quantity: 1, memberQuantity: 2 }, // members without a per-member price
    ];
    for (const value of foreign) expect(parseCartItem(value), JSON.stringify(value)).toBeNull();
    expect(parseCartPlan({ ...family, member: 'x' })).toBeNull();
    expect(parseCartPlan([family])).toBeNull();
  });

  it('drops unknown fields of an otherwise valid value', () => {
    expect(parseCartItem({ ...stored, injected: '<script>' })).toEqual(stored);
  });
});

describe('any sequence of actions', () => {
  const planArb: fc.Arbitrary<CartPlan> = fc.record({
    id: fc.integer({ min: 1, max: 1000 }),
    name: fc.string(),
    price: fc.integer({ min: 0, max: 10_000_000 }),
    discount: fc.integer({ min: 0, max: 1_000_000 }),
    description: fc.string(),
    member: fc.option(fc.integer({ min: 0, max: 1_000_000 }), { nil: null }),
    maxDependents: fc.integer({ min: 1, max: 10 }),
  });
  const actionArb: fc.Arbitrary<CartAction> = fc.oneof(
    planArb.map((plan) => ({ type: 'add', plan }) as const),
    fc.constant({ type: 'increment' } as const),
    fc.constant({ type: 'decrement' } as const),
    fc
      .oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double(), fc.constant(Number.NaN))
      .map((quantity) => ({ type: 'setQuantity', quantity }) as const),
    fc.constant({ type: 'incrementMembers' } as const),
    fc.constant({ type: 'decrementMembers' } as const),
    fc.constant({ type: 'remove' } as const),
    fc.option(planArb, { nil: null }).map((plan) => ({ type: 'setPlan', plan }) as const),
    fc.constant({ type: 'clear' } as const),
  );

  it('keeps at most one line, quantity a whole number ≥ 1, members a whole number ≥ 0, and a storable line', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 60 }), (actions) => {
        let state = EMPTY_CART;
        for (const action of actions) {
          state = cartReducer(state, action);
          // One line at most: the state has a single item slot, never a list.
          expect(Array.isArray(state.item)).toBe(false);
          if (state.item) {
            expect(Number.isInteger(state.item.quantity)).toBe(true);
            expect(state.item.quantity).toBeGreaterThanOrEqual(1);
            expect(state.item.quantity).toBeLessThanOrEqual(MAX_QUANTITY);
            expect(Number.isInteger(state.item.memberQuantity)).toBe(true);
            expect(state.item.memberQuantity).toBeGreaterThanOrEqual(0);
            if (state.item.member === null) expect(state.item.memberQuantity).toBe(0);
            // What the store writes is read back unchanged.
            expect(parseCartItem(JSON.parse(JSON.stringify(state.item)))).toEqual(state.item);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('add never replaces an existing line', () => {
    fc.assert(
      fc.property(planArb, planArb, (first, second) => {
        const state = run(EMPTY_CART, { type: 'add', plan: first }, { type: 'add', plan: second });
        expect(state.item?.id).toBe(first.id);
        expect(state.item?.quantity).toBe(1);
      }),
    );
  });
});
