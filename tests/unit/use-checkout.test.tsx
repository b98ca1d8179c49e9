// @vitest-environment jsdom
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartPlan } from '../../src/shop/cart';
import type { CheckoutVariant } from '../../src/shop/checkouts';
import { stubApi } from './api-stub';

/**
 * The checkout pipeline (src/shop/use-checkout.ts) as the blocks run it: which cart it sells, the
 * promo code, the billing POST and the hand-over to the payment provider, per variant.
 */

type Modules = {
  carts: typeof import('../../src/shop/cart-store');
  checkouts: typeof import('../../src/shop/checkouts');
  pipeline: typeof import('../../src/shop/use-checkout');
  handOver: typeof import('../../src/shop/use-payment-hand-over');
  paymentForm: typeof import('../../src/shop/payment-form');
};
let m: Modules;

const PLAN: CartPlan = {
  id: 1,
  name: 'Member',
  price: 149_900,
  discount: 0,
  description: 'Teleconsults for one',
  member: null,
  maxDependents: 1,
};
const FAMILY: CartPlan = {
  id: 22,
  name: 'Family (partner offer)',
  price: 399_900,
  discount: 20_000,
  description: 'x',
  member: 69_900,
  maxDependents: 4,
  unlockCode: 'UNLOCK2026',
};
const FIELDS = { first_name: 'Juan', last_name: 'Dela Cruz', email: 'juan@example.com', zip: '1100' };
const PROVIDER = { sandbox: { post_redirect: 'http://pay.test/payment-requests', payment_request: { token: 'tok-123', amount: 1678.88 } } };

const store = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  vi.resetModules();
  m = {
    carts: await import('../../src/shop/cart-store'),
    checkouts: await import('../../src/shop/checkouts'),
    pipeline: await import('../../src/shop/use-checkout'),
    handOver: await import('../../src/shop/use-payment-hand-over'),
    paymentForm: await import('../../src/shop/payment-form'),
  };
  vi.spyOn(console, 'error').mockImplementation(() => {});
  // jsdom does not navigate; the hand-over's stop of a pending navigation is a no-op here.
  vi.stubGlobal('stop', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.querySelectorAll('form').forEach((form) => form.remove());
});

function fill(kind: 'regular' | 'merchant' | 'promo', plan: CartPlan, quantity = 1) {
  const cart = m.carts.cartStore(kind);
  cart.dispatch({ type: 'add', plan });
  if (quantity > 1) cart.dispatch({ type: 'setQuantity', quantity });
  return cart.getState().item;
}

function ownShop(kind: 'merchant' | 'promo', slug: string, id: number) {
  localStorage.setItem(kind === 'merchant' ? 'merchantSlug' : 'promoSlug', JSON.stringify(slug));
  localStorage.setItem(kind === 'merchant' ? 'merchantId' : 'promoId', JSON.stringify(id));
}

function run(variant: CheckoutVariant, params: Record<string, string> = {}) {
  return renderHook(() => m.pipeline.useCheckout(variant, { params, shopPath: '/shop', dependentsLabel: 'Number of dependents' }));
}

/** The JSON body of the recorded fetch to `path`. */
function bodyOf(fetchMock: ReturnType<typeof stubApi>, path: string): Record<string, unknown> {
  const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith(path));
  const init = (call as unknown as [unknown, RequestInit] | undefined)?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

