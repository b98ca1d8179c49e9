import { expect, test } from '@playwright/test';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The visual editor exists only under `npm run edit`: the built site (the files the server serves)
 * holds none of its code, and a started server has none of its routes.
 */
const STATIC_DIR = path.join(process.cwd(), process.env.E2E_STATIC_DIR ?? 'dist');

/** Every file of the build, recursively, as paths relative to it. */
function files(dir: string, rel = ''): string[] {
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(dir, path.join(rel, entry.name)) : [path.join(rel, entry.name)],
  );
}

test('the build holds nothing of the editor', () => {
  const built = files(STATIC_DIR);
  expect(built.length).toBeGreaterThan(10);
  expect(built.filter((file) => /(^|\/)editor|preview\.html/.test(file))).toEqual([]);
  // What only the editor's code says: its paths, its drag-and-drop library's live region, its preview's marks.
  const markers = ['__editor', 'DndLiveRegion', 'data-editor-index'];
  for (const file of built.filter((name) => /\.(js|html|css)$/.test(name))) {
    const text = readFileSync(path.join(STATIC_DIR, file), 'utf8');
    for (const marker of markers) expect(text.includes(marker), `${file} contains ${marker}`).toBe(false);
  }
});

test('a started server has no editor routes', async ({ request }) => {
  for (const url of ['/__editor/', '/__editor/api/project', '/editor/index.html', '/editor/preview.html']) {
    const response = await request.get(url, { maxRedirects: 0 });
    expect(response.status(), url).toBe(404);
    expect(await response.text(), url).not.toContain('__editor/api');
  }
  const save = await request.post('/__editor/api/save', { data: { files: {} } });
  expect(save.status()).toBe(404);
});
