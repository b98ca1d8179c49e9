// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import form from '../../generated/form-files/cart-quantity.json';
import type { CartProps } from '../../generated/blocks';
import type { CartSectionProps } from '../../generated/sections';
import { blockProps } from '../../engine/registry';
import type { CartPlan } from '../../shop/cart';

const MESSAGE = form.schema.properties.quantity.errorMessage.minimum;

const texts: CartProps['texts'] = {
  cartLabel: 'Cart',
  emptyText: 'Your cart is empty',
  checkoutLabel: 'Checkout',
  deleteLabel: 'Delete',
  quantityLabel: 'Quantity',
  membersLabel: 'Household members (18 years and above)',
  memberPriceLabel: '{price} per member / YR',
  perYear: '/ YR',
  increaseLabel: 'Increase',
  decreaseLabel: 'Decrease',
  discountLabel: 'Discount',
  subtotalLabel: 'Subtotal',
  vatLabel: 'VAT (12%)',
  totalLabel: 'Total',
  closeLabel: 'Close cart',
  minimumText: 'Minimum purchase: {minimum}',
};
const family: CartPlan = { id: 3, name: 'Family', price: 599_900, discount: 0, description: 'Household', member: 99_900, maxDependents: 4 };
const individual: CartPlan = { id: 1, name: 'Individual', price: 149_900, discount: 0, description: 'One', member: null, maxDependents: 1 };

let store: typeof import('../../shop/cart-store');
let cart: typeof import('../../generated/block-chunks/cart');
// Imported after the reset, as the block's chunk is: the router's contexts are those the block reads.
let router: typeof import('react-router');

