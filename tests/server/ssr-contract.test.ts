import { expect, it } from 'vitest';
import type { SsrEntry } from '../../server/ssr-entry';
import type * as EntryServer from '../../src/app/entry-server';

/**
 * server/render.ts loads the built server bundle (src/app/entry-server.tsx) at run time, never its
 * source: the type-check of this file is what keeps the two in step (`tsc` fails when an export the
 * server calls is missing or its signature drifts).
 */
type Agrees = typeof EntryServer extends SsrEntry ? true : false;
const agrees: Agrees = true;

it("the server bundle's exports are what server/render.ts calls", () => {
  expect(agrees).toBe(true);
});
