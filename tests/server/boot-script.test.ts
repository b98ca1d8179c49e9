import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT } from '../../server/boot-script';

/**
 * server/boot-script.ts run in a DOM: after the first frame it adds the entry as a module script,
 * then the page's module preloads, a few per task (so that starting ~25 fetches is not one long task
 * on a phone).
 */
describe('the boot script', () => {
  it('adds the entry as a module script first, then every preload in order, at most four a task', async () => {
    const preload = Array.from({ length: 10 }, (_, i) => `/assets/chunk-${i}.js`);
    const boot = JSON.stringify({ entry: '/assets/index-1.js', preload });
    const dom = new JSDOM(
      `<!doctype html><html><head></head><body><script type="application/json" id="boot">${boot}</script></body></html>`,
      {
        runScripts: 'outside-only',
        pretendToBeVisual: true,
      },
    );
    const { window } = dom;
    const added: string[][] = [];
    let task: string[] = [];
    // Each task's additions, told apart by a timer that runs between the boot script's own timers.
    new window.MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          task.push(`${(node as Element).tagName}:${(node as Element).getAttribute('href') ?? (node as HTMLScriptElement).src}`);
    }).observe(window.document.head, { childList: true });
    window.eval(BOOT_SCRIPT);
    expect(window.document.head.children).toHaveLength(0);

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
    const entry = window.document.head.firstElementChild as HTMLScriptElement;
    expect(entry.type).toBe('module');
    expect(entry.getAttribute('src')).toBe('/assets/index-1.js');
    expect(added.length).toBeGreaterThanOrEqual(3);
    for (const batch of added) expect(batch.filter((item) => item.startsWith('LINK')).length).toBeLessThanOrEqual(4);
    window.close();
  });
});
