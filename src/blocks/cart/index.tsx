import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { preloadRouteCode } from '../../lib/route-code';
import { fillPath, isInternal, withValues } from '../../lib/site';
import type { CartAction, CartItem } from '../../shop/cart';
import { cartStore, useCart } from '../../shop/cart-store';
import { pesoText } from '../../shop/format';
import type { BlockHooks, BlockRenderProps } from '../types';
import { QuantityInput } from './QuantityInput';
import { Stepper } from './Stepper';
import './styles.css';

type Texts = BlockRenderProps<'cart'>['props']['texts'];

function CartIcon() {
  return (
    <svg className="cart-fab__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM1 2v2h2l3.6 7.6-1.35 2.44A2 2 0 0 0 7 17h12v-2H7.42a.25.25 0 0 1-.22-.37L8.1 13h7.45a2 2 0 0 0 1.75-1.03l3.58-6.49A1 1 0 0 0 20 4H5.21l-.94-2H1Z"
      />
    </svg>
  );
}

function TrashIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3H9Zm-2 3h10v13H7V6Zm2 2v9h2V8H9Zm4 0v9h2V8h-2Z"
      />
    </svg>
  );
}

interface LineProps {
  item: CartItem;
  texts: Texts;
  multiplePurchase: boolean;
  dispatch: (action: CartAction) => void;
  /** Called after delete: the button is gone, so focus goes back to the menu. */
  onRemoved: () => void;
}

/** The cart's single line: name, unit price, quantity (editable only with multiple purchase), members, delete. */
function CartLine({ item, texts, multiplePurchase, dispatch, onRemoved }: LineProps) {
  const quantityId = useId();
  return (
    <div className="cart-line">
      <div className="cart-line__head">
        <h3 className="cart-line__name">{item.name}</h3>
        <button
          type="button"
          className="cart-line__delete"
          onClick={() => {
            dispatch({ type: 'remove' });
            onRemoved();
          }}
        >
          <TrashIcon />
          {texts.deleteLabel}
        </button>
      </div>
      <p className="cart-line__price">
        {pesoText(item.price)}
        {texts.perYear && <> {texts.perYear}</>}
      </p>
      {multiplePurchase ? (
        <div className="cart-line__row">
          <label className="cart-line__label" id={`${quantityId}-label`} htmlFor={quantityId}>
            {texts.quantityLabel}
          </label>
          <QuantityInput
            id={quantityId}
            labelId={`${quantityId}-label`}
            quantity={item.quantity}
            dispatch={dispatch}
            increaseLabel={texts.increaseLabel}
            decreaseLabel={texts.decreaseLabel}
          />
        </div>
      ) : (
        <p className="cart-line__row">
          <span className="cart-line__label">{texts.quantityLabel}</span>
          <span className="cart-line__value" data-testid="cart-quantity">
            {item.quantity}
          </span>
        </p>
      )}
      {item.member !== null && (
        <div className="cart-line__row cart-line__row--members">
          <div>
            <span className="cart-line__label" id={`${quantityId}-members`}>
              {texts.membersLabel}
            </span>
            <span className="cart-line__hint">{withValues(texts.memberPriceLabel, { price: pesoText(item.member) })}</span>
          </div>
          <Stepper
            labelledBy={`${quantityId}-members`}
            value={item.memberQuantity}
            canDecrease={item.memberQuantity >= 1}
            onIncrease={() => dispatch({ type: 'incrementMembers' })}
            onDecrease={() => dispatch({ type: 'decrementMembers' })}
            increaseLabel={texts.increaseLabel}
            decreaseLabel={texts.decreaseLabel}
          />
        </div>
      )}
    </div>
  );
}

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'cart'> = {
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
  // A visitor who comes back with a plan in the cart is a tap or two from the checkout: its code
  // starts loading with the cart's, before the cart hydrates (the component does it for a plan added
  // later). The link's pattern is enough: a route's code does not depend on its params.
  preload(props) {
    if (typeof window !== 'undefined' && isInternal(props.checkoutHref) && cartStore(props.kind).getState().item) {
      preloadRouteCode(props.checkoutHref);
    }
    return Promise.resolve();
  },
};

/**
 * The floating Cart button (bottom right, the line's quantity as a badge) and its menu: a non-modal
 * dialog that takes focus when it opens and closes on Escape, on a click outside and when the page
 * scrolls. The line, totals (domain/pricing, no promo code) and the checkout link,
 * enabled from the minimum purchase on.
 */
