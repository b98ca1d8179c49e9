import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Footer } from '../../generated/api';
import { telHref } from '../../lib/tel';
import type { BlockRenderProps } from '../types';
import './styles.css';

type FocusWish = 'first' | 'last' | null;

/**
 * 'Call Doc now!': a menu button over the telemedicine-centre numbers (footers record), grouped by
 * label, each a tel: link. It opens when a mouse hovers it, when it gets keyboard focus, and on
 * click or tap; Escape, moving the mouse away or moving focus out closes it. Arrow keys, Home and
 * End move between the numbers (menu-button pattern).
 */
export default function CallMenuBlock({ props, items }: BlockRenderProps<'callMenu', Footer>) {
  const baseId = useId().replace(/:/g, '');
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  const [open, setOpen] = useState(false);
  const [focusWish, setFocusWish] = useState<FocusWish>(null);
  const hovering = useRef(false);
  // Set while Escape hands focus back to the button, so that this focus does not reopen the menu.
  const returningFocus = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const contacts = (items[0]?.values?.contacts ?? []).filter((contact) => contact.numbers.length > 0);

  const menuItems = () => Array.from(menu.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open || !focusWish) return;
    const all = menuItems();
    (focusWish === 'first' ? all[0] : all[all.length - 1])?.focus();
    setFocusWish(null);
  }, [open, focusWish]);

  // Escape closes the menu also when only the mouse opened it (focus elsewhere).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (contacts.length === 0) return null;

  const openWith = (wish: FocusWish) => {
    setOpen(true);
    setFocusWish(wish);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = true;
    setOpen(true);
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    hovering.current = false;
    // Keep it open while the keyboard is working inside it.
    const keyboardInside = wrapper.current?.querySelector(':focus-visible');
    if (!keyboardInside) setOpen(false);
  };
  const onButtonFocus = (event: FocusEvent<HTMLButtonElement>) => {
    if (!returningFocus.current && event.currentTarget.matches(':focus-visible')) setOpen(true);
  };
  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail === 0)
      openWith('first'); // Enter or Space
    else if (hovering.current)
      setOpen(true); // the hover already opened it: a click keeps it open
    else setOpen((o) => !o); // touch
  };
  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      openWith('first');
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openWith('last');
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = menuItems();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    const move = (to: number) => {
      event.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (event.key === 'ArrowDown') move(index + 1);
    else if (event.key === 'ArrowUp') move(index - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      returningFocus.current = true;
      button.current?.focus();
      returningFocus.current = false;
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !wrapper.current?.contains(next)) setOpen(false);
  };

  return (
    <section className="content-section call-menu-section">
      {props.title && <h2 className="section-title call-menu-section__title">{props.title}</h2>}
      {props.text && <p className="call-menu-section__text">{props.text}</p>}
      <div
        ref={wrapper}
        className={open ? 'call-menu call-menu--open' : 'call-menu'}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        onBlur={onBlur}
      >
        <button
          ref={button}
          id={buttonId}
          type="button"
          className="call-menu__button"
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={menuId}
          onFocus={onButtonFocus}
          onClick={onButtonClick}
          onKeyDown={onButtonKeyDown}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2c.3-.3.7-.4 1-.2 1.1.4 2.3.6 3.6.6.6 0 1 .4 1 1V20c0 .6-.4 1-1 1A17 17 0 0 1 3 4c0-.6.4-1 1-1h3.5c.6 0 1 .4 1 1 0 1.3.2 2.5.6 3.6.1.3 0 .7-.2 1z"
            />
          </svg>
          {props.label}
        </button>
        <div
          ref={menu}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-labelledby={buttonId}
          className="call-menu__menu"
          hidden={!open}
          onKeyDown={onMenuKeyDown}
        >
          {contacts.map((contact, group) => (
            <div key={contact.label} role="group" aria-labelledby={`${baseId}-g${group}`} className="call-menu__group">
              <div id={`${baseId}-g${group}`} role="presentation" className="call-menu__label">
                {contact.label}
              </div>
              {contact.numbers.map((number) => (
                <a key={number} role="menuitem" tabIndex={-1} href={telHref(number)} className="call-menu__item">
                  {number}
                </a>
              ))}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
