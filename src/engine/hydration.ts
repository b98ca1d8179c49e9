/**
 * How the server's HTML comes alive in the browser, part by part.
 *
 * - A section whose block declares `"x-hydrate": "never"` (its schema) is never hydrated: its HTML
 *   stays as the server rendered it, and its block's code is not even downloaded. Its links work as
 *   links (a full page load, prerendered by the page's speculation rules).
 * - Any other section hydrates on its own, as soon as one of these happens: the visitor touches it
 *   (pointer down, focus, or an input the page kept for it), it comes into view, or the browser is
 *   idle. Only then is its block's chunk (and its form) loaded.
 * - Input that arrives before a part has hydrated is kept by the page's input script (src/boot/input.ts)
 *   and replayed here once the part is live: clicks, submits, and text typed into fields.
 *
 * The DOM contract with the input script (its names in src/boot/names.ts): each section sits in a
 * `display: contents` element with `data-section` (its key) and HYDRATE_ATTR (a HydrateKind), and so
 * does a part of a block whose code comes later than the block's (lib/Part.tsx, without
 * `data-section`); a part that runs gets LIVE_ATTR, and the app's shell (#root) too once the first
 * pass has committed (`<html>` then has `data-hydrated`). Input in a part that is not live yet is
 * queued on `window.__earlyInput`.
 */

import { EARLY_INPUT_EVENT, HYDRATE_ATTR, LIVE_ATTR, ROOT_ID, type EarlyInput, type HydrateKind } from '../boot/names';
import { inDeferredHydrationPass, setFieldValue } from './react-internals';

export type { HydrateKind };

/** The slot element of the section with `key` on the current page (see the DOM contract above). */
export function slotOf(key: string): Element | null {
  return document.querySelector(`[data-section="${key.replace(/["\\]/g, '\\$&')}"]`);
}

/** The element at `path` in `slot`, if there is one. */
function atPath(slot: Element, path: readonly number[]): Element | null {
  let element: Element | null = slot;
  for (const index of path) element = element?.children[index] ?? null;
  return element;
}

function replayOne(input: EarlyInput): void {
  // Hydration keeps the server's elements; a part React rendered anew has its own at the same place.
  const target = input.target.isConnected ? input.target : atPath(input.slot, input.path);
  if (!target) return;
  if (input.type === 'input') {
    const field = target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement;
    // React's state still holds what the server rendered (and a re-render since may have reset the
    // field): it is given the value the visitor typed or picked.
    if (field && input.value !== undefined) setFieldValue(target, input.value);
  } else if (input.type === 'submit') {
    if (target instanceof HTMLFormElement) target.requestSubmit();
  } else {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, detail: 1 }));
  }
}

/**
 * Whether a part that sets up the page (`data-hydrate="first"`) has not run yet. Such a part sets
 * what the others act in (the shop scope of a merchant or promo page: entering a shop for the first
 * time empties its cart), so no input is replayed before it: an Add to cart replayed first would be
 * emptied right after.
 */
function setupPending(): boolean {
  return document.querySelector(`[${HYDRATE_ATTR}="${'first' satisfies HydrateKind}"]:not([${LIVE_ATTR}])`) !== null;
}

/**
 * Replays the kept input in the order it came, as far as the parts it went to are live: an input
 * waits for every input before it (a plan added, then the cart opened, must not become the cart
 * opened, then the plan added). The input script holds to the same order: while anything is queued,
 * a click or a submit in a part that is already live is queued behind it too (a form's submit
 * waits for the text typed into it before; otherwise the form judged its fields empty). Nothing is
 * replayed while a part that sets up the page has not run (setupPending). The queue is the input
 * script's array, emptied in place.
 */
function flush(): void {
  const queue = window.__earlyInput;
  if (!queue) return;
  // Input for a part that is gone (the visitor went on to another page) goes nowhere; it must not
  // hold up what came after it.
  while (queue.length && !queue[0].slot.isConnected) queue.shift();
  if (!queue.length || !queue[0].slot.hasAttribute(LIVE_ATTR) || setupPending()) return;
  // The input script leaves replayed input alone (it would keep it again for a part it deems waiting).
  queue.replaying = true;
  try {
    replayOne(queue.shift() as EarlyInput);
  } finally {
    queue.replaying = false;
  }
  // One input a task: React renders what one did before the next comes, as between a visitor's taps.
  if (queue.length) setTimeout(flush, 0);
}

/** Sections that have run while a part that sets up the page had not (see markLive). */
const waitingForSetup = new Set<Element>();

/** Whether flush runs on each input the input script keeps (see markLive). */
let flushOnKeep = false;

/**
 * Marks a part of the page live and replays the input kept for it (flush). Called once the part's
 * handlers are attached (a layout effect of its hydrated tree), or when it failed and never will be
 * (its input then goes nowhere, and what came after it is not held up). The replay waits a task, so
 * that it runs outside React's commit.
 */
