// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CartPlan } from '../../src/shop/cart';

type StoreModule = typeof import('../../src/shop/cart-store');

const family: CartPlan = { id: 3, name: 'Family', price: 599_900, discount: 0, description: 'Household', member: 99_900, maxDependents: 4 };
const promoPlan: CartPlan = {
  id: 22,
  name: 'Family (partner offer)',
  price: 399_900,
  discount: 20_000,
  description: 'Partner',
  member: 69_900,
  maxDependents: 4,
};

/** A fresh module per test: the stores are page-wide singletons that read storage on first use. */
let mod: StoreModule;
beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  mod = await import('../../src/shop/cart-store');
});

const stored = (key: string) => JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;

describe('cart store persistence', () => {
  it('writes the regular cart under "item" as JSON in centavos, and removes it when emptied', () => {
    const store = mod.cartStore('regular');
    store.dispatch({ type: 'add', plan: family });
    store.dispatch({ type: 'increment' });
    expect(stored('item')).toEqual({ ...family, quantity: 2, memberQuantity: 0 });
    expect(localStorage.getItem('merchantItem')).toBeNull();
    store.dispatch({ type: 'remove' });
    expect(localStorage.getItem('item')).toBeNull();
  });

  it('keeps the three carts apart: merchantItem, promoItem and promoPlan', () => {
    mod.cartStore('merchant').dispatch({ type: 'add', plan: family });
    const promo = mod.cartStore('promo');
    promo.dispatch({ type: 'setPlan', plan: promoPlan });
    promo.dispatch({ type: 'add', plan: promoPlan });
    expect(stored('merchantItem')).toMatchObject({ id: 3, quantity: 1 });
    expect(stored('promoItem')).toMatchObject({ id: 22, quantity: 1 });
    expect(stored('promoPlan')).toEqual(promoPlan);
    expect(localStorage.getItem('item')).toBeNull();
    expect(mod.cartStore('regular').getState().item).toBeNull();

    promo.dispatch({ type: 'remove' });
    expect(localStorage.getItem('promoItem')).toBeNull();
    expect(localStorage.getItem('promoPlan')).toBeNull();
    expect(mod.cartStore('merchant').getState().item?.id).toBe(3);
  });

  it('starts from what was stored', () => {
    localStorage.setItem('item', JSON.stringify({ ...family, quantity: 3, memberQuantity: 2 }));
    expect(mod.cartStore('regular').getState().item).toEqual({ ...family, quantity: 3, memberQuantity: 2 });
  });

  it.each([
    ['corrupt', '{"id": 3, "name": '],
    ['not an object', '"Family"'],
    ['foreign shape', JSON.stringify({ plan: 'Family', qty: 2 })],
    ['amount in pesos', JSON.stringify({ ...family, price: 5999.5, quantity: 1, memberQuantity: 0 })],
    ['negative quantity', JSON.stringify({ ...family, quantity: -1, memberQuantity: 0 })],
  ])('starts empty from a %s value, and can be used at once', (_, raw) => {
    localStorage.setItem('item', raw);
    const store = mod.cartStore('regular');
    expect(store.getState()).toEqual({ item: null, plan: null });
    store.dispatch({ type: 'add', plan: family });
    expect(stored('item')).toMatchObject({ id: 3, quantity: 1 });
  });

  it('keeps working in memory when storage refuses writes', () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const store = mod.cartStore('regular');
    expect(() => store.dispatch({ type: 'add', plan: family })).not.toThrow();
    expect(store.getState().item?.id).toBe(3);
    setItem.mockRestore();
  });
});

describe('useCart', () => {
  it('shares one cart between components and computes the totals', () => {
    const a = renderHook(() => mod.useCart('regular'));
    const b = renderHook(() => mod.useCart('regular'));
    expect(a.result.current.totals).toBeNull();
    act(() => a.result.current.dispatch({ type: 'add', plan: family }));
    act(() => b.result.current.dispatch({ type: 'incrementMembers' }));
    expect(a.result.current.state.item?.memberQuantity).toBe(1);
    // 5,999.00 + 999.00 = 6,998.00; VAT 12% = 839.76; total 7,837.76.
    expect(b.result.current.totals).toMatchObject({ subtotal: 699_800, vat: 83_976, total: 783_776 });
    expect(a.result.current.dispatch).toBe(b.result.current.dispatch);
  });

  it('follows a change made in another tab (storage event)', () => {
    const { result } = renderHook(() => mod.useCart('regular'));
    expect(result.current.state.item).toBeNull();
    const value = JSON.stringify({ ...family, quantity: 4, memberQuantity: 0 });
    act(() => {
      localStorage.setItem('item', value);
      window.dispatchEvent(new StorageEvent('storage', { key: 'item', newValue: value, storageArea: localStorage }));
    });
    expect(result.current.state.item?.quantity).toBe(4);
    act(() => {
      localStorage.setItem('item', 'garbage');
      window.dispatchEvent(new StorageEvent('storage', { key: 'item', newValue: 'garbage', storageArea: localStorage }));
    });
    expect(result.current.state.item).toBeNull();
  });

  it('ignores storage events of other keys', () => {
    const { result } = renderHook(() => mod.useCart('regular'));
    act(() => result.current.dispatch({ type: 'add', plan: family }));
    const before = result.current.state;
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'merchantItem', newValue: null, storageArea: localStorage }));
    });
    expect(result.current.state).toBe(before);
  });
});
