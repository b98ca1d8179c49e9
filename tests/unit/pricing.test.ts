import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatPesos, mulDivRoundHalfUp, toCentavos, toPesos } from '../../domain/money';
import { computeTotals, memberPriceOf, VAT_PERCENT, type PricedLine } from '../../domain/pricing';

/** Round half up of 12% in exact integer arithmetic (the VAT rule of domain/pricing.ts), written independently. */
const vatOf = (subtotal: number) => Math.floor((subtotal * VAT_PERCENT * 2 + 100) / 200);

const centavos = (max = 10_000_000) => fc.integer({ min: 0, max });
const line = fc.record({
  price: centavos(),
  discount: centavos(2_000_000),
  quantity: fc.integer({ min: 1, max: 1000 }),
  memberPrice: fc.option(centavos(500_000), { nil: null }),
  memberQuantity: fc.integer({ min: 0, max: 50 }),
}) satisfies fc.Arbitrary<PricedLine>;

describe('computeTotals (properties)', () => {
  it('total = subtotal + VAT − promo discount; VAT is round-half-up 12% of the subtotal', () => {
    fc.assert(
      fc.property(line, centavos(), (l, promo) => {
        const t = computeTotals(l, promo);
        expect(t.vat).toBe(vatOf(t.subtotal));
        expect(t.totalCost).toBe(t.subtotal + t.vat);
        expect(t.total).toBe(t.subtotal + t.vat - t.promoDiscount);
        expect(t.subtotal).toBe(t.planTotal + (t.members ?? 0));
        expect(t.planTotal).toBe(Math.max(0, l.price - l.discount) * l.quantity);
      }),
    );
  });

  it('is never negative and always whole centavos', () => {
    fc.assert(
      fc.property(line, fc.integer({ min: -1_000_000, max: 100_000_000 }), (l, promo) => {
        const t = computeTotals(l, promo);
        for (const value of [t.planTotal, t.subtotal, t.vat, t.totalCost, t.promoDiscount, t.total, t.unitAmount, t.members ?? 0]) {
          expect(Number.isInteger(value)).toBe(true);
          expect(value).toBeGreaterThanOrEqual(0);
        }
        expect(t.promoDiscount).toBeLessThanOrEqual(t.totalCost);
      }),
    );
  });

  it('unit amount × quantity is within quantity/2 centavos of total + promo discount', () => {
    fc.assert(
      fc.property(line, centavos(), (l, promo) => {
        const t = computeTotals(l, promo);
        expect(Math.abs(t.unitAmount * l.quantity - (t.total + t.promoDiscount))).toBeLessThanOrEqual(l.quantity / 2);
      }),
    );
  });

  it('members is null exactly when the per-member price is null', () => {
    fc.assert(
      fc.property(line, (l) => {
        const t = computeTotals(l);
        if (l.memberPrice === null) expect(t.members).toBeNull();
        else expect(t.members).toBe(l.memberPrice * l.memberQuantity);
      }),
    );
  });

  it('treats a broken count as the minimum instead of answering NaN', () => {
    const t = computeTotals(
      { price: 100_00, discount: 0, quantity: Number.NaN, memberPrice: 10_00, memberQuantity: Number.NaN },
      Number.NaN,
    );
    expect(t).toMatchObject({
      planTotal: 100_00,
      members: 0,
      subtotal: 100_00,
      vat: 12_00,
      total: 112_00,
      unitAmount: 112_00,
      promoDiscount: 0,
    });
  });
});

