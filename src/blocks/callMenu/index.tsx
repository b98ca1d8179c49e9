import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type PointerEvent } from 'react';
import type { Footer } from '../../generated/api';
import { useHydrated } from '../../lib/hydrated';
import { telHref } from '../../lib/tel';
import type { BlockRenderProps } from '../types';
import './styles.css';

type FocusWish = 'first' | 'last' | null;

/**
 * Whether the browser places the menu under its button (CSS anchor positioning). Where it does not,
 * the menu shows in the middle of the viewport (styles.css), away from the button: hovering does not
 * open it there, as the mouse could not reach it without leaving the button.
 */
const anchored = () => typeof CSS !== 'undefined' && CSS.supports('anchor-name', '--a');

/**
 * 'Call Doc now!': a menu button over the telemedicine-centre numbers (footers record), grouped by
 * label, each a tel: link. The menu is a native popover of the button: a click or a tap opens and
 * closes it, and Escape or a tap outside closes it, from the first paint and without a script. Once
 * the block runs it also opens when a mouse hovers it and when the button gets keyboard focus; moving
 * the mouse away or moving focus out closes it. Arrow keys, Home and End move between the numbers
 * (menu-button pattern), and Escape in the menu hands focus back to the button.
 */
export default function CallMenuBlock({ props, items }: BlockRenderProps<'callMenu', Footer>) {
  const baseId = useId().replace(/:/g, '');
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  // One anchor name per menu, so that each menu of a page sits under its own button.
  const anchor = `--${baseId}-anchor`;
  // Mirrors the popover's state (its toggle event); the browser shows and hides the menu itself.
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const [focusWish, setFocusWish] = useState<FocusWish>(null);
  const hovering = useRef(false);
  // Set while Escape hands focus back to the button, so that this focus does not reopen the menu.
  const returningFocus = useRef(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const contacts = (items[0]?.values?.contacts ?? []).filter((contact) => contact.numbers.length > 0);

  const menuItems = () => Array.from(menu.current?.querySelectorAll<HTMLAnchorElement>('[role="menuitem"]') ?? []);
  const isOpen = () => menu.current?.matches(':popover-open') ?? false;
  const show = () => {
    if (!isOpen()) menu.current?.showPopover();
  };
  const hide = () => {
    if (isOpen()) menu.current?.hidePopover();
  };

  // A tap before the block ran may have opened the menu: the state starts from what the page shows.
  useEffect(() => {
    if (menu.current?.matches(':popover-open')) setOpen(true);
  }, []);

  useEffect(() => {
    if (!open || !focusWish) return;
    const all = menuItems();
    (focusWish === 'first' ? all[0] : all[all.length - 1])?.focus();
    setFocusWish(null);
  }, [open, focusWish]);

  if (contacts.length === 0) return null;

  const openWith = (wish: FocusWish) => {
    show();
    setFocusWish(wish);
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !anchored()) return;
    hovering.current = true;
    show();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || !anchored()) return;
    hovering.current = false;
    // Keep it open while the keyboard is working inside it.
    const keyboardInside = wrapper.current?.querySelector(':focus-visible');
    if (!keyboardInside) hide();
  };
  const onButtonFocus = (event: FocusEvent<HTMLButtonElement>) => {
    if (!returningFocus.current && event.currentTarget.matches(':focus-visible')) show();
  };
  // The button toggles the popover itself after the click (popovertarget); a click that must leave
  // the menu open cancels that.
  const onButtonClick = (event: MouseEvent<HTMLButtonElement>) => {
    if (event.detail === 0) {
      // Enter or Space: open (keyboard focus may have opened it already) and move into it.
      event.preventDefault();
      openWith('first');
    } else if (hovering.current && isOpen()) {
      event.preventDefault(); // the hover already opened it: a click keeps it open
    }
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
      // Closed here rather than by the browser, so that focus goes back to the button.
      event.preventDefault();
      returningFocus.current = true;
      hide();
      button.current?.focus();
      returningFocus.current = false;
    }
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget as Node | null;
    if (!next || !wrapper.current?.contains(next)) hide();
  };

  return (
    <section className="content-section call-menu-section">
      {props.title && <h2 className="section-title call-menu-section__title">{props.title}</h2>}
      {props.text && <p className="call-menu-section__text">{props.text}</p>}
      <div ref={wrapper} className="call-menu" onPointerEnter={onPointerEnter} onPointerLeave={onPointerLeave} onBlur={onBlur}>
        <button
          ref={button}
          id={buttonId}
          type="button"
          className="call-menu__button"
          style={{ anchorName: anchor }}
          aria-haspopup="true"
          // Before the block runs, the browser tells the popover's state itself.
          aria-expanded={hydrated ? open : undefined}
          aria-controls={menuId}
          popoverTarget={menuId}
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
          popover="auto"
          style={{ positionAnchor: anchor }}
          onToggle={(event) => setOpen(event.newState === 'open')}
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
