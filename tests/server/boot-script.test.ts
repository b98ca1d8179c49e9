import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { BOOT_SCRIPT, INPUT_SCRIPT } from '../../src/generated/boot-scripts';
import { startServer, tempDir } from './helpers';

/**
 * The page's inline scripts as `npm run generate` built them (src/boot/, src/generated/boot-scripts.ts)
 * run in a DOM: the input script fetches the page's own chunks after the first paint (module
 * preloads, a few per task, so that starting many fetches is not one long task on a phone); after
 * the first frame, the boot script runs the entry, a module script, and enables the forms at once.
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

/** A server bundle that renders every path as one page with a block that runs (so the page has its scripts). */
const ENTRY = `
export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) { return { key: new URL(href, 'http://localhost').pathname }; }
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
function page(status) {
  return {
    kind: 'page', status, head: { lang: 'en', title: 'Page', description: '' }, styles: '', blocks: [],
    scriptBlocks: ['cart'], pageKey: 'p0', data: { fallback: {}, notFound: false }, failed: 0,
    pipe: (destination) => { destination.write('<p>page</p>'); destination.end(); },
  };
}
export async function render() { return page(200); }
export async function renderNotFound() { return page(404); }
`;

describe("a rendered page's inline scripts", () => {
  it('are the built scripts, each allowed by the hash of its exact text in the CSP, with no unsafe script source', async () => {
    const staticDir = tempDir('telmed-boot-');
    mkdirSync(join(staticDir, '.ssr'));
    writeFileSync(
      join(staticDir, 'index.html'),
      '<!doctype html>\n<html lang="en">\n<head><title>Site</title>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>\n<body><div id="root"></div></body></html>',
    );
    writeFileSync(join(staticDir, '.ssr', 'entry-server.js'), ENTRY);
    const { app, cleanup } = await startServer({ staticDir });
    try {
      const response = await app.inject({ method: 'GET', url: '/about', headers: { accept: 'text/html' } });
      expect(response.statusCode).toBe(200);
      const scripts = [...new JSDOM(response.body).window.document.querySelectorAll('script:not([type]), script[type=""]')].map(
        (script) => script.textContent ?? '',
      );
      expect(scripts).toEqual([INPUT_SCRIPT, BOOT_SCRIPT]);

      const csp = String(response.headers['content-security-policy']);
      const scriptSrc = /(?:^|; )script-src ([^;]*)/.exec(csp)?.[1].split(' ') ?? [];
      for (const text of scripts) {
        expect(scriptSrc).toContain(`'sha256-${createHash('sha256').update(text).digest('base64')}'`);
      }
      expect(scriptSrc.filter((source) => source.includes('unsafe'))).toEqual([]);
    } finally {
      await cleanup();
      rmSync(staticDir, { recursive: true, force: true });
    }
  });
});
