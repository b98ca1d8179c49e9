import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  displayOrder,
  duplicateItem,
  itemErrorSchema,
  moveItem,
  newItem,
  pageForContent,
  todayInManila,
} from '../../editor/src/core/content-model';
import type { ContentFileValue, ContentMeta, PagesConfigValue } from '../../editor/src/core/types';
import { buildServer } from '../../server/app';
import { ProjectGate } from '../../scripts/lib/editor/check';
import { ContentPreview, followSavedContent } from '../../scripts/lib/editor/content-preview';
import { editorMiddleware } from '../../scripts/lib/editor/plugin';
import { contentName, sha256 } from '../../scripts/lib/editor/project';
import { editablePathProblem } from '../../scripts/lib/editor/paths';
import { copyProject } from '../../scripts/lib/scratch-copy';

/**
 * Content in the editor (scripts/lib/editor/, editor/src/core/content-model.ts), on a copy of the
 * project: the content files and their item schemas in GET /project by human names; the gate on
 * unsaved content (a promo code's window at its field); a save of one article's title is a one-line
 * diff and the demo API then serves it; the preview's API serves unsaved content; and the list
 * operations (a new item, a duplicate, a move by precedence).
 */
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTICLES = 'content/articles.json';
const PROMOS = 'content/demo/promos.json';

const dir = mkdtempSync(path.join(tmpdir(), 'editor-content-test-'));
const root = path.join(dir, 'project');
let gate: ProjectGate;
let preview: ContentPreview;
let server: Server;
let base: string;
let api: Awaited<ReturnType<typeof buildServer>>;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