describe('cart scope', () => {
  it("an owned checkout sells only its own shop's cart: same slug and owner id", () => {
    const line = fill('merchant', PLAN, 2);
    ownShop('merchant', 'demo-merchant', 101);
    expect(run(m.checkouts.MERCHANT, { slug: 'demo-merchant', reseller_id: '101' }).result.current.item).toEqual(line);
    expect(run(m.checkouts.MERCHANT, { slug: 'other-merchant', reseller_id: '101' }).result.current.item).toBeNull();
    expect(run(m.checkouts.MERCHANT, { slug: 'demo-merchant', reseller_id: '102' }).result.current.item).toBeNull();
    expect(run(m.checkouts.MERCHANT, { slug: 'demo-merchant' }).result.current.item).toBeNull();
    // The promo cart is another cart.
    expect(run(m.checkouts.PROMO, { slug: 'demo-merchant', reseller_id: '101' }).result.current.item).toBeNull();
  });

  it('the standard checkout sells the regular cart; the reseller checkout one unit of its promo cart', () => {
    fill('regular', PLAN, 3);
    const standard = run(m.checkouts.STANDARD).result.current;
    expect(standard.item?.quantity).toBe(3);
    expect(standard.totals?.total).toBe(503_664);

    fill('promo', FAMILY, 3);
    ownShop('promo', 'demo-reseller', 301);
    const reseller = run(m.checkouts.RESELLER, { slug: 'demo-reseller', reseller_id: '301' }).result.current;
    expect(reseller.item?.id).toBe(22);
    // (3,999.00 − 200.00) + VAT = 4,254.88: one unit.
    expect(reseller.totals?.total).toBe(425_488);
  });
});

describe('dependents rule', () => {
  it('asks (required select 1 to the maximum) only when the plan allows more than 1', async () => {
    fill('promo', FAMILY);
    ownShop('promo', 'demo-promotion', 201);
    const { result } = run(m.checkouts.PROMO, { slug: 'demo-promotion', reseller_id: '201' });
    await waitFor(() => expect(result.current.form).not.toBeNull(), { timeout: 10_000 });
    expect(result.current.uiSchema.no_dependents).toMatchObject({ 'ui:widget': 'select', 'ui:options': { required: true } });
    expect(result.current.validate({})).toEqual({ no_dependents: ['This field is required'] });
    expect(result.current.validate({ no_dependents: 4 })).toEqual({});

    fill('regular', PLAN);
    const standard = run(m.checkouts.STANDARD).result.current;
    expect(standard.uiSchema.no_dependents).toEqual({ 'ui:widget': 'hidden' });
    expect(standard.validate({})).toEqual({});
  });
});

