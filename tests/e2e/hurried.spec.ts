import { test } from './fixtures';
import { HURRIED_CASES, hurriedVisit, LostTap, throttle } from './hurried-controls';

/**
 * A hurried visitor taps a control as soon as the server-rendered page shows it, long before the app
 * has hydrated (tests/e2e/hurried-controls.ts): the tap takes effect within 15 s, on a phone's CPU and
 * network (4x CPU slowdown, slow 4G) and unthrottled. The page fixture does not wait for hydration
 * after a `goto` that waits for the response only, which is how these visits open their page.
 *
 * Each test records its dead window (control visible to effect visible) as an annotation and on the
 * console; `npm run bench` holds the dead windows to their budgets.
 */
const EFFECT_TIMEOUT = 15_000;

test.describe('a tap before hydration is not lost', () => {
  test.slow();

  for (const c of HURRIED_CASES) {
    for (const throttled of [true, false]) {
      const conditions = throttled ? '4x CPU, slow 4G' : 'unthrottled';
      test(`${c.name} (${conditions})`, async ({ page }) => {
        if (throttled) await throttle(page);
        let deadWindow: number;
        try {
          deadWindow = await hurriedVisit(page, c, { timeout: EFFECT_TIMEOUT });
        } catch (error) {
          if (error instanceof LostTap) test.info().annotations.push({ type: 'dead window', description: `lost (${conditions})` });
          throw error;
        }
        const description = `${Math.round(deadWindow)} ms (${conditions})`;
        test.info().annotations.push({ type: 'dead window', description });
        console.log(`dead window of '${c.name}': ${description}`);
      });
    }
  }
});