export function markLive(slot: Element | null): void {
  if (!flushOnKeep) {
    // While input waits, the input script queues a click in a live part behind it. When what holds
    // the queue up is gone (see flush), no part going live would run the queue again: each input
    // kept does.
    flushOnKeep = true;
    document.addEventListener(EARLY_INPUT_EVENT, () => setTimeout(flush, 0));
  }
  if (slot?.id === ROOT_ID) firstPassDone = true;
  if (!slot || slot.hasAttribute(LIVE_ATTR)) return;
  // A section that runs before the parts that set up the page stays "not live" for input until they
  // have run: a tap on its Add to cart is kept and replayed after the shop's scope has emptied a
  // stale cart, not handled at once and then emptied with it.
  if (slot.id !== ROOT_ID && slot.getAttribute(HYDRATE_ATTR) !== ('first' satisfies HydrateKind) && setupPending()) {
    waitingForSetup.add(slot);
    return;
  }
  slot.setAttribute(LIVE_ATTR, '');
  setTimeout(() => {
    catchUp(slot);
    flush();
  }, 0);
  if (waitingForSetup.size && !setupPending()) {
    const waiting = [...waitingForSetup];
    waitingForSetup.clear();
    waiting.filter((part) => part.isConnected).forEach(markLive);
  }
}

/**
 * What the visitor's pointer and focus already did in a part before it ran, given to its handlers:
 * the control under the mouse gets a `pointerover` (React's onPointerEnter: the call menu opens on
 * hover) and the focused one a `focusin` (React's onFocus: a Tab onto the call menu's button opens
 * it). Those events have long passed and are not input the input script keeps.
 */
function catchUp(slot: Element): void {
  const hovered = Array.from(slot.querySelectorAll(':hover')).pop();
  if (hovered && typeof PointerEvent === 'function') {
    hovered.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse', isPrimary: true }));
  }
  const active = document.activeElement;
  if (active && active !== document.body && slot.contains(active)) active.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
}

/** Never settles: a part that never hydrates keeps the server's HTML (React leaves its boundary as it is). */
export const NEVER: Promise<never> = new Promise<never>(() => {});

const wanted = new Map<string, Promise<void>>();
/** Resolves a section's whenWanted promise at once (see wantNow). */
const resolvers = new Map<string, () => void>();

/** Whether the first hydration pass of the page has committed (the shell is live). */
let firstPassDone = false;

/**
 * Whether a part that has not hydrated must hydrate now rather than wait. React renders such a part
 * in three cases:
 * - its own deferred pass: the first pass leaves every Suspense boundary of the server's HTML for a
 *   later pass of its own, at idle priority. Nothing changed; the part may wait (for the visitor, or
 *   forever if it never hydrates).
 * - an update reached it once the shell is live: a context it is under changed (the router's
 *   location on a navigation), or the visitor clicked in it. Waiting would hold the update up (a
 *   navigation would never finish if it waited for a part that never hydrates): it hydrates now.
 * - a retry once what it waited for is in: it is not waiting any more.
 * Only the first is React's deferred pass (react-internals.ts).
 */
export function hydrationAsked(): boolean {
  return firstPassDone && !inDeferredHydrationPass();
}

/** The section with `key` is wanted now (see whenWanted). */
export function wantNow(key: string): void {
  resolvers.get(key)?.();
}

/**
 * Resolves when the section with `key` should come alive: touched (pointer down, focus, or an input
 * the input script kept for it), within 200 px of the viewport, or when the browser is idle after the
 * page loaded, whichever is first.
 */
export function whenWanted(key: string): Promise<void> {
  const known = wanted.get(key);
  if (known) return known;
  const promise = new Promise<void>((resolve) => {
    resolvers.set(key, resolve);
    const slot = slotOf(key);
    if (!slot) return resolve();
    const cleanups: (() => void)[] = [];
    const go = () => {
      cleanups.forEach((cleanup) => cleanup());
      resolve();
    };
    const onTouch = () => go();
    for (const type of ['pointerdown', 'focusin']) {
      slot.addEventListener(type, onTouch, { capture: true, passive: true });
      cleanups.push(() => slot.removeEventListener(type, onTouch, { capture: true }));
    }
    // Input kept for the section, or for a part of it (lib/Part.tsx), which runs only inside it.
    const onEarly = (event: Event) => {
      if (slot.contains((event as CustomEvent<Element>).detail)) go();
    };
    document.addEventListener(EARLY_INPUT_EVENT, onEarly);
    cleanups.push(() => document.removeEventListener(EARLY_INPUT_EVENT, onEarly));
    if (window.__earlyInput?.some((input) => slot.contains(input.slot))) return go();
    // A section that shows nothing (it sets the shop's scope) has nothing to wait for.
    if (slot.children.length === 0) return go();

    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && go(), {
      rootMargin: '200px 0px',
    });
    // The slot has no box of its own (display: contents): its children are what shows.
    for (const child of Array.from(slot.children)) observer.observe(child);
    cleanups.push(() => observer.disconnect());

    const idle = () => {
      // Safari has no requestIdleCallback: a timer after the load event stands in.
      if (typeof requestIdleCallback !== 'function') return void setTimeout(go, 200);
      const handle = requestIdleCallback(go, { timeout: 3_000 });
      cleanups.push(() => cancelIdleCallback(handle));
    };
    if (document.readyState === 'complete') idle();
    else {
      window.addEventListener('load', idle, { once: true });
      cleanups.push(() => window.removeEventListener('load', idle));
    }
  });
  wanted.set(key, promise);
  return promise;
}
