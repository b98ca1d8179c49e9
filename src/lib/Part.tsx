import { Suspense, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';

/** What marks a part live: the engine's markLive (engine/hydration.ts), set by the app (setPartLive). */
let markPartLive: (part: Element | null) => void = () => {};

/** Set by the app: the engine marks a part live and replays the input kept for it. */
export function setPartLive(mark: (part: Element | null) => void): void {
  markPartLive = mark;
}

/**
 * A part of a block whose code is a chunk of its own (a `*.part.tsx` module, loaded with React's
 * `lazy`), so that the rest of the block runs without waiting for it: a key assignment's Add
 * Dependent works before the cards' forms (Fluent UI, rjsf) have run.
 *
 * - Hydrating, the part keeps the server's HTML until its code is in (its own Suspense boundary),
 *   while the block around it is live. An update that reaches a boundary not hydrated yet would make
 *   React drop its HTML for the fallback: the component that renders a Part must be memoised, on
 *   props that stay the same while nothing of the part changed.
 * - Its element is a slot of its own for the boot script (`data-hydrate`, a `display: contents`
 *   element): input in the part before it runs is kept and replayed once it is live, as for a
 *   section (engine/hydration.ts, which the app hands in: setPartLive).
 * - Rendered in the browser, it shows `fallback` until its code is in.
 *
 * The server lists a block's parts among the page's own chunks (server/page-frame.ts).
 */
export function Part({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const slot = useRef<HTMLDivElement>(null);
  return (
    <div ref={slot} className="section-part" data-hydrate="visible">
      <Suspense fallback={fallback}>
        {children}
        <PartLive slot={slot} />
      </Suspense>
    </div>
  );
}

/**
 * Marks the part live once its content has committed (hydrated, or rendered): its handlers are
 * attached. A part rendered with its element (a card added) runs this before React has set the
 * element's ref (children first): the mark then waits for the end of the commit.
 */
function PartLive({ slot }: { slot: RefObject<HTMLDivElement | null> }): ReactNode {
  useLayoutEffect(() => {
    if (slot.current) markPartLive(slot.current);
    else queueMicrotask(() => markPartLive(slot.current));
  }, [slot]);
  return null;
}
