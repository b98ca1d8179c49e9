/**
 * Fetching a page's code ahead, for a likely next step (the cart's Checkout once the cart holds a
 * plan): the app's router says how to load the code of a path (setRouteCodeLoader), and a block asks
 * for it (preloadRouteCode) without knowing the route table.
 */
let loader: ((path: string) => Promise<void>) | null = null;

/** Set by the app once its route table is built. */
export function setRouteCodeLoader(load: (path: string) => Promise<void>): void {
  loader = load;
}

/** Starts loading the code of the page at `path` (its sections and blocks). A failure is left to the navigation, which loads it again. */
export function preloadRouteCode(path: string): void {
  void loader?.(path).catch(() => undefined);
}
