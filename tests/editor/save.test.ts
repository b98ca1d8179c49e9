import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { detectFormatting, editText, jsonEqual, serialise } from '../../scripts/lib/editor/json-edit';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = readFileSync(path.join(REPO, 'pages.config.json'), 'utf8');
const CONTACT = readFileSync(path.join(REPO, 'forms/contact.json'), 'utf8');

const temp = mkdtempSync(path.join(tmpdir(), 'editor-save-test-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** The lines `git diff` removes and adds between two texts (no context). */
function gitDiff(before: string, after: string): { removed: string[]; added: string[] } {
  writeFileSync(path.join(temp, 'a.json'), before);
  writeFileSync(path.join(temp, 'b.json'), after);
  const out = spawnSync('git', ['diff', '--no-index', '--no-color', '--unified=0', 'a.json', 'b.json'], { cwd: temp, encoding: 'utf8' });
  const lines = out.stdout.split('\n').filter((line) => !/^(\+\+\+|---) /.test(line));
  return {
    removed: lines.filter((line) => line.startsWith('-')).map((line) => line.slice(1)),
    added: lines.filter((line) => line.startsWith('+')).map((line) => line.slice(1)),
  };
}

/** The edited value, its text, and what git sees changed. */
function edit<T = any>(text: string, recipe: (draft: T) => void) {
  const value = JSON.parse(text) as T;
  recipe(value);
  const result = editText(text, value);
  expect(JSON.parse(result)).toEqual(value);
  return { value, result, diff: gitDiff(text, result) };
}

const page = (config: any, name: string) => config.pages.find((p: any) => p.name === name);

describe('editText: minimal edits of pages.config.json', () => {
  it('changes the one line of a prop deep in a section', () => {
    const { diff } = edit(CONFIG, (config) => {
      page(config, 'Login').sections[0].props.title = 'Sign in';
    });
    expect(diff).toEqual({ removed: ['            "title": "Login",'], added: ['            "title": "Sign in",'] });
  });

  it('leaves the text as it is when the value did not change', () => {
    expect(editText(CONFIG, JSON.parse(CONFIG))).toBe(CONFIG);
  });

  it('reorders sections by moving their lines, each section keeping its text', () => {
    const { result, diff } = edit(CONFIG, (config) => {
      const sections = page(config, 'Contact').sections;
      sections.splice(2, 2, sections[3], sections[2]);
    });
    expect(diff.removed.length).toBeGreaterThan(0);
    // A move: the lines that go are the lines that come, nothing else changes.
    expect([...diff.added].sort()).toEqual([...diff.removed].sort());
    expect(result.length).toBe(CONFIG.length);
  });

  it('moves a section to another page keeping its text', () => {
    const { diff } = edit(CONFIG, (config) => {
      const [moved] = page(config, 'Contact').sections.splice(3, 1);
      page(config, 'Callback').sections.push(moved);
    });
    expect([...diff.added].sort()).toEqual([...diff.removed].sort());
  });

  it('adds a key after the key that precedes it in the new value, and removes a key', () => {
    const { result, diff } = edit(CONFIG, (config) => {
      const seo = config.site.seo;
      delete seo.imageAlt;
      config.site.seo = { lang: seo.lang, robots: 'noindex', ...seo };
    });
    // The key before the removed last key loses its comma: git shows that line changed.
    expect(diff.removed).toEqual([
      '      "imageHeight": 630,',
      '      "imageAlt": "The {product} logo, a white cross on a blue tile, and the name {product}"',
    ]);
    expect(diff.added).toEqual(['      "robots": "noindex",', '      "imageHeight": 630']);
    expect(result).toContain('"lang": "en",\n      "robots": "noindex",\n      "description"');
  });

  it('adds a section in the middle of a page: only its lines are added', () => {
    const { diff } = edit(CONFIG, (config) => {
      page(config, 'Login').sections.unshift({ type: 'breadcrumbs', props: { items: [{ label: 'Home', href: '/' }] } });
    });
    expect(diff.removed).toEqual([]);
    expect(diff.added.join('\n')).toBe(
      [
        '        {',
        '          "type": "breadcrumbs",',
        '          "props": {',
        '            "items": [',
        '              {',
        '                "label": "Home",',
        '                "href": "/"',
        '              }',
        '            ]',
        '          }',
        '        },',
      ].join('\n'),
    );
  });

  it('keeps the key order of the file whatever the order of the new value', () => {
    const { result, diff } = edit(CONFIG, (config) => {
      const reversed = Object.fromEntries(Object.entries(config.site).reverse());
      config.site = reversed;
      page(config, 'Login').sections[0].props.title = 'Sign in';
    });
    expect(diff.removed).toHaveLength(1);
    expect(Object.keys(JSON.parse(result).site)).toEqual(Object.keys(JSON.parse(CONFIG).site));
  });
});

describe('editText: forms', () => {
  it('keeps every $ref as written', () => {
    const { result, diff } = edit(CONTACT, (form) => {
      form.schema.properties.company.title = 'Company name';
    });
    expect(diff).toEqual({ removed: ['        "title": "Company",'], added: ['        "title": "Company name",'] });
    expect(result).toContain('"$ref": "fragments/person-name.json#/first"');
    expect(result).toContain('"$ref": "fragments/messages.json"');
  });

  it('moves a field in ui:order and removes a field', () => {
    const { value, diff } = edit(CONTACT, (form) => {
      const order: string[] = form.uiSchema['ui:order'];
      order.push(order.shift()!);
      delete form.schema.properties.title;
    });
    expect(diff.added).toEqual(['      "message",', '      "title"']);
    // The field's 12 lines, its name in ui:order, and the comma-less last name.
    expect(diff.removed).toHaveLength(14);
    expect(diff.removed.slice(-2)).toEqual(['      "title",', '      "message"']);
    expect(value.uiSchema['ui:order'].at(-1)).toBe('title');
  });
});

describe('editText: any layout', () => {
  it('edits a file indented with 4 spaces, or tabs, in its own style', () => {
    const four = '{\n    "a": {\n        "b": 1\n    }\n}\n';
    expect(editText(four, { a: { b: 1, c: [true] } })).toBe(
      '{\n    "a": {\n        "b": 1,\n        "c": [\n            true\n        ]\n    }\n}\n',
    );
    const tabs = '{\n\t"a": 1\n}';
    expect(editText(tabs, { a: 1, b: {} })).toBe('{\n\t"a": 1,\n\t"b": {}\n}');
    expect(detectFormatting('{\r\n  "a": 1\r\n}\r\n')).toEqual({ insertSpaces: true, tabSize: 2, eol: '\r\n' });
  });

  it('keeps a hand-written layout where nothing changed, also in a moved element', () => {
    const text = '{\n  "list": [\n    { "id": "a", "tags": ["x", "y"] },\n    {\n      "id": "b"\n    }\n  ],\n  "n": 1\n}\n';
    const result = editText(text, { list: [{ id: 'b' }, { id: 'a', tags: ['x', 'y'] }], n: 2 });
    expect(result).toBe('{\n  "list": [\n    {\n      "id": "b"\n    },\n    { "id": "a", "tags": ["x", "y"] }\n  ],\n  "n": 2\n}\n');
  });

  it('writes a file afresh when it is absent or not JSON', () => {
    expect(editText(undefined, { a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
    expect(editText('{ "a": ', { a: 1 })).toBe('{\n  "a": 1\n}');
    expect(serialise({ a: 1 }, { insertSpaces: true, tabSize: 2, eol: '\r\n' })).toBe('{\r\n  "a": 1\r\n}\r\n');
  });

  it('replaces values of another type, and a whole document', () => {
    expect(editText('{\n  "a": [\n    1\n  ]\n}\n', { a: { b: 1 } })).toBe('{\n  "a": {\n    "b": 1\n  }\n}\n');
    expect(editText('[\n  1\n]\n', { a: 1 })).toBe('{\n  "a": 1\n}\n');
  });

  it('compares JSON values without regard to key order', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
    expect(jsonEqual({ a: undefined }, {})).toBe(false);
  });
});