beforeEach(async () => {
  localStorage.clear();
  vi.resetModules();
  store = await import('../../shop/cart-store');
  cart = await import('../../generated/block-chunks/cart');
  router = await import('react-router');
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderCart(props: Partial<CartSectionProps> = {}) {
  const CartBlock = cart.default;
  const { MemoryRouter } = router;
  render(
    <MemoryRouter>
      <CartBlock props={blockProps<'cart'>(cart, { texts, ...props })} items={[]} params={{ slug: 'demo-merchant' }} />
    </MemoryRouter>,
  );
  const button = screen.getByRole('button', { name: /^Cart/ });
  return { button, open: () => fireEvent.click(button) };
}

describe('cart button and menu', () => {
  it('shows the quantity as a badge, hidden at 0', () => {
    const { button } = renderCart();
    expect(button.textContent).toBe('Cart');
    act(() => store.cartStore('regular').dispatch({ type: 'add', plan: individual }));
    expect(button.textContent).toBe('Cart1');
    act(() => store.cartStore('regular').dispatch({ type: 'setQuantity', quantity: 3 }));
    expect(button.textContent).toBe('Cart3');
  });

  it('opens a labelled dialog that takes focus, and closes on Escape back to the button', () => {
    const { button, open } = renderCart();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    open();
    const dialog = screen.getByRole('dialog', { name: 'Cart' });
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-controls')).toBe(dialog.id);
    expect(document.activeElement).toBe(dialog);
    expect(within(dialog).getByText('Your cart is empty')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('closes when the window scrolls and on a click outside', () => {
    const { open } = renderCart();
    open();
    act(() => {
      window.dispatchEvent(new Event('scroll'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    open();
    fireEvent.pointerDown(document.body);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('single purchase: read-only quantity, totals and an enabled checkout link', () => {
    store.cartStore('regular').dispatch({ type: 'add', plan: individual });
    const { open } = renderCart();
    open();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByRole('spinbutton')).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Increase' })).toBeNull();
    expect(within(dialog).getByText('₱1,499.00 / YR')).toBeTruthy();
    expect(within(dialog).getByTestId('cart-quantity').textContent).toBe('1');
    // 1,499.00 + VAT 179.88 = 1,678.88
    expect(within(dialog).getByText('₱179.88')).toBeTruthy();
    expect(within(dialog).getByText('₱1,678.88')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Checkout' }).getAttribute('href')).toBe('/shop/checkout');
  });

  it('household members go up and down (not below 0) and count in the totals', () => {
    store.cartStore('regular').dispatch({ type: 'add', plan: family });
    const { open } = renderCart();
    open();
    const members = screen.getByRole('group', { name: texts.membersLabel });
    expect(screen.getByText('₱999.00 per member / YR')).toBeTruthy();
    const minus = within(members).getByRole('button', { name: 'Decrease' });
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(minus);
    expect(store.cartStore('regular').getState().item?.memberQuantity).toBe(0);
    fireEvent.click(within(members).getByRole('button', { name: 'Increase' }));
    fireEvent.click(within(members).getByRole('button', { name: 'Increase' }));
    expect(store.cartStore('regular').getState().item?.memberQuantity).toBe(2);
    // 5,999.00 + 2 × 999.00 = 7,997.00
    expect(screen.getByText('₱7,997.00')).toBeTruthy();
    fireEvent.click(within(members).getByRole('button', { name: 'Decrease' }));
    expect(store.cartStore('regular').getState().item?.memberQuantity).toBe(1);
  });

  it('delete empties the cart and keeps focus in the menu', () => {
    store.cartStore('regular').dispatch({ type: 'add', plan: individual });
    const { open } = renderCart();
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(screen.getByText('Your cart is empty')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('dialog'));
    expect(localStorage.getItem('item')).toBeNull();
  });
});

describe('multiple purchase', () => {
  it('plus and minus (minus only from 2); checkout enabled only from the minimum purchase', () => {
    store.cartStore('merchant').dispatch({ type: 'add', plan: individual });
    const { open } = renderCart({
      kind: 'merchant',
      multiplePurchase: true,
      minimumQuantity: 2,
      checkoutHref: '/shop/promo/checkout/:slug',
    });
    open();
    const group = screen.getByRole('group', { name: 'Quantity' });
    const minus = within(group).getByRole('button', { name: 'Decrease' });
    expect(minus.getAttribute('aria-disabled')).toBe('true');
    const checkout = () => screen.getByRole('link', { name: 'Checkout' });
    expect(checkout().getAttribute('aria-disabled')).toBe('true');
    expect(checkout().hasAttribute('href')).toBe(false);
    expect(screen.getByText('Minimum purchase: 2')).toBeTruthy();

    fireEvent.click(within(group).getByRole('button', { name: 'Increase' }));
    expect(store.cartStore('merchant').getState().item?.quantity).toBe(2);
    expect((screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement).value).toBe('2');
    expect(checkout().getAttribute('href')).toBe('/shop/promo/checkout/demo-merchant');
    fireEvent.click(minus);
    expect(store.cartStore('merchant').getState().item?.quantity).toBe(1);
  });

  it('a typed quantity reaches the cart 500 ms after typing stops', () => {
    vi.useFakeTimers();
    store.cartStore('merchant').dispatch({ type: 'add', plan: individual });
    const { open } = renderCart({ kind: 'merchant', multiplePurchase: true });
    open();
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '4' } });
    act(() => vi.advanceTimersByTime(300));
    fireEvent.change(input, { target: { value: '5' } });
    act(() => vi.advanceTimersByTime(499));
    expect(store.cartStore('merchant').getState().item?.quantity).toBe(1);
    act(() => vi.advanceTimersByTime(1));
    expect(store.cartStore('merchant').getState().item?.quantity).toBe(5);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each(['0', '-3', ''])('a typed %j is forced to 1 with the message of forms/cart-quantity.json (as generated)', (typed) => {
    vi.useFakeTimers();
    store.cartStore('merchant').dispatch({ type: 'add', plan: individual });
    store.cartStore('merchant').dispatch({ type: 'setQuantity', quantity: 3 });
    const { open } = renderCart({ kind: 'merchant', multiplePurchase: true });
    open();
    const input = screen.getByRole('spinbutton', { name: 'Quantity' }) as HTMLInputElement;
    fireEvent.change(input, { target: { value: typed } });
    act(() => vi.advanceTimersByTime(500));
    expect(store.cartStore('merchant').getState().item?.quantity).toBe(1);
    expect(input.value).toBe('1');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGE);
    expect(MESSAGE).toBe('This field must be greater than zero');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // A valid value clears the message.
    fireEvent.change(input, { target: { value: '2' } });
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe("the checkout's code fetched ahead", () => {
  async function preloadWith(props: Partial<CartSectionProps>): Promise<string[]> {
    const asked: string[] = [];
    const routeCode = await import('../../lib/route-code');
    routeCode.setRouteCodeLoader((path) => {
      asked.push(path);
      return Promise.resolve();
    });
    await cart.block.preload?.(blockProps<'cart'>(cart, { texts, ...props }));
    return asked;
  }

  it('starts with the cart when a returning visitor has a plan in it, before the cart renders', async () => {
    localStorage.setItem('merchantItem', JSON.stringify({ ...individual, quantity: 1, memberQuantity: 0 }));
    expect(await preloadWith({ kind: 'merchant', checkoutHref: '/shop/promo/checkout/:slug' })).toEqual(['/shop/promo/checkout/:slug']);
  });

  it('waits for a plan when the cart is empty, and never loads a link to another site', async () => {
    expect(await preloadWith({ kind: 'regular' })).toEqual([]);
    localStorage.setItem('item', JSON.stringify({ ...individual, quantity: 1, memberQuantity: 0 }));
    expect(await preloadWith({ kind: 'regular', checkoutHref: 'https://pay.example.com/checkout' })).toEqual([]);
  });
});