export default function CartBlock({ props, params }: BlockRenderProps<'cart'>) {
  const { texts } = props;
  const kind = props.kind;
  const minimum = props.minimumQuantity;
  const checkoutHref = fillPath(props.checkoutHref, params);
  const { state, dispatch, totals } = useCart(kind);
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const titleId = `${panelId}-title`;
  const item = state.item;
  const quantity = item?.quantity ?? 0;

  const close = useCallback((restoreFocus: boolean) => {
    setOpen(false);
    if (restoreFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.focus({ preventScroll: true });
    const onScroll = () => close(false);
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panelRef.current?.contains(target) && !buttonRef.current?.contains(target)) close(false);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      window.removeEventListener('scroll', onScroll);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [open, close]);

  // A visitor with a plan in the cart is a tap or two from the checkout: its code is fetched ahead,
  // so that the Checkout link opens it without waiting for its form's scripts.
  const hasItem = item !== null;
  useEffect(() => {
    if (hasItem && isInternal(checkoutHref)) preloadRouteCode(checkoutHref);
  }, [hasItem, checkoutHref]);

  const canCheckout = item !== null && quantity >= minimum;
  const discount = item && totals ? item.price * item.quantity - totals.planTotal : 0;

  return (
    <div className="cart-fab">
      <button
        ref={buttonRef}
        type="button"
        className="cart-fab__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((value) => !value)}
      >
        <CartIcon />
        <span className="cart-fab__label">{texts.cartLabel}</span>
        {quantity > 0 && <span className="cart-fab__badge">{quantity}</span>}
      </button>
      {open && (
        // A non-modal dialog: Escape closes it and gives the focus back to the button; it closes when
        // the focus leaves it for anything but the button (Tab does not stay inside it).
        // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- a dialog handles Escape and focus leaving it
        <div
          ref={panelRef}
          id={panelId}
          className="cart-menu"
          role="dialog"
          aria-labelledby={titleId}
          tabIndex={-1}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.stopPropagation();
              close(true);
            }
          }}
          onBlur={(event) => {
            const next = event.relatedTarget as Node | null;
            if (next && !event.currentTarget.contains(next) && !buttonRef.current?.contains(next)) close(false);
          }}
        >
          <div className="cart-menu__header">
            <h2 id={titleId} className="cart-menu__title">
              {texts.cartLabel}
            </h2>
            <button type="button" className="cart-menu__close" aria-label={texts.closeLabel} onClick={() => close(true)}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path
                  fill="currentColor"
                  d="m3.5 2.4 4.5 4.5 4.5-4.5 1.1 1.1L9.1 8l4.5 4.5-1.1 1.1L8 9.1l-4.5 4.5-1.1-1.1L6.9 8 2.4 3.5z"
                />
              </svg>
            </button>
          </div>
          {item && totals ? (
            <>
              <CartLine
                item={item}
                texts={texts}
                multiplePurchase={props.multiplePurchase}
                dispatch={dispatch}
                onRemoved={() => panelRef.current?.focus({ preventScroll: true })}
              />
              <dl className="cart-totals">
                {discount > 0 && texts.discountLabel && (
                  <div className="cart-totals__row">
                    <dt>{texts.discountLabel}</dt>
                    <dd>−{pesoText(discount)}</dd>
                  </div>
                )}
                <div className="cart-totals__row">
                  <dt>{texts.subtotalLabel}</dt>
                  <dd>{pesoText(totals.subtotal)}</dd>
                </div>
                <div className="cart-totals__row">
                  <dt>{texts.vatLabel}</dt>
                  <dd>{pesoText(totals.vat)}</dd>
                </div>
                <div className="cart-totals__row cart-totals__row--total">
                  <dt>{texts.totalLabel}</dt>
                  <dd>{pesoText(totals.total)}</dd>
                </div>
              </dl>
              {!canCheckout && texts.minimumText && <p className="cart-menu__minimum">{withValues(texts.minimumText, { minimum })}</p>}
            </>
          ) : (
            <p className="cart-menu__empty">{texts.emptyText}</p>
          )}
          {item &&
            (canCheckout ? (
              isInternal(checkoutHref) ? (
                <Link className="cart-menu__checkout" to={checkoutHref} onClick={() => setOpen(false)}>
                  {texts.checkoutLabel}
                </Link>
              ) : (
                <a className="cart-menu__checkout" href={checkoutHref}>
                  {texts.checkoutLabel}
                </a>
              )
            ) : (
              // A disabled link has no href (APG: role link with aria-disabled), so it cannot be followed.
              // eslint-disable-next-line jsx-a11y/anchor-is-valid -- a disabled link has no href, by design
              <a className="cart-menu__checkout" role="link" aria-disabled="true">
                {texts.checkoutLabel}
              </a>
            ))}
        </div>
      )}
    </div>
  );
}