describe('standard checkout: promo code, billing, hand-over by fetch', () => {
  it('a redeemed code lowers the total and travels in the billing line; its message clears after 5 s', async () => {
    vi.useFakeTimers();
    fill('regular', PLAN, 2);
    const fetchMock = stubApi({
      'promos/check/code': {
        body: { data: { id: 7, name: 'Welcome', discount: 149.9, valid_start: '2000-01-01', valid_end: '2999-12-31', shop_plan_id: 1 } },
      },
      'billing-informations': { status: 201, body: { data: { saved: true } } },
    });
    const { result } = run(m.checkouts.STANDARD);

    act(() => result.current.promo.setCode(' WELCOME10 '));
    await act(() => vi.advanceTimersByTimeAsync(799));
    expect(fetchMock).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(result.current.promo.verdict).toEqual({ outcome: 'redeemed', code: 'WELCOME10' });
    expect(result.current.totals?.promoDiscount).toBe(14_990);
    expect(result.current.totals?.total).toBe(320_786);
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(result.current.promo.verdict).toBeNull();
    expect(result.current.promo.applied).toMatchObject({ id: 7, code: 'WELCOME10' });

    await act(() => result.current.send(FIELDS));
    expect(bodyOf(fetchMock, 'billing-informations')).toEqual({
      ...FIELDS,
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
    // Accepted without a provider object: the cart is emptied, the page keeps the line, no hand-over.
    expect(m.carts.cartStore('regular').getState().item).toBeNull();
    expect(result.current.item?.id).toBe(1);
    expect(result.current.handOver).toBe('idle');
  });

  it('hands over with the token as Basic authorization; a provider that refuses puts the line back in the cart', async () => {
    const line = fill('regular', PLAN, 2);
    const stored = localStorage.getItem('item');
    const fetchMock = stubApi({
      'billing-informations': { status: 201, body: PROVIDER },
      '/payment-requests': { status: 503, body: { message: 'unavailable' } },
    });
    const { result } = run(m.checkouts.STANDARD);

    let reply: unknown;
    await act(async () => {
      reply = await result.current.send(FIELDS);
    });
    expect(reply).toEqual(PROVIDER);
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === PROVIDER.sandbox.post_redirect) as unknown as [
      string,
      RequestInit,
    ];
    expect(init.method).toBe('POST');
    expect((init.headers as Record<string, string>).Authorization).toBe('Basic tok-123');
    expect(JSON.parse(String(init.body))).toEqual(PROVIDER.sandbox.payment_request);

    await waitFor(() => expect(result.current.handOver).toBe('failed'));
    expect(m.carts.cartStore('regular').getState().item).toEqual(line);
    expect(localStorage.getItem('item')).toBe(stored);
    expect(result.current.item).toEqual(line);
    expect(sessionStorage.getItem('pendingPaymentCart')).toBeNull();
  });
});

describe('owned checkouts: hidden form post', () => {
  it('promotion: posts the billing with reseller_id and the unlocking code, empties the cart, posts the token after 500 ms', async () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const line = fill('promo', FAMILY);
    ownShop('promo', 'demo-promotion', 201);
    const fetchMock = stubApi({ 'promotion-billing-informations': { status: 201, body: PROVIDER } });
    const { result } = run(m.checkouts.PROMO, { slug: 'demo-promotion', reseller_id: '201' });

    await act(() => result.current.send({ ...FIELDS, no_dependents: 2 }));
    expect(bodyOf(fetchMock, 'promotion-billing-informations')).toMatchObject({
      no_dependents: 2,
      reseller_id: 201,
      products: [{ shop_plan_id: 22, quantity: 1, discount: 0, amount: 4254.88, member: 0, promo_code: 'UNLOCK2026' }],
    });
    expect(result.current.handOver).toBe('redirecting');
    expect(m.carts.cartStore('promo').getState().item).toBeNull();
    expect(result.current.item).toEqual(line);
    // The line is kept aside for a Cancel at the provider, with the shop to return to.
    expect(JSON.parse(sessionStorage.getItem('pendingPaymentCart') ?? 'null')).toMatchObject({
      kind: 'promo',
      item: line,
      shopPath: '/shop',
    });

    await act(() => vi.advanceTimersByTimeAsync(m.paymentForm.PAYMENT_REDIRECT_DELAY_MS - 1));
    expect(submit).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe(PROVIDER.sandbox.post_redirect);
    expect(new FormData(form).get('token')).toBe('tok-123');
  });

  it('reseller: a provider that never takes the buyer away gives the line back with the failure status', async () => {
    vi.useFakeTimers();
    vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const line = fill('promo', { ...FAMILY, unlockCode: undefined });
    ownShop('promo', 'demo-reseller', 301);
    const fetchMock = stubApi({ 'reseller-billing-informations': { status: 201, body: { data: { data: PROVIDER } } } });
    const { result } = run(m.checkouts.RESELLER, { slug: 'demo-reseller', reseller_id: '301' });

    await act(() => result.current.send({ ...FIELDS, country: 'PH', no_dependents: 1 }));
    expect(bodyOf(fetchMock, 'reseller-billing-informations')).toMatchObject({
      country: 'PH',
      reseller_id: 301,
      products: [{ name: FAMILY.name, shop_plan_id: 22, quantity: 1, promo_id: null, discount: 0, amount: 4254.88, member: 0 }],
    });
    expect(result.current.handOver).toBe('redirecting');
    expect(store('promoItem')).toBeNull();

    await act(() => vi.advanceTimersByTimeAsync(m.handOver.HAND_OVER_TIMEOUT_MS));
    expect(result.current.handOver).toBe('failed');
    expect(m.carts.cartStore('promo').getState().item).toEqual(line);
    expect(store('promoItem')).toEqual(line);
    expect(result.current.item).toEqual(line);
  });

  it('nothing to sell: send posts nothing', async () => {
    const fetchMock = stubApi({});
    const { result } = run(m.checkouts.MERCHANT, { slug: 'demo-merchant', reseller_id: '101' });
    expect(result.current.item).toBeNull();
    await expect(result.current.send(FIELDS)).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
