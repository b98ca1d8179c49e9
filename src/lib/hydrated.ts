import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False on the server and while the browser hydrates the server's HTML (the part being hydrated),
 * true in a render of the browser's own: what the server rendered and what hydration renders agree.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
