// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import promoForm from '../../src/generated/form-files/promo-code.json';
import type { Section } from '../../src/generated/config';
import type { PromoCodeProps } from '../../src/generated/blocks';
import { blockProps } from '../../src/engine/registry';
import { boundValues } from '../../src/engine/Section';
import { PAYMENT_REDIRECT_DELAY_MS, postPaymentForm } from '../../src/shop/payment-form';

const REQUIRED = promoForm.schema.properties.code.errorMessage.minLength;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('engine: section bind (props from the bound item)', () => {
  const section = {
    type: 'cart',
    source: 'merchants/show/:slug',
    bind: { multiplePurchase: 'other_details.is_multiple_purchase', minimumQuantity: 'other_details.minimum_quantity_purchase' },
    props: { multiplePurchase: false, minimumQuantity: 1, texts: {} },
  } as unknown as Section;

  it("takes each bound prop from the first item's path, without the section's own keys", () => {
    const merchant = { id: 101, other_details: { is_multiple_purchase: true, minimum_quantity_purchase: 2 } };
    expect(boundValues(section, [merchant, { id: 102 }])).toEqual({ multiplePurchase: true, minimumQuantity: 2 });
    expect(blockProps({ defaults: {} }, section.props, boundValues(section, [merchant]))).toEqual({
      multiplePurchase: true,
      minimumQuantity: 2,
      texts: {},
    });
  });

  it('keeps the configured value when the item lacks the path (or holds null), or there is no item', () => {
    const props = (items: unknown[]) => blockProps({ defaults: {} }, section.props, boundValues(section, items));
    expect(props([{ id: 1, other_details: { is_multiple_purchase: null } }])).toMatchObject({
      multiplePurchase: false,
      minimumQuantity: 1,
    });
    expect(props([{ id: 1, other_details: 'text' }])).toMatchObject({ multiplePurchase: false, minimumQuantity: 1 });
    expect(props([])).toMatchObject({ multiplePurchase: false, minimumQuantity: 1 });
  });
});

describe('shop scope (slug change)', () => {
  let scope: typeof import('../../src/shop/owner-scope');
  let carts: typeof import('../../src/shop/cart-store');
  const plan = {
    id: 22,
    name: 'Family (partner offer)',
    price: 399_900,
    discount: 20_000,
    description: 'x',
    member: 69_900,
    maxDependents: 4,
  };
  const read = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

  beforeEach(async () => {
    localStorage.clear();
    vi.resetModules();
    scope = await import('../../src/shop/owner-scope');
    carts = await import('../../src/shop/cart-store');
  });

  it('claims an unowned cart: emptied, slug and id stored, no reload needed', () => {
    localStorage.setItem('promoItem', JSON.stringify({ ...plan, quantity: 1, memberQuantity: 0 }));
    expect(scope.enterShop('promo', 'demo-promotion', 201)).toBe('claimed');
    expect(read('promoItem')).toBeNull();
    expect(read('promoSlug')).toBe('demo-promotion');
    expect(read('promoId')).toBe(201);
    expect(carts.cartStore('promo').getState().item).toBeNull();
  });

  it("keeps this shop's cart; empties another shop's cart and plan (the caller reloads)", () => {
    scope.enterShop('promo', 'demo-promotion', 201);
    carts.cartStore('promo').dispatch({ type: 'setPlan', plan });
    carts.cartStore('promo').dispatch({ type: 'add', plan });
    expect(scope.enterShop('promo', 'demo-promotion', 201)).toBe('same');
    expect(read('promoItem')).toMatchObject({ id: 22 });
    expect(scope.isCartOfSlug('promo', 'demo-promotion')).toBe(true);

    expect(scope.enterShop('promo', 'other-promotion', 202)).toBe('changed');
    expect(read('promoItem')).toBeNull();
    expect(read('promoPlan')).toBeNull();
    expect(read('promoSlug')).toBe('other-promotion');
    expect(read('promoId')).toBe(202);
    expect(carts.cartStore('promo').getState()).toEqual({ item: null, plan: null });
    expect(scope.isCartOfSlug('promo', 'demo-promotion')).toBe(false);
  });

  it('tells a promotion and a reseller of the same slug apart by their ids', () => {
    scope.enterShop('promo', 'shared-slug', 201);
    carts.cartStore('promo').dispatch({ type: 'add', plan });
    expect(scope.isCartOfSlug('promo', 'shared-slug', 201)).toBe(true);
    expect(scope.isCartOfSlug('promo', 'shared-slug', 301)).toBe(false);
    expect(scope.enterShop('promo', 'shared-slug', 301)).toBe('changed');
    expect(read('promoItem')).toBeNull();
    expect(read('promoId')).toBe(301);
  });

  it('scopes the merchant cart under its own keys, apart from the promo cart', () => {
    scope.enterShop('promo', 'demo-promotion', 201);
    expect(scope.enterShop('merchant', 'demo-merchant', 101)).toBe('claimed');
    expect(read('merchantSlug')).toBe('demo-merchant');
    expect(read('merchantId')).toBe(101);
    expect(read('promoSlug')).toBe('demo-promotion');
    expect(scope.isCartOfSlug('merchant', undefined)).toBe(false);
  });
});

