import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * The tests act as visitors do: a control is clicked as soon as it shows, never after waiting for
 * the page's scripts (a server-rendered page keeps input that comes before its code runs and replays
 * it: src/engine/hydration.ts). The page fixture is Playwright's own.
 */
export const test = base;
