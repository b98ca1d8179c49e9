import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../server/boot-script';

/**
 * server/boot-script.ts run in a DOM: the page's scripts are fetched from its head (module
 * preloads); after the first frame, the boot script runs the entry, a module script, and enables
 * the forms at once.
 */
describe('the boot script', () => {
  function page(): JSDOM {
    const boot = JSON.stringify({ entry: '/assets/index-1.js' });
    return new JSDOM(
      '<!doctype html><html><head><link rel="modulepreload" href="/assets/index-1.js" crossorigin></head><body>' +
        '<form><fieldset data-until-script disabled><input name="x"></fieldset></form>' +
        `<script type="application/json" id="boot">${boot}</script></body></html>`,
      { runScripts: 'outside-only', pretendToBeVisual: true },
    );
  }

  it('enables the forms at once and adds the entry as a module script after the first frame', async () => {
    const { window } = page();
    window.eval(BOOT_SCRIPT);
    expect(window.document.querySelector('fieldset')?.disabled).toBe(false);
    expect(window.document.querySelectorAll('script[type="module"]')).toHaveLength(0);

    const deadline = Date.now() + 2000;
    while (!window.document.querySelector('script[type="module"]') && Date.now() < deadline) {
      await new Promise((resolve) => window.setTimeout(resolve, 10));
    }
    const entries = [...window.document.head.querySelectorAll('script[type="module"]')] as HTMLScriptElement[];
    expect(entries.map((script) => script.getAttribute('src'))).toEqual(['/assets/index-1.js']);
    expect(entries[0].crossOrigin).toBe('');
    window.close();
  });

  it('adds the entry at once when the visitor gave input before the first frame', () => {
    const { window } = page();
    (window as unknown as { __earlyInput: unknown[] }).__earlyInput = [{ type: 'click' }];
    window.eval(BOOT_SCRIPT);
    expect(window.document.querySelectorAll('script[type="module"]')).toHaveLength(1);
    window.close();
  });
});
