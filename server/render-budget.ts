import ipaddr from 'ipaddr.js';
import { secondsBeforeNext, sharedLimiter, type SharedState } from './shared-state';
import { createSlots, type Slots } from './slots';

/**
 * Per-client budget of page renders (HTML cache misses). A rendered page costs the server tens of
 * milliseconds of CPU (`npm run bench:server`: ~50 pages a second rendered anew against thousands from
 * the cache), and routes with params take any value (`/media/article/1/<anything>`), so one client
 * asking for ever new pages could keep the server busy for everyone. Each client may have
 * `perMinute` renders a minute (a fixed window from its first render); pages served from the cache
 * are never counted. A person's first visit renders one page (later pages are navigations inside the
 * app), so only a scraper or an attack meets the limit.
 */

/** Default of PAGE_RENDER_LIMIT: page renders per minute per client. */
export const DEFAULT_PAGE_RENDER_LIMIT = 300;

/** The answer over the budget (plain text: a person browsing never sees it). */
export const TOO_MANY_RENDERS = 'Too many requests. Please wait a moment and try again.';

/**
 * The client a budget or a limit belongs to: an IPv4 address (also written IPv4-mapped,
 * `::ffff:a.b.c.d`), or the /64 network of an IPv6 address, which one subscriber usually holds whole
 * (counting its 2^64 addresses apart would give one client endless budgets). Anything else as it is.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const address = ipaddr.process(ip);
  if (address.kind() === 'ipv4') return address.toString();
  return `${address.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

export interface RenderBudget {
  /** Takes one render for the client at `ip`: 0 when it may render, else the seconds until it may. */
  take: (ip: string) => Promise<number>;
}

/**
 * A budget of `perMinute` renders per client and minute, counted in Redis when the server has it
 * (shared-state.ts: a client spreading its requests over several instances has one budget, not one
 * per instance), in this process without Redis or while it fails.
 */
export function sharedRenderBudget(shared: SharedState, perMinute: number): RenderBudget {
  const limiter = sharedLimiter(shared, { keyPrefix: 'render-budget', points: perMinute, duration: 60 });
  return {
    take: (ip) => limiter.consume(clientKey(ip)).then(() => 0, secondsBeforeNext),
  };
}

/**
 * Server-wide cap on page renders at once. The per-client budget above does not bound the server's
 * load: a few clients within their budgets can keep the server rendering. At most `slots` pages render
 * at a time (foreground renders of cache misses and background re-renders alike); up to `queue` more
 * wait, each at most `maxWaitMs`, for a slot; beyond that the answer is 503 with Retry-After. Pages
 * served from the cache (stale copies included) never enter the gate.
 *
 * Rendering is JavaScript on the one thread that also answers every other request, and a render with
 * its data in process runs without a pause: the renders started on one turn of the event loop all run
 * before the next request is read. The slots bound that stall, and so the wait of a cached page or an
 * API call while renders are saturated: it grows with the slots, while more than two add no renders a
 * second as long as a render waits on no network (content from this server, in process). Pages built
 * for an external API (VITE_API_BASE_URL) wait on it, and may want more slots.
 */

/** Default of RENDER_CONCURRENCY: pages rendered at once on the whole server. */
export const DEFAULT_RENDER_CONCURRENCY = 2;
/** Renders that may wait for a slot, per slot: ten requests at once (two slots) all wait and render. */
export const QUEUE_PER_SLOT = 4;
/** The longest a render waits for a slot (ms) before its answer is 503. */
const MAX_RENDER_WAIT_MS = 3_000;
/** Retry-After of the 503 (seconds). */
export const BUSY_RETRY_AFTER_SECONDS = 5;

/** The answer when every slot and queue place is taken (plain text, as for the budget). */
export const SERVER_BUSY = 'The server is busy. Please try again in a moment.';

export type { ReleaseSlot } from './slots';

/** The render slots (server/slots.ts): `enter` waits in the queue, `tryEnter` (background renders) never waits. */
export type RenderGate = Slots;

/** A gate of `slots` renders at once, with a queue of `queue` (default four per slot) waiting at most `maxWaitMs`. */
export function createRenderGate(slots: number, { queue = QUEUE_PER_SLOT * slots, maxWaitMs = MAX_RENDER_WAIT_MS } = {}): RenderGate {
  return createSlots(slots, { queue, maxWaitMs });
}
