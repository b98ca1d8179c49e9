/**
 * The input script: an inline script first in the head of a server-rendered page that runs anything
 * (built into a string by `npm run generate`, scripts/lib/generate/boot-scripts.ts, and allowed by
 * its hash in the Content-Security-Policy).
 *
 * It keeps the visitor's input until the part of the page it goes to runs. It is in the head, so it
 * listens before the first byte of the body has painted: a long page arrives in chunks and shows its
 * first ones while the rest is on its way. The page is usable as HTML from its first paint, but a
 * button's handler exists only once its section has hydrated (src/engine/hydration.ts, which replays
 * what is kept here). A click (a tap, or Enter or Space on a button) or a form's submit in a section
 * that has not hydrated yet is stopped and queued on `window.__earlyInput`, with the section's slot
 * and the element's place in it; so is a field's input, with the field's value, which is not stopped
 * (the text stays in the field, and React is handed it on hydration). A queued input also tells the
 * page (EARLY_INPUT_EVENT on document) to hydrate that section first, and the boot script to load the
 * scripts at once. Links and the buttons that open a popover (`popovertarget`) are left to the
 * browser, never stopped, queued nor replayed: they work as HTML (the link is followed, the popover
 * opens at once). Sections whose HTML is final (`data-hydrate="never"`) are not touched, nor is the
 * input the page replays. Parts already live (LIVE_ATTR, #root for the shell) get their input at
 * once, except that nothing overtakes input still queued: while the queue holds anything, a click or
 * a submit in a live part is queued behind it (a form's submit after the text typed into it), and a
 * field's input, left to the live part, brings the value queued for that field up to date (the
 * replay never hands over older text than the visitor has typed since).
 *
 * It also fetches the page's scripts (the entry, the first-load chunk with React DOM, the router and
 * the engine, then the page's own: its sections, the blocks that run and their forms, listed in that
 * order in #boot before it in the head) once the first contentful paint is reported, or when the boot
 * script runs the entry, or when it keeps an input, whichever comes first (a busy phone reports the
 * paint only after the entry has run, a second later), four per task: starting a fetch costs
 * main-thread time, and ~25 in one task made a long task on a phone's CPU. No script is requested
 * before the first paint: fetched from the head, even at low priority, the scripts took bandwidth
 * from the paint, and Lighthouse counts every request that finished before the largest paint into
 * LCP (1.8 s against an FCP of 0.9 s).
 */
import {
  BOOT_DATA_ID,
  EARLY_INPUT_EVENT,
  HYDRATE_ATTR,
  LIVE_ATTR,
  ROOT_ID,
  type BootData,
  type EarlyInput,
  type EarlyInputQueue,
  type HydrateKind,
} from './names';

const d = document;
const queue: EarlyInputQueue = [];
window.__earlyInput = queue;

/** The value of a field (undefined for an element that has none). */
const valueOf = (target: EventTarget) => (target as HTMLInputElement).value as string | undefined;

/** The part an input to `target` must wait for, or null when it goes to the page at once. */
function waiting(target: Element, type: EarlyInput['type']): Element | null {
  const root = d.getElementById(ROOT_ID);
  if (!root || !root.contains(target)) return null;
  const slot = target.closest(`[${HYDRATE_ATTR}]`) || root;
  if (slot.getAttribute(HYDRATE_ATTR) === ('never' satisfies HydrateKind)) return null;
  if (!slot.hasAttribute(LIVE_ATTR)) return slot;
  return queue.length && type !== 'input' ? slot : null;
}

function keep(type: EarlyInput['type'], event: Event, stop: boolean): void {
  if (queue.replaying) return;
  const target = event.target;
  if (type === 'input') {
    for (const input of queue) if (input.target === target && input.type === 'input') input.value = valueOf(input.target);
  }
  if (!(target instanceof Element)) return;
  const slot = waiting(target, type);
  if (!slot || (type === 'click' && target.closest('a[href], [popovertarget]'))) return;
  if (stop) {
    event.preventDefault();
    event.stopImmediatePropagation();
  }
  const path: number[] = [];
  for (let node = target, parent = node.parentElement; node !== slot && parent; node = parent, parent = node.parentElement) {
    path.unshift([...parent.children].indexOf(node));
  }
  queue.push({ type, target, slot, path, value: type === 'input' ? valueOf(target) : undefined });
  d.dispatchEvent(new CustomEvent(EARLY_INPUT_EVENT, { detail: slot }));
}

let fetched = false;

/** Fetches the scripts #boot lists (module preloads, four per task), once. */
function fetchAhead(): void {
  const data = d.getElementById(BOOT_DATA_ID);
  if (fetched || !data) return;
  fetched = true;
  const list = [...((JSON.parse(data.textContent!) as BootData).preload ?? [])];
  const next = () => {
    for (const href of list.splice(0, 4)) {
      const link = d.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      d.head.appendChild(link);
    }
    if (list.length) setTimeout(next, 0);
  };
  next();
}

d.addEventListener(EARLY_INPUT_EVENT, fetchAhead);
window.__fetchAhead = fetchAhead;
try {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      setTimeout(fetchAhead, 0);
    }
  }).observe({ type: 'paint', buffered: true });
} catch {
  // No paint timing (an older browser): the first frame stands in for the first paint.
  requestAnimationFrame(() => setTimeout(fetchAhead, 0));
}
d.addEventListener('click', (event) => keep('click', event, true), true);
d.addEventListener('submit', (event) => keep('submit', event, true), true);
d.addEventListener('input', (event) => keep('input', event, false), true);
d.addEventListener('change', (event) => keep('input', event, false), true);
