import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Which API a server render asks. The SSR bundle keeps the fetch it was last given in a module
 * variable, and the site's renders and the previews' run in the same process, interleaved at every
 * await. So both give it the same fetch, scopedFetch: inside withApi (a preview's render, and
 * everything it awaits) it asks the preview's API; anywhere else the live one. A live page can
 * never be rendered from a draft, whatever runs beside it.
 */

export type ApiFetch = (input: string, init?: RequestInit) => Promise<Response>;

const scope = new AsyncLocalStorage<ApiFetch>();

/** The renderer's fetch: the API of the withApi around the call, or `live`. */
export function scopedFetch(live: ApiFetch): ApiFetch {
  return (input, init) => (scope.getStore() ?? live)(input, init);
}

/** Runs `work` (a render) with its API requests going to `api`. */
export function withApi<T>(api: ApiFetch, work: () => Promise<T>): Promise<T> {
  return scope.run(api, work);
}
