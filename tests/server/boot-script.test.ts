import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, INPUT_SCRIPT } from '../../server/boot-script';

/**
 * server/boot-script.ts run in a DOM: the input script fetches the page's own chunks after the first
 * paint (module preloads, a few per task, so that starting many fetches is not one long task on a
 * phone); after the first frame, the boot script runs the entry, a module script, and enables the
 * forms at once.
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

  it('fetches the listed chunks after the first paint, in order, at most four a task', async () => {
    const preload = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const boot = JSON.stringify({ entry: '/assets/index-1.js', preload });
    const { window } = new JSDOM(
      `<!doctype html><html><head><script type="application/json" id="boot">${boot}</script></head><body></body></html>`,
      {
        runScripts: 'outside-only',
        pretendToBeVisual: true,
      },
    );
    const added: string[][] = [];
    let task: string[] = [];
    new window.MutationObserver((records) => {
      for (const record of records) for (const node of record.addedNodes) task.push((node as Element).getAttribute('href') ?? '');
    }).observe(window.document.head, { childList: true });
    window.eval(INPUT_SCRIPT);
    expect(window.document.head.querySelectorAll('link')).toHaveLength(0);

    const deadline = Date.now() + 2000;
    while (window.document.head.querySelectorAll('link').length < preload.length && Date.now() < deadline) {
      await new Promise((resolve) => window.setTimeout(resolve, 0));
      await Promise.resolve();
      if (task.length) added.push(task);
      task = [];
    }
    const links = [...window.document.head.querySelectorAll('link')];
    expect(links.map((link) => link.getAttribute('href'))).toEqual(preload);
    expect(links.every((link) => link.rel === 'modulepreload' && link.crossOrigin === '')).toBe(true);
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const batch of added) expect(batch.length).toBeLessThanOrEqual(4);
    window.close();
  });

  it('fetches the first listed chunks before it adds the entry, without waiting for the paint to be reported', () => {
    // A busy phone reports the first paint late (after the entry has run): the page's chunks would wait for it.
    const preload = Array.from({ length: 6 }, (_, i) => `/assets/chunk-${i}.js`);
    const boot = JSON.stringify({ entry: '/assets/index-1.js', preload });
    const { window } = new JSDOM(
      `<!doctype html><html><head><script type="application/json" id="boot">${boot}</script></head><body></body></html>`,
      { runScripts: 'outside-only', pretendToBeVisual: true },
    );
    window.eval(INPUT_SCRIPT);
    // Input kept before the boot script ran: it starts the entry at once.
    (window as unknown as { __earlyInput: unknown[] }).__earlyInput.push({ type: 'click' });
    window.eval(BOOT_SCRIPT);
    const added = [...window.document.head.querySelectorAll('link, script[src]')].map(
      (element) => element.getAttribute('href') ?? element.getAttribute('src'),
    );
    expect(added).toEqual([...preload.slice(0, 4), '/assets/index-1.js']);
    window.close();
  });
});
