/**
 * The names the page's inline scripts (input.ts, boot.ts) and the app's hydration code
 * (src/engine/hydration.ts) agree on: the attributes of a part's slot element, the event and the
 * globals by which they hand input and loading over to each other.
 */

/** The element of the app (#root); a click in the shell waits for it to be live. */
export const ROOT_ID = 'root';

/**
 * On a part's slot element (a section's `display: contents` element, or a part of a block whose
 * code comes later): how it comes alive (HydrateKind).
 */
export const HYDRATE_ATTR = 'data-hydrate';

/** Set on a part's slot (and on #root) once its handlers are attached: its input goes to it at once. */
export const LIVE_ATTR = 'data-live';

/** Sent on document, with the part's slot as detail, when the input script keeps an input. */
export const EARLY_INPUT_EVENT = 'early-input';

/** The `<script type="application/json">` that lists the page's scripts (BootData). */
export const BOOT_DATA_ID = 'boot';

/** On a form's fieldset that arrives disabled and is enabled by the boot script. */
export const UNTIL_SCRIPT_ATTR = 'data-until-script';

/**
 * How a part comes alive: never (its HTML is final), or once touched, in view, or at idle
 * ('visible'); 'first' is a 'visible' one that sets up the page, and no input is replayed before it ran.
 */
export type HydrateKind = 'never' | 'visible' | 'first';

/** The page's scripts, as the server lists them in #boot. */
export interface BootData {
  /** The app's entry, run by the boot script. */
  entry: string;
  /** The entry, its chunks and the page's own, in the order they are fetched after the first paint. */
  preload?: string[];
}

/** A visitor's input the input script kept for a part of the page that had not hydrated yet. */
export interface EarlyInput {
  type: 'click' | 'submit' | 'input';
  /** The element the input went to (the form for a submit). */
  target: Element;
  /** The part it waits for: a section's slot, or #root for the shell. */
  slot: Element;
  /** Where the target sits in the slot (child indexes): the same place after a re-render replaced the element. */
  path: number[];
  /** An input's value as it was then (a re-render after hydration may have reset the field since). */
  value?: string;
}

/** The input script's queue; `replaying` while the app replays it (the input script then keeps nothing). */
export type EarlyInputQueue = EarlyInput[] & { replaying?: boolean };

declare global {
  interface Window {
    /** The input script's queue of kept input, emptied in place by the app's replay. */
    __earlyInput?: EarlyInputQueue;
    /** The input script's start of the fetch of the page's scripts (at most once); the boot script calls it. */
    __fetchAhead?: () => void;
  }
}
