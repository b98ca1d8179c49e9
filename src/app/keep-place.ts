import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigationType, type Location } from 'react-router';

/**
 * Where a visitor is on each history entry of the tab, so that Back and Forward return there: the
 * scroll position by entry, kept in sessionStorage (it outlives a reload, as the history does).
 */
const STORE = 'site:scroll';
/** Entries remembered at most (the oldest go first): a long visit does not grow the store without end. */
const MAX_ENTRIES = 100;
/** How long a position or an anchor waits for the page to be tall enough (its data, its images). */
const SETTLE_MS = 1_000;

/**
 * An entry's name in the store: React Router's key for it and its address (the first entry of a
 * document, and one the browser added for a plain '#fragment' link, have the key 'default').
 */
const entryName = (location: Location) => `${location.key} ${location.pathname}${location.search}${location.hash}`;

function readStore(): Map<string, number> {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORE) ?? '[]') as unknown;
    return new Map(Array.isArray(stored) ? (stored.filter((item) => Array.isArray(item) && item.length === 2) as [string, number][]) : []);
  } catch {
    return new Map();
  }
}

function writeStore(positions: Map<string, number>): void {
  while (positions.size > MAX_ENTRIES) positions.delete(positions.keys().next().value as string);
  try {
    sessionStorage.setItem(STORE, JSON.stringify([...positions]));
  } catch {
    // Storage full or refused (private mode): positions last as long as the page.
  }
}

/**
 * Calls `step` on each frame until it returns true, SETTLE_MS pass, or the visitor scrolls, taps or
 * types (their own move wins). Returns a function that stops it.
 */
function untilSettled(step: () => boolean): () => void {
  const start = performance.now();
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const) window.removeEventListener(type, stop, true);
  };
  const tick = () => {
    if (step() || performance.now() - start > SETTLE_MS) stop();
    else frame = requestAnimationFrame(tick);
  };
  for (const type of ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const)
    window.addEventListener(type, stop, { capture: true, passive: true });
  tick();
  return stop;
}

/** The element a '#fragment' names, as the browser finds it (the id, decoded). */
function fragmentTarget(hash: string): HTMLElement | null {
  if (hash.length < 2) return null;
  let id = hash.slice(1);
  try {
    id = decodeURIComponent(id);
  } catch {
    // As written.
  }
  return document.getElementById(id);
}

/** Moves the focus to `element` without scrolling, making it focusable from script if it is not. */
function focusWithoutScroll(element: HTMLElement): void {
  if (!element.matches('a[href], button, input, select, textarea, [tabindex]')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

/**
 * The first render (hydration, or a page rendered in the browser) keeps the browser's position, but
 * for one case: a reload, or a Back or Forward from another document, of an entry whose scrolling
 * the app took over (`history.scrollRestoration` is 'manual' there, so the browser restores
 * nothing): the entry's kept position, unless the visitor has scrolled already.
 */
function restoreOnLoad(location: Location): (() => void) | undefined {
  const navigation = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (window.history.scrollRestoration !== 'manual' || (navigation?.type !== 'reload' && navigation?.type !== 'back_forward')) return;
  const y = readStore().get(entryName(location));
  if (y === undefined || window.scrollY !== 0) return;
  return untilSettled(() => {
    window.scrollTo(0, y);
    return Math.abs(window.scrollY - y) < 2;
  });
}

/**
 * Keeps a visitor's place across client navigations, which React Router's declarative mode leaves to
 * the app:
 * - a new page (another path) starts at its top; Back and Forward return to the position their entry
 *   had; a link to '#id' scrolls that element into view, on the same page or another;
 * - after a navigation to another path the focus moves to the new page's main heading (`main h1`, or
 *   `<main>`), and `announcer`, a polite live region, says its title: a screen-reader user hears that
 *   the page changed, and Tab goes on from its top;
 * - a change of the query alone (a control that sets it) moves nothing.
 * The page the browser loaded keeps the browser's own scroll (hydration comes after the visitor may have
 * scrolled), until the first client navigation takes scrolling over (`history.scrollRestoration`);
 * from then on a reload of an entry returns to its kept position too (restoreOnLoad).
 */
export function useKeepPlace(title: string | undefined, announcer: RefObject<HTMLElement | null>): void {
  const location = useLocation();
  const type = useNavigationType();
  const shown = useRef<Location | null>(null);
  const positions = useRef<Map<string, number> | null>(null);

  // The position of the entry that shows, as the visitor scrolls it (read when the entry is left:
  // by then the next page may already be in the document).
  useEffect(() => {
    let frame = 0;
    const record = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (!shown.current) return;
        positions.current ??= readStore();
        positions.current.set(entryName(shown.current), window.scrollY);
      });
    };
    const save = () => positions.current && writeStore(positions.current);
    window.addEventListener('scroll', record, { passive: true });
    window.addEventListener('pagehide', save);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', record);
      window.removeEventListener('pagehide', save);
    };
  }, []);

  useLayoutEffect(() => {
    const before = shown.current;
    shown.current = location;
    if (!before) return restoreOnLoad(location);
    if (entryName(before) === entryName(location)) return;
    positions.current ??= readStore();
    // A navigation was asked for while the browser still restored positions itself: from here on the
    // app does it, on this entry and the entries pushed after it.
    if (window.history.scrollRestoration !== 'manual') window.history.scrollRestoration = 'manual';
    const newPage = before.pathname !== location.pathname;
    const target = location.hash ? () => fragmentTarget(location.hash) : null;
    let stop = () => {};

    if (type === 'POP' && positions.current.has(entryName(location))) {
      const y = positions.current.get(entryName(location)) ?? 0;
      // The page may not be tall enough yet (data or images on their way): try again on each frame.
      stop = untilSettled(() => {
        window.scrollTo(0, y);
        return Math.abs(window.scrollY - y) < 2;
      });
    } else if (target) {
      stop = untilSettled(() => {
        const element = target();
        if (!element) return false;
        element.scrollIntoView({ block: 'start' });
        focusWithoutScroll(element);
        return true;
      });
    } else if (newPage) {
      window.scrollTo(0, 0);
    }

    if (newPage) {
      if (!target) {
        const main = document.querySelector<HTMLElement>('main');
        const heading = main?.querySelector<HTMLElement>('h1') ?? main;
        if (heading) focusWithoutScroll(heading);
      }
      const region = announcer.current;
      if (region && title) {
        // Emptied first, so that the same title said again (a page left and come back to) is heard again.
        region.textContent = '';
        setTimeout(() => {
          region.textContent = title;
        }, 100);
      }
    }
    return stop;
  }, [location, type, title, announcer]);
}