async function call(method: string, route: string, body?: unknown) {
  const res = await fetch(`${base}${route}`, {
    method,
    redirect: 'manual',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text };
}

beforeAll(async () => {
  copyProject(REPO, root);
  gate = new ProjectGate(root);
  preview = new ContentPreview(root);
  api = await buildServer({ dataDir: path.join(dir, 'data'), demo: true, contentRoot: root });
  const middleware = editorMiddleware({ root, gate, preview, onContentSaved: async () => void (await followSavedContent(api, root)) });
  server = createServer((req, res) =>
    middleware(req, res, () => {
      res.statusCode = 404;
      res.end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => server?.close(resolve));
  await api?.close();
  await preview?.dispose();
  gate?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('content files in the editor API', () => {
  it('writes content/<name>.json and content/demo/<name>.json, nothing else under content/', () => {
    expect(editablePathProblem(ARTICLES)).toBeUndefined();
    expect(editablePathProblem(PROMOS)).toBeUndefined();
    for (const file of [
      'content/media/a.json',
      'content/../x.json',
      'content/demo/../../x.json',
      'content/articles.txt',
      'content/.json',
    ]) {
      expect(editablePathProblem(file)).toBeDefined();
    }
  });

  it('lists each content file by a human name with its item schema, $refs resolved', async () => {
    const { status, body } = await call('GET', '/__editor/api/project');
    expect(status).toBe(200);
    expect(body.files[ARTICLES].value.items.length).toBeGreaterThan(0);
    const byFile = new Map((body.content as ContentMeta[]).map((meta) => [meta.file, meta]));
    expect(byFile.get(ARTICLES)).toMatchObject({ name: 'Articles', resource: 'articles', kind: 'article', labelField: 'title' });
    expect(byFile.get(ARTICLES)!.schema.properties).toHaveProperty('title');
    expect(byFile.get('content/shop-plans.json')).toMatchObject({ name: 'Shop plans and prices', orderBy: 'precedence' });
    expect(byFile.get('content/home-sliders.json')?.name).toBe('Home page banners');
    expect(byFile.get('content/faqs.json')?.name).toBe('Frequently asked questions');
    expect(byFile.get(PROMOS)).toMatchObject({ name: 'Promo codes (demo)', group: 'Demo partners and codes' });
    expect(contentName('content/job-testimonials.json')).toBe('Job testimonials');
    expect(JSON.stringify(body.content)).not.toContain('$ref');
  });

  it('checks unsaved content with the gate: a promo window that ends before it starts is a problem at valid_end', async () => {
    const promos = JSON.parse(read(PROMOS));
    promos.items[0].valid_end = '2020-01-01';
    const { status, body } = await call('POST', '/__editor/api/check', { files: { [PROMOS]: promos } });
    expect(status).toBe(200);
    expect(body.problems).toEqual([
      expect.objectContaining({ file: PROMOS, pointer: '/items/0/valid_end', message: expect.stringMatching(/ends .* before it starts/) }),
    ]);
    expect(itemErrorSchema(body.problems, 0)).toEqual({ valid_end: { __errors: [body.problems[0].message] } });
    // A save of it is refused and writes nothing.
    const before = read(PROMOS);
    const saved = await call('POST', '/__editor/api/save', { files: { [PROMOS]: { value: promos, baseHash: sha256(before) } } });
    expect(saved.status).toBe(422);
    expect(read(PROMOS)).toBe(before);
  });

  it('saves one article title as a one-line diff, and the demo API serves it after the save', async () => {
    const before = read(ARTICLES);
    const value = JSON.parse(before);
    const id = value.items[0].id;
    value.items[0].title = 'Saved from the editor';
    const saved = await call('POST', '/__editor/api/save', { files: { [ARTICLES]: { value, baseHash: sha256(before) } } });
    expect(saved.status).toBe(200);
    const out = spawnSync('git', ['diff', '--no-index', '--unified=0', '--no-color', '-', path.join(root, ARTICLES)], {
      input: before,
      encoding: 'utf8',
    }).stdout;
    const changed = out.split('\n').filter((line) => /^[+-](?![+-])/.test(line));
    expect(changed).toEqual([expect.stringMatching(/^-\s+"title": /), '+      "title": "Saved from the editor",']);
    const served = await api.inject({ url: `/api/v1/articles/${id}` });
    expect(served.json().data).toMatchObject({ title: 'Saved from the editor' });
  });

  it('serves the preview the unsaved content, and the saved content again once the drafts are gone', async () => {
    const value = JSON.parse(read('content/shop-plans.json'));
    value.items[0].price = 12345;
    const taken = await call('POST', '/__editor/api/drafts', { files: { 'content/shop-plans.json': value } });
    expect(taken.body).toMatchObject({ ok: true });
    const plans = await call('GET', '/__editor/preview-api/api/v1/shop-plans');
    expect(plans.status).toBe(200);
    expect(plans.body.data.find((plan: { id: number }) => plan.id === value.items[0].id).price).toBe(12345);
    // The demo API is untouched: it serves the saved file.
    const demo = (await api.inject({ url: '/api/v1/shop-plans' })).json().data as Array<{ id: number; price: number }>;
    expect(demo.find((plan) => plan.id === value.items[0].id)?.price).not.toBe(12345);
    // An item taken before that gets a problem stays as it was taken.
    const broken = structuredClone(value);
    broken.items[0].price = 'free';
    expect((await call('POST', '/__editor/api/drafts', { files: { 'content/shop-plans.json': broken } })).body).toMatchObject({
      ok: false,
    });
    expect((await call('GET', '/__editor/preview-api/api/v1/shop-plans')).body.data[0].price).toBe(12345);
    await call('POST', '/__editor/api/drafts', { files: {} });
    expect((await call('GET', '/__editor/preview-api/api/v1/shop-plans')).body.data[0].price).not.toBe(12345);
    expect((await call('POST', '/__editor/api/drafts', { files: { 'pages.config.json': {} } })).status).toBe(400);
  }, 30_000);

  it('serves a new item being written as far as it goes (no not-found), and keeps a problem outside the items out', async () => {
    const value = JSON.parse(read('content/articles.json'));
    const id = Math.max(...value.items.map((item: { id: number }) => item.id)) + 1;
    value.items.push({
      id,
      title: 'Rainy',
      description: '',
      post_date: '2024-06-01',
      created_at: '2024-06-01T01:00:00Z',
      background_image: { main: '' },
    });
    const taken = await call('POST', '/__editor/api/drafts', { files: { 'content/articles.json': value } });
    expect(taken.body).toMatchObject({ ok: false, partial: true });
    const served = await call('GET', `/__editor/preview-api/api/v1/articles/${id}`);
    expect(served.status).toBe(200);
    expect(served.body.data).toMatchObject({ id, title: 'Rainy' });
    // The next keystroke shows too: an item that never loaded is served as written each time.
    value.items.at(-1).title = 'Rainy season';
    expect((await call('POST', '/__editor/api/drafts', { files: { 'content/articles.json': value } })).body).toMatchObject({
      partial: true,
    });
    expect((await call('GET', `/__editor/preview-api/api/v1/articles/${id}`)).body.data).toMatchObject({ title: 'Rainy season' });
    // A problem outside the items (an unknown key of the file) is not taken.
    const outside = { ...value, extra: true };
    expect((await call('POST', '/__editor/api/drafts', { files: { 'content/articles.json': outside } })).body).toMatchObject({
      ok: false,
      partial: false,
    });
    await call('POST', '/__editor/api/drafts', { files: {} });
    expect((await call('GET', `/__editor/preview-api/api/v1/articles/${id}`)).status).toBe(404);
  }, 30_000);
});

describe('the Content tab’s list operations', () => {
  const meta: ContentMeta = {
    file: 'content/faqs.json',
    resource: 'faqs',
    kind: 'faq',
    name: 'Frequently asked questions',
    group: 'Site content',
    orderBy: 'precedence',
    labelField: 'question',
    schema: {
      type: 'object',
      required: ['id', 'question', 'answer', 'precedence', 'post_date'],
      properties: {
        id: { type: 'integer' },
        question: { type: 'string' },
        answer: { type: 'string' },
        precedence: { type: 'integer' },
        post_date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        hidden: { type: 'boolean', default: false },
      },
    },
  };
  const file = (): ContentFileValue => ({
    items: [
      { id: 4, question: 'B', answer: '', precedence: 2 },
      { id: 9, question: 'A', answer: '', precedence: 1 },
      { id: 2, question: 'C', answer: '', precedence: 3 },
    ],
  });

  it('adds an item with the next free id, last in the order, today for its dates and its defaults', () => {
    const now = new Date('2026-11-28T20:00:00Z');
    expect(newItem(meta, file().items, now)).toEqual({
      id: 10,
      question: '',
      answer: '',
      precedence: 4,
      post_date: '2026-11-29',
      hidden: false,
    });
    expect(todayInManila(now)).toBe('2026-11-29');
    expect(duplicateItem(meta, file().items, 1)).toMatchObject({ id: 10, question: 'A (copy)', precedence: 4 });
  });

  it('moves by precedence where the resource is ordered by it, else in the array', () => {
    const value = file();
    expect(displayOrder(meta, value.items)).toEqual([1, 0, 2]);
    expect(moveItem(meta, value, 0, -1)).toBe(0);
    expect(value.items.map((item) => item.precedence)).toEqual([1, 2, 3]);
    expect(moveItem(meta, value, 0, -1)).toBeUndefined();
    const unordered = { ...meta, orderBy: undefined };
    const plain = file();
    expect(moveItem(unordered, plain, 0, 1)).toBe(1);
    expect(plain.items.map((item) => item.id)).toEqual([9, 4, 2]);
  });

  it('shows a resource on the page that lists it, an article on its own page', () => {
    const config = JSON.parse(readFileSync(path.join(REPO, 'pages.config.json'), 'utf8')) as PagesConfigValue;
    expect(pageForContent(config, 'shop-plans', undefined, 'bantaydoc')?.page.name).toBe('Shop');
    expect(pageForContent(config, 'home-sliders', undefined, 'bantaydoc')?.page.name).toBe('Home');
    expect(pageForContent(config, 'faqs', undefined, 'bantaydoc')?.page.name).toBe('App');
    expect(pageForContent(config, 'articles', { id: 7, title: 'Hello, world' }, 'bantaydoc')).toMatchObject({
      url: '/media/article/7/hello-world',
    });
    expect(pageForContent(config, 'articles', undefined, 'bantaydoc')?.page.name).toBe('Media');
  });
});
