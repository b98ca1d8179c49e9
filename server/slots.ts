/**
 * The one semaphore of the server: `slots` jobs at once, then a queue of at most `queue` waiting, first
 * come first served, each at most `maxWaitMs` (no limit by default). Used by the page renders
 * (server/render-budget.ts: RENDER_CONCURRENCY, a short queue, then 503) and the encoding of image
 * variants (server/images/serve.ts: two at once, the rest wait their turn). Nothing else in the
 * project counts jobs running against a limit: tests/validate/written-once.test.ts keeps it so.
 */

/** Gives the slot back (once; later calls do nothing). */
export type ReleaseSlot = () => void;

export interface Slots {
  /** A slot at once, or after a wait in the queue; null when the queue is full or the wait ran out. */
  enter: () => Promise<ReleaseSlot | null>;
  /** A slot only if one is free now, else null (for work that should never wait). */
  tryEnter: () => ReleaseSlot | null;
  /** Runs `job` in a slot, given back when it settles; throws when no slot comes (queue full, wait over). */
  run: <T>(job: () => Promise<T>) => Promise<T>;
  /** Jobs running and waiting. */
  load: () => { running: number; waiting: number };
}

/** `slots` jobs at once, with a queue of `queue` waiting at most `maxWaitMs` each (see above). */
export function createSlots(slots: number, { queue = Infinity, maxWaitMs = Infinity } = {}): Slots {
  let running = 0;
  /** Waiting jobs, first come first served; each is handed the slot it waits for. */
  const waiting: Array<(release: ReleaseSlot) => void> = [];

  const slot = (): ReleaseSlot => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      // The slot passes straight to the first waiting job: `running` stays the same.
      if (next) next(slot());
      else running--;
    };
  };

  const tryEnter = (): ReleaseSlot | null => {
    if (running >= slots) return null;
    running++;
    return slot();
  };

  const enter = (): Promise<ReleaseSlot | null> => {
    const free = tryEnter();
    if (free) return Promise.resolve(free);
    if (waiting.length >= queue) return Promise.resolve(null);
    return new Promise((resolve) => {
      const take = (release: ReleaseSlot) => {
        clearTimeout(timer);
        resolve(release);
      };
      const timer = Number.isFinite(maxWaitMs)
        ? setTimeout(() => {
            waiting.splice(waiting.indexOf(take), 1);
            resolve(null);
          }, maxWaitMs)
        : undefined;
      waiting.push(take);
    });
  };

  return {
    tryEnter,
    enter,
    async run(job) {
      const release = await enter();
      if (!release) throw new Error('no slot: the queue is full or the wait ran out');
      try {
        return await job();
      } finally {
        release();
      }
    },
    load: () => ({ running, waiting: waiting.length }),
  };
}
