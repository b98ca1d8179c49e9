import { describe, expect, it } from 'vitest';
import { planPriced, PLANS_FILE, usePreviewSite } from './preview-helpers';

/**
 * How soon a saved draft shows: from the draft's row written to the preview's HTML of the shop page,
 * warm (the account's preview API started). Measured 20 times; the median is printed and must stay
 * well under a second (its target, 100 ms, is checked on a quiet machine: docs/studio.md, Preview).
 */

const ROUNDS = 20;

function medianOf(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[ROUNDS / 2 - 1] + sorted[ROUNDS / 2]) / 2;
}

describe('content preview speed', () => {
  const preview = usePreviewSite();

  it('shows a saved draft on the shop page quickly', async () => {
    const editor = await preview.account('speed@preview.example', ['editor']);
    const url = `/__preview/${preview.token(editor)}/shop`;
    await preview.saveDraft(editor, { [PLANS_FILE]: planPriced(1000) });
    expect((await preview.html(url)).body).toContain('₱1,000.00');
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await preview.saveDraft(editor, { [PLANS_FILE]: planPriced(1000 + round) });
      const started = performance.now();
      const page = await preview.html(url);
      times.push(performance.now() - started);
      expect(page.body).toContain(`₱1,0${String(round).padStart(2, '0')}.00`);
    }
    // The same page rendered for the public site (its HTML cache emptied first): what the renderer alone takes.
    const rendered: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await preview.pages().invalidate();
      const started = performance.now();
      await preview.html('/shop');
      rendered.push(performance.now() - started);
    }
    const median = medianOf(times);
    console.log(
      `preview: draft saved -> shop page HTML, median of ${ROUNDS}: ${median.toFixed(1)} ms ` +
        `(min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}); ` +
        `the public shop page rendered uncached: median ${medianOf(rendered).toFixed(1)} ms`,
    );
    expect(median).toBeLessThan(1000);
  });
});