describe('computeTotals (worked examples)', () => {
  it('price 1,499.00, quantity 1: VAT 179.88, total 1,678.88', () => {
    const t = computeTotals({ price: toCentavos(1499), discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 });
    expect(formatPesos(t.vat)).toBe('179.88');
    expect(formatPesos(t.total)).toBe('1,678.88');
    expect(formatPesos(t.unitAmount)).toBe('1,678.88');
    expect(t.members).toBeNull();
  });

  it('quantity 2 with the 149.90 promo: total 3,207.86, billed unit amount 1,678.88', () => {
    const t = computeTotals({ price: 149_900, discount: 0, quantity: 2, memberPrice: null, memberQuantity: 0 }, 14_990);
    expect(t).toMatchObject({
      subtotal: 299_800,
      vat: 35_976,
      totalCost: 335_776,
      promoDiscount: 14_990,
      total: 320_786,
      unitAmount: 167_888,
    });
  });

  it('plan discount and household members (Family plus: 9,999 − 500, 2 members at 799)', () => {
    const t = computeTotals({ price: 999_900, discount: 50_000, quantity: 1, memberPrice: 79_900, memberQuantity: 2 });
    expect(t).toMatchObject({ planTotal: 949_900, members: 159_800, subtotal: 1_109_700, vat: 133_164, total: 1_242_864 });
  });

  it('rounds VAT half up: 12% of 0.04 is 0.0048 -> 0.00; of 0.05 is 0.006 -> 0.01; of 1.00 is exactly 0.12', () => {
    expect(computeTotals({ price: 4, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }).vat).toBe(0);
    expect(computeTotals({ price: 5, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }).vat).toBe(1);
    expect(computeTotals({ price: 100, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }).vat).toBe(12);
    // 12% of 0.25 is exactly 0.03; of 1.04 is 0.1248 -> 0.12; of 1.05 is 0.126 -> 0.13
    expect(computeTotals({ price: 104, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }).vat).toBe(12);
    expect(computeTotals({ price: 105, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }).vat).toBe(13);
  });

  it('caps the promo discount at the total cost (the buyer never gets money back)', () => {
    const t = computeTotals({ price: 100_00, discount: 0, quantity: 1, memberPrice: null, memberQuantity: 0 }, 500_00);
    expect(t).toMatchObject({ totalCost: 112_00, promoDiscount: 112_00, total: 0, unitAmount: 112_00 });
  });

  it('billed unit amount rounds (total + discount) / quantity to the centavo', () => {
    // 3 × 0.01 + VAT 0.00 = 0.03 -> 0.01 each; 1 × 1.00 + 0.12 = 1.12 over 1
    const t = computeTotals({ price: 3_333, discount: 0, quantity: 3, memberPrice: null, memberQuantity: 0 });
    expect(t.totalCost).toBe(9_999 + 1_200);
    expect(t.unitAmount).toBe(3_733);
  });
});

describe('memberPriceOf', () => {
  it('is the household price only when the plan applies its details', () => {
    expect(memberPriceOf({ applyDetails: true, amountPerHousehold: 999 }, toCentavos)).toBe(99_900);
    expect(memberPriceOf({ applyDetails: false, amountPerHousehold: 999 }, toCentavos)).toBeNull();
    expect(memberPriceOf({ applyDetails: true, amountPerHousehold: null }, toCentavos)).toBeNull();
    expect(memberPriceOf(null, toCentavos)).toBeNull();
  });
});

describe('money', () => {
  it('formatPesos: 0,0.00', () => {
    expect(formatPesos(0)).toBe('0.00');
    expect(formatPesos(5)).toBe('0.05');
    expect(formatPesos(100)).toBe('1.00');
    expect(formatPesos(99_999)).toBe('999.99');
    expect(formatPesos(100_000)).toBe('1,000.00');
    expect(formatPesos(123_456_789)).toBe('1,234,567.89');
    expect(formatPesos(-123_456_789)).toBe('-1,234,567.89');
    expect(formatPesos(-5)).toBe('-0.05');
    expect(formatPesos(-0.4)).toBe('0.00');
  });

  it('toCentavos and toPesos round-trip two-decimal amounts without floating-point noise', () => {
    expect(toCentavos(1499.9)).toBe(149_990);
    expect(toCentavos('0.29')).toBe(29);
    expect(toCentavos(null)).toBe(0);
    expect(toCentavos('abc')).toBe(0);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (c) => {
        expect(toCentavos(toPesos(c))).toBe(c);
      }),
    );
  });

  it('mulDivRoundHalfUp matches exact rational rounding', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 1000 }), (a, n, d) => {
        const exact = BigInt(a) * BigInt(n);
        const q = exact / BigInt(d);
        const r = exact % BigInt(d);
        expect(mulDivRoundHalfUp(a, n, d)).toBe(Number(r * 2n >= BigInt(d) ? q + 1n : q));
      }),
    );
  });
});
