import { isIPv6 } from 'node:net';

/**
 * Per-client budget of page renders (HTML cache misses). A rendered page costs the server tens of
 * milliseconds of CPU (`npm run bench:server`: ~50 pages a second rendered anew against thousands from
 * the cache), and routes with params take any value (`/media/article/1/<anything>`), so one client
 * asking for ever new pages could keep the server busy for everyone. Each client may have
 * `perMinute` renders, refilled continuously (a token bucket whose burst is `perMinute`); pages served
 * from the cache are never counted. A person's first visit renders one page (later pages are
 * navigations inside the app), so only a scraper or an attack meets the limit.
 */

/** Default of PAGE_RENDER_LIMIT: page renders per minute per client. */
export const DEFAULT_PAGE_RENDER_LIMIT = 300;

/** The answer over the budget (plain text: a person browsing never sees it). */
export const TOO_MANY_RENDERS = 'Too many requests. Please wait a moment and try again.';

/** Clients remembered at most (the least recently seen goes first: it comes back with a full budget). */
const MAX_CLIENTS = 10_000;

/**
 * The client a budget belongs to: an IPv4 address (also written IPv4-mapped, `::ffff:a.b.c.d`), or the
 * /64 network of an IPv6 address, which one subscriber usually holds whole (counting its 2^64
 * addresses apart would give one client endless budgets).
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  // '::' stands for as many zero groups as make eight.
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface RenderBudget {
  /** Takes one render for the client at `ip`: 0 when it may render, else the seconds until it may. */
  take: (ip: string, now?: number) => number;
}

/** A budget of `perMinute` renders per client and minute. */
export function createRenderBudget(perMinute: number): RenderBudget {
  const perMs = perMinute / 60_000;
  const buckets = new Map<string, { tokens: number; at: number }>();
  return {
    take(ip, now = Date.now()) {
      const key = clientKey(ip);
      const bucket = buckets.get(key) ?? { tokens: perMinute, at: now };
      bucket.tokens = Math.min(perMinute, bucket.tokens + Math.max(0, now - bucket.at) * perMs);
      bucket.at = now;
      // Kept in order of last use, so the first entry is the one to forget.
      buckets.delete(key);
      buckets.set(key, bucket);
      if (buckets.size > MAX_CLIENTS) buckets.delete(buckets.keys().next().value as string);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return 0;
      }
      return Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000));
    },
  };
}
