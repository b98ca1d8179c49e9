import { describe, expect, it } from 'vitest';
import { ThreadGate } from '../../server/content/gate-worker';
import { ROOT_DIR } from '../../server/root';

describe('the project gate in its worker thread', () => {
  it('checks the project while the server thread keeps answering, and fails a check under way when closed', async () => {
    const gate = new ThreadGate(ROOT_DIR);
    try {
      // The first check copies the project and validates it: seconds of work, in the gate's thread.
      let longestGap = 0;
      let last = performance.now();
      const ticker = setInterval(() => {
        const now = performance.now();
        longestGap = Math.max(longestGap, now - last);
        last = now;
      }, 10);
      const problems = await gate.check({});
      clearInterval(ticker);
      expect(problems).toEqual([]);
      // In this thread the same check would hold the event loop for its whole length (seconds).
      expect(longestGap).toBeLessThan(1500);

      const broken = await gate.check({ 'content/faqs.json': '{ "items": [' });
      expect(broken.some((problem) => problem.file === 'content/faqs.json')).toBe(true);

      const underWay = gate.check({});
      gate.dispose();
      await expect(underWay).rejects.toThrow(/closed/);
    } finally {
      gate.dispose();
    }
  }, 60_000);
});
