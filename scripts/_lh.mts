import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { launch as launchChrome } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer } from '../server/app.ts';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/sample-routes.ts';
const app = await buildServer({ dataDir: mkdtempSync(join(tmpdir(), 'lh-')), staticDir: resolve('dist'), demo: true, logger: false, pageRenderLimit: 0, renderConcurrency: 0 });
await app.listen({ port: 0, host: '127.0.0.1' });
const a = app.server.address();
const base = `http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`;
for (const route of process.argv.slice(2)) {
  const chrome = await launchChrome({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  const r = await lighthouse(base + route, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
  chrome.kill();
  const lhr = r!.lhr;
  console.log(route, Math.round(lhr.categories.performance.score! * 100), 'TBT', Math.round(lhr.audits['total-blocking-time'].numericValue!), 'FCP', Math.round(lhr.audits['first-contentful-paint'].numericValue!), 'LCP', Math.round(lhr.audits['largest-contentful-paint'].numericValue!), 'SI', Math.round(lhr.audits['speed-index'].numericValue!));
  const lt = (lhr.audits['long-tasks']?.details as any)?.items ?? [];
  for (const t of lt.slice(0, 10)) console.log('  long', Math.round(t.startTime), Math.round(t.duration), String(t.url).replace(base, ''));
  const bt = (lhr.audits['bootup-time']?.details as any)?.items ?? [];
  for (const t of bt.slice(0, 8)) console.log('  boot', Math.round(t.total), 'script', Math.round(t.scripting), 'parse', Math.round(t.scriptParseCompile), String(t.url).replace(base, ''));
}
await app.close();
