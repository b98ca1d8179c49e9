import { describe, expect, it } from 'vitest';
import { MERCHANT_BILLING, PROMOTION_BILLING, STANDARD_BILLING } from '../../server/routes/billing';
import { RESELLER_BILLING } from '../../server/routes/reseller-billing';
import type { CartItem } from '../../src/shop/cart';
import {
  billingPayload,
  checkoutTotals,
  CHECKOUTS,
  MERCHANT,
  PROMO,
  RESELLER,
  STANDARD,
  type AppliedPromo,
  type CheckoutVariant,
} from '../../src/shop/checkouts';

const item = (extra: Partial<CartItem> = {}): CartItem => ({
  id: 1,
  name: 'Member',
  price: 149_900,
  discount: 0,
  description: 'Teleconsults for one',
  member: null,
  maxDependents: 1,
  quantity: 1,
  memberQuantity: 0,
  ...extra,
});

/** The billing form's fields as the form hands them over (confirm_email and agree already dropped). */
const FIELDS = {
  country: 'PH',
  first_name: 'Juan',
  last_name: 'Dela Cruz',
  address1: '123 Rizal Street',
  city: 'Quezon City',
  state: 'Metro Manila',
  phone_number: '09171234567',
  email: 'juan@example.com',
  birthdate: '1990-05-17',
  sex: 'Male',
};

const WELCOME: AppliedPromo = { id: 7, code: 'WELCOME10', discount: 14_990 };

function payload(
  variant: CheckoutVariant,
  fields: Record<string, unknown>,
  line: CartItem,
  options: { promo?: AppliedPromo; ownerId?: number; dependentsAsked?: boolean } = {},
) {
  const promo = options.promo ?? null;
  const totals = checkoutTotals(variant, line, promo);
  return billingPayload(variant, fields, {
    item: line,
    totals,
    promo,
    ownerId: options.ownerId ?? null,
    dependentsAsked: options.dependentsAsked ?? false,
  });
}

describe("the site's checkouts mirror the server's billing endpoints", () => {
  it.each([
    ['standard', STANDARD, STANDARD_BILLING],
    ['promotion', PROMO, PROMOTION_BILLING],
    ['merchant', MERCHANT, MERCHANT_BILLING],
    ['reseller', RESELLER, RESELLER_BILLING],
  ] as const)('%s: path, kind, form, owner and promo rules', (_name, site, server) => {
    expect(`/${site.billingPath}`).toBe(server.path);
    expect(site.kind).toBe(server.kind);
    expect(site.form).toBe(server.form);
    // An owner's checkout sends reseller_id; promo_id only where the server takes promo codes, the unlocking code where it wants one.
    expect(site.owner !== undefined).toBe(server.owner !== undefined);
    expect(site.line.includes('promo_id') && site.promoCode === 'entered').toBe(server.promos);
    expect(site.promoCode === 'unlock').toBe(server.unlockCode === true);
    expect(CHECKOUTS[site.kind]).toBe(site);
  });
});

describe('billing payload per checkout (line fields and promo_code)', () => {
  it('standard: the form fields with zip and no_dependents 0, the line with promo_id and the code applied', () => {
    const fields = { ...FIELDS, zip: '1100' };
    // 2 × 1,499.00 = 2,998.00; VAT 359.76; 3,357.76 − 149.90 = 3,207.86; unit amount (3,207.86 + 149.90) / 2 = 1,678.88.
    expect(payload(STANDARD, fields, item({ quantity: 2 }), { promo: WELCOME })).toEqual({
      ...fields,
      no_dependents: 0,
      products: [
        {
          shop_plan_id: 1,
          quantity: 2,
          discount: 149.9,
          amount: 1678.88,
          name: 'Member',
          description: 'Teleconsults for one',
          member: 0,
          promo_id: 7,
          promo_code: 'WELCOME10',
        },
      ],
    });
    expect(checkoutTotals(STANDARD, item({ quantity: 2 }), WELCOME).total).toBe(320_786);
  });

  it('standard without a code: promo_id null, no promo_code, no discount', () => {
    expect(payload(STANDARD, { ...FIELDS, zip: '1100' }, item()).products).toEqual([
      {
        shop_plan_id: 1,
        quantity: 1,
        discount: 0,
        amount: 1678.88,
        name: 'Member',
        description: 'Teleconsults for one',
        member: 0,
        promo_id: null,
      },
    ]);
  });

  it('promotion: zip_code, the chosen dependents, reseller_id, the unlocking code as promo_code and no promo_id', () => {
    const fields = { ...FIELDS, zip_code: '1012', no_dependents: 2 };
    const line = item({
      id: 22,
      name: 'Family (partner offer)',
      price: 399_900,
      discount: 20_000,
      maxDependents: 4,
      unlockCode: 'UNLOCK2026',
    });
    // A code applied elsewhere is not this checkout's: neither its discount nor its id.
    expect(payload(PROMO, fields, line, { ownerId: 201, dependentsAsked: true, promo: WELCOME })).toEqual({
      ...fields,
      reseller_id: 201,
      products: [
        {
          shop_plan_id: 22,
          quantity: 1,
          discount: 0,
          amount: 4254.88,
          name: 'Family (partner offer)',
          description: 'Teleconsults for one',
          member: 0,
          promo_code: 'UNLOCK2026',
        },
      ],
    });
  });

  it('merchant: zip_code, the merchant source, reseller_id, the spec line without promo fields', () => {
    const fields = { ...FIELDS, zip_code: '1012', source: 'Cashier' };
    // 2 × 1,299.00 + VAT = 2,909.76; unit amount 1,454.88.
    expect(
      payload(MERCHANT, fields, item({ id: 11, name: 'Individual', price: 129_900, quantity: 2, unlockCode: 'STRAY' }), { ownerId: 101 }),
    ).toEqual({
      ...fields,
      no_dependents: 0,
      reseller_id: 101,
      products: [
        { shop_plan_id: 11, quantity: 2, discount: 0, amount: 1454.88, name: 'Individual', description: 'Teleconsults for one', member: 0 },
      ],
    });
  });

  it('reseller: country PH, reseller_id, one unit, promo_id null, discount 0, amount = the overview total, the members', () => {
    const { country: _country, ...fields } = { ...FIELDS, zip_code: '6000', no_dependents: 3 };
    const line = item({ id: 33, name: 'Member Family', price: 449_900, member: 74_900, maxDependents: 4, quantity: 3, memberQuantity: 2 });
    // 4,499.00 + 2 × 749.00 = 5,997.00; VAT 719.64; total 6,716.64 (one unit, whatever the cart held).
    expect(payload(RESELLER, fields, line, { ownerId: 301, dependentsAsked: true, promo: WELCOME })).toEqual({
      ...fields,
      country: 'PH',
      reseller_id: 301,
      products: [{ name: 'Member Family', shop_plan_id: 33, quantity: 1, promo_id: null, discount: 0, amount: 6716.64, member: 2 }],
    });
    expect(payload(RESELLER, { ...fields, country: 'US' }, line, { ownerId: 301 })).toMatchObject({ country: 'PH', no_dependents: 3 });
  });

  it('a plan without dependents sends no_dependents 0 on every checkout (the server drops it)', () => {
    for (const variant of [STANDARD, PROMO, MERCHANT, RESELLER]) {
      expect(payload(variant, FIELDS, item(), { ownerId: 1 }).no_dependents).toBe(0);
    }
  });
});