describe('hidden-form payment hand-over', () => {
  it('posts the payment request fields (the token among them) to post_redirect after 500 ms', () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    postPaymentForm({
      post_redirect: 'http://localhost/api/v1/sandbox-pay/payment-requests',
      payment_request: { token: 'tok', order_id: 7, amount: 10.5, nested: { x: 1 } },
    });
    const form = document.querySelector('form')!;
    expect(form.method).toBe('post');
    expect(form.action).toBe('http://localhost/api/v1/sandbox-pay/payment-requests');
    expect(form.hidden).toBe(true);
    expect(Object.fromEntries(new FormData(form))).toEqual({ token: 'tok', order_id: '7', amount: '10.5' });
    vi.advanceTimersByTime(PAYMENT_REDIRECT_DELAY_MS - 1);
    expect(submit).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(submit).toHaveBeenCalledTimes(1);
    form.remove();
  });

  it('can be called off before it is sent', () => {
    vi.useFakeTimers();
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    const cancel = postPaymentForm({ post_redirect: '/pay', payment_request: { token: 't' } });
    cancel();
    vi.advanceTimersByTime(1000);
    expect(submit).not.toHaveBeenCalled();
    expect(document.querySelector('form')).toBeNull();
  });
});

describe('promo-shop code card', () => {
  const texts: PromoCodeProps['texts'] = {
    title: 'Enter your promo code',
    invalidCode: 'Invalid code!',
    unlocked: 'Your code unlocked the plan {plan}.',
    changeCode: 'Enter another code',
  };
  const plan22 = {
    id: 22,
    precedence: 2,
    name: 'Family (partner offer)',
    price: 3999,
    discount: 200,
    description: 'x',
    no_key_generate: 4,
    other_details: { applyDetails: true, amountPerHousehold: 699 },
    reseller_id: 201,
  };
  let promoCode: typeof import('../../src/generated/block-chunks/promoCode');
  let carts: typeof import('../../src/shop/cart-store');
  let calls: unknown[];

  beforeEach(async () => {
    localStorage.clear();
    vi.resetModules();
    promoCode = await import('../../src/generated/block-chunks/promoCode');
    carts = await import('../../src/shop/cart-store');
    calls = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { reseller_id: number; code: string };
        calls.push({ path: new URL(String(input), 'http://test').pathname, body });
        return body.code === 'UNLOCK2026' && body.reseller_id === 201
          ? new Response(JSON.stringify({ data: plan22 }), { status: 200 })
          : new Response(JSON.stringify({ message: 'no' }), { status: 404 });
      }),
    );
  });

  const renderCard = () =>
    render(
      <MemoryRouter>
        <promoCode.default
          props={blockProps<'promoCode'>(promoCode, { texts })}
          items={[]}
          params={{ slug: 'demo-promotion', reseller_id: '201' }}
        />
      </MemoryRouter>,
    );

  it("requires a code with the form file's message ('This field is required.')", () => {
    renderCard();
    fireEvent.click(screen.getByRole('button', { name: promoForm.flow.submitLabel }));
    expect(REQUIRED).toBe('This field is required.');
    expect(screen.getByRole('alert').textContent).toBe(REQUIRED);
    expect(screen.getByLabelText(/Promo code/).getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);
  });

  it("shows 'Invalid code!' for a code that unlocks nothing, and clears it after 3 s", async () => {
    renderCard();
    fireEvent.change(screen.getByLabelText(/Promo code/), { target: { value: 'NOPE' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Invalid code!'));
    const shown = Date.now();
    expect(calls).toEqual([{ path: '/api/v1/promotion-shop-plans/check/code', body: { reseller_id: 201, code: 'NOPE' } }]);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(''), { timeout: 5000, interval: 50 });
    expect(Date.now() - shown).toBeGreaterThanOrEqual(2900);
    expect(carts.cartStore('promo').getState().plan).toBeNull();
  });

  it('makes the unlocked plan the promo cart’s current plan (stored as promoPlan) and gives way to it', async () => {
    renderCard();
    fireEvent.change(screen.getByLabelText(/Promo code/), { target: { value: ' UNLOCK2026 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your code unlocked the plan Family (partner offer).'));
    // The plan keeps the code that unlocked it (trimmed): the billing sends it for the server to re-check.
    expect(carts.cartStore('promo').getState().plan).toEqual({
      id: 22,
      name: 'Family (partner offer)',
      price: 399_900,
      discount: 20_000,
      description: 'x',
      member: 69_900,
      maxDependents: 4,
      unlockCode: 'UNLOCK2026',
    });
    expect(JSON.parse(localStorage.getItem('promoPlan')!)).toMatchObject({ id: 22, unlockCode: 'UNLOCK2026' });
    expect(screen.queryByLabelText(/Promo code/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enter another code' }));
    expect(carts.cartStore('promo').getState().plan).toBeNull();
    expect(screen.getByLabelText(/Promo code/)).toBeTruthy();
  });
});
