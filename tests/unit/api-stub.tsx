import type { ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { vi } from 'vitest';

/**
 * The network is the boundary of the engine tests: fetch answers with canned bodies keyed by the
 * API path (without `/api/v1/` and the query), 404 for any other path; every call is recorded.
 */
export function stubApi(bodies: Record<string, { status?: number; body: unknown }>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const path = new URL(String(input), 'http://test').pathname.replace('/api/v1/', '');
    const reply = bodies[path] ?? { status: 404, body: { message: 'Not found' } };
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A fresh SWR cache per render, no deduping and no retries, so each test sees its own answers. */
export function FreshSwr({ children }: { children: ReactNode }) {
  return <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0, shouldRetryOnError: false }}>{children}</SWRConfig>;
}
