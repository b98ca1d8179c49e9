import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../src/shop/cart';
import { billingPayload, checkoutTotals, RESELLER } from '../../src/shop/checkouts';

const item = (extra: Partial<CartItem> = {}): CartItem => ({
  id: 33,
  name: 'Member Family',
  price: 449_900,
  discount: 0,
  description: 'x',
  member: 74_900,
  maxDependents: 4,
  quantity: 1,
  memberQuantity: 0,
  ...extra,
});

/** The reseller checkout's totals and billing line (src/shop/checkouts.ts RESELLER). */
const resellerTotals = (line: CartItem) => checkoutTotals(RESELLER, line, null);
const resellerProducts = (line: CartItem) =>
  billingPayload(RESELLER, {}, { item: line, totals: resellerTotals(line), promo: null, ownerId: 301, dependentsAsked: false }).products;

describe('reseller checkout payload', () => {
  it('one product: quantity 1, promo_id null, discount 0, amount = the overview total (VAT included)', () => {
    expect(resellerProducts(item({ id: 31, name: 'Member', price: 119_900, member: null }))).toEqual([
      { name: 'Member', shop_plan_id: 31, quantity: 1, promo_id: null, discount: 0, amount: 1342.88, member: 0 },
    ]);
  });

  it('sells one unit whatever the stored quantity, with the household members priced', () => {
    const line = item({ quantity: 3, memberQuantity: 2 });
    // 4,499.00 + 2 × 749.00 = 5,997.00; VAT 719.64; total 6,716.64.
    expect(resellerTotals(line).total).toBe(671_664);
    expect(resellerProducts(line)[0]).toMatchObject({ quantity: 1, amount: 6716.64, member: 2 });
  });
});
