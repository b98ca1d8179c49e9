import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { Response } from 'light-my-request';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  POST_TARGET_NAMES,
  refusalProblem,
  REMOVE,
  sendFromNewClient,
  useHostileServer,
  valuePaths,
  withValueAt,
  type PostTarget,
  type StoredCount,
} from './hostile';

/**
 * A property-based round over every POST route: arbitrary JSON values, arbitrary objects, and
 * mutations of a valid value (a member dropped, a value replaced by any JSON, a member added).
 * Whatever comes in: never a 5xx; a refusal is a 4xx with a JSON { message } and writes nothing;
 * a success is the route's own status and writes at most one row of what the route writes.
 * Seeded (a failure names its seed and path to replay it), 100 runs a route, bounded in time.
 */

const NOW = new Date('2026-05-20T04:00:00Z');
const SEED = 20_260_520;
const RUNS = 100;
/** The time a route's runs (and the shrinking of a failure) may take. */
const TIME_LIMIT_MS = 15_000;

const server = useHostileServer(() => NOW);
let app: FastifyInstance;
let targets: PostTarget[];
beforeAll(async () => {
  app = server.app;
  targets = await server.targets(2);
});

/** Any JSON value, its texts of any code point (control characters, bidi overrides, astral planes). */
const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: 'binary' });
const anyName = fc.string({ unit: 'binary', maxLength: 20 });

/** What a hostile client sends a route: anything, any object, or a valid value mutated. */
function hostileValues(t: PostTarget): fc.Arbitrary<unknown> {
  const paths = valuePaths(t.valid);
  const anything = [
    { arbitrary: anyJson, weight: 1 },
    { arbitrary: fc.dictionary(anyName, anyJson, { maxKeys: 8 }), weight: 1 },
  ];
  if (paths.length === 0) return fc.oneof(...anything);
  const path = fc.constantFrom(...paths);
  return fc.oneof(
    ...anything,
    { arbitrary: path.map((p) => withValueAt(t.valid, p, REMOVE)), weight: 1 },
    { arbitrary: fc.tuple(path, anyJson).map(([p, value]) => withValueAt(t.valid, p, value)), weight: 3 },
    {
      arbitrary: fc
        .tuple(path, anyJson, path, anyJson)
        .map(([p, value, q, other]) => withValueAt(withValueAt(t.valid, p, value), q, other)),
      weight: 1,
    },
    { arbitrary: fc.tuple(anyName, anyJson).map(([name, value]) => ({ ...t.valid, [name]: value })), weight: 1 },
  );
}

/** What is wrong with an answer to a hostile value ('' when nothing is). */
function answerProblem(t: PostTarget, response: Response, written: Partial<Record<StoredCount, number>>): string {
  if (response.statusCode >= 500) return `${response.statusCode} ${response.body.slice(0, 200)}`;
  if (response.statusCode < 400) {
    if (response.statusCode !== t.okStatus) return `${response.statusCode}, not ${t.okStatus}: ${response.body.slice(0, 200)}`;
    const other = Object.keys(written).filter((count) => !(t.writes as string[]).includes(count));
    if (other.length > 0) return `${response.statusCode}, wrote ${JSON.stringify(written)}`;
    const main = t.writes[0];
    if (main !== undefined && Math.abs(written[main] ?? 0) > 1) return `${response.statusCode}, wrote ${written[main]} ${main}`;
    return response.headers['content-type']?.toString().startsWith('application/json')
      ? ''
      : `${response.statusCode} content-type ${response.headers['content-type']}`;
  }
  return refusalProblem(response, written, { page: t.route.startsWith('/sandbox-pay/'), recorded: t.recorded });
}

const parameters = { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: TIME_LIMIT_MS, markInterruptAsFailure: true };

describe('arbitrary values on every POST route', () => {
  // SERVER BUG: payments/notifications fails: a verified notification refused for what it says
  // (amount or currency not the order's: 422 mismatch; unknown order: 404; expired: 409) answers
  // { received, outcome } without a message.
  it.each(POST_TARGET_NAMES)(
    '%s: never a 5xx; refusals are 4xx { message } and write nothing; a success writes one row at most',
    async (name) => {
      const t = targets.find((candidate) => candidate.name === name);
      expect(t, name).toBeDefined();
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(hostileValues(t!), async (value) => {
          runs++;
          const { response, written } = await sendFromNewClient(app, await t!.request(value));
          expect(answerProblem(t!, response, written)).toBe('');
        }),
        parameters,
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
    },
    TIME_LIMIT_MS + 10_000,
  );

  it.each(['pay', 'cancel'])(
    'sandbox %s: any token and any body get a 4xx (the page for an unknown token) and change nothing',
    async (action) => {
      await fc.assert(
        fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 120 }), anyJson, async (token, body) => {
          const { response, written } = await sendFromNewClient(app, {
            method: 'POST',
            url: `/sandbox-pay/checkout/${encodeURIComponent(token)}/${action}`,
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(refusalProblem(response, written, { page: true })).toBe('');
        }),
        parameters,
      );
    },
    TIME_LIMIT_MS + 10_000,
  );
});
