import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../scripts/lib/generate/run';
import { checkImports, importCycles, importGraph, ruleViolations, sourceFiles, typeImportGraph } from '../../scripts/lib/import-check';
import { STUDIO_EDITOR_DEV_ONLY } from '../../scripts/lib/import-rules';

/** Every file and package `entry` reaches through the graph, itself included. */
function reach(graph: ReadonlyMap<string, readonly string[]>, entry: string): Set<string> {
  const seen = new Set([entry]);
  for (const file of seen) for (const next of graph.get(file) ?? []) seen.add(next);
  return seen;
}

const ROOT = path.resolve(__dirname, '../..');

describe('import boundaries (npm run lint:imports)', () => {
  beforeAll(async () => generate(ROOT));

  it('the project follows them: no forbidden import, no import cycle', async () => {
    const { files, problems } = await checkImports(ROOT);
    expect(problems).toEqual([]);
    expect(files).toBeGreaterThan(150);
  });

  it("the studio's Content, Pages and Forms screens reach the editor's shared parts only, never its development builds or Node code", async () => {
    const devOnly = new RegExp(`^editor/src/(${STUDIO_EDITOR_DEV_ONLY.join('|')})`);
    for (const [entry, tab] of [
      ['studio/src/content/ContentScreen.tsx', 'editor/src/content/ContentTab.tsx'],
      ['studio/src/content/PagesScreen.tsx', 'editor/src/pages/PagesTab.tsx'],
      ['studio/src/content/FormsScreen.tsx', 'editor/src/forms/FormPreview.tsx'],
    ]) {
      const reached = [...reach(await importGraph(ROOT, [entry]), entry)];
      expect(reached).toContain(tab);
      expect(reached.filter((file) => devOnly.test(file) || /^(server|scripts)\/|^node:/.test(file))).toEqual([]);
    }
  });

  describe('each rule catches its violation', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'imports-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const files: Record<string, string> = {
      'src/app/main.ts': 'export const main = 1;',
      'src/engine/e.ts': "import { main } from '../app/main';\nexport const e = main;",
      'src/blocks/types.ts': 'export const types = 1;',
      'src/blocks/a/index.tsx':
        "import { b } from '../b/index';\nimport { types } from '../types';\nimport { helper } from './helper';\nexport const a = [b, types, helper];",
      'src/blocks/a/helper.ts': 'export const helper = 1;',
      'src/blocks/b/index.tsx': 'export const b = 1;',
      'src/shop/cart.ts': "import { b } from '../blocks/b/index';\nexport const cart = b;",
      'src/lib/x.ts': "import { cart } from '../shop/cart';\nimport { e } from '../engine/e';\nexport const x = [cart, e];",
      'src/lib/log.ts': 'export const log = 1;',
      'src/lib/p.ts': "import { q } from './q';\nexport const p = () => q;",
      'src/lib/q.ts': "import { p } from './p';\nexport const q = () => p;",
      // A cycle through a type only: gone from the bundle, still two modules that need each other.
      'src/lib/t1.ts': "import type { T2 } from './t2';\nexport interface T1 {\n  two: T2;\n}\nexport const one = 1;",
      'src/lib/t2.ts': "import { one } from './t1';\nexport type T2 = number;\nexport const two = one;",
      'src/generated/g.ts': "import { log } from '../lib/log';\nexport const g = log;",
      'src/api/c.ts':
        "import fastify from 'fastify';\nimport { readFileSync } from 'node:fs';\nimport React from 'react';\nexport const c = [fastify, readFileSync, React];",
      'domain/d.ts': "import React from 'react';\nimport { f } from './f';\nexport const d = [React, f];",
      'domain/f.ts': 'export const f = 1;',
      'server/s.ts': "import { log } from '../src/lib/log';\nimport { g } from '../src/generated/g';\nexport const s = [log, g];",
      'editor/src/content/tab.ts': 'export const tab = 1;',
      'editor/src/preview/frame.ts': 'export const frame = 1;',
      'editor/main.ts': 'export const main = 1;',
      'studio/src/screen.ts':
        "import { tab } from '../../editor/src/content/tab';\nimport { frame } from '../../editor/src/preview/frame';\nimport { main } from '../../editor/main';\nexport const screen = [tab, frame, main];",
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }

    it('reports exactly the forbidden imports, with the rule that forbids each', async () => {
      const graph = await importGraph(dir, sourceFiles(dir, ['src', 'server', 'domain', 'studio']));
      const found = ruleViolations(graph)
        .map((v) => `${v.rule}: ${v.from} -> ${v.to}`)
        .sort();
      expect(found).toEqual(
        [
          'app-is-top: src/engine/e.ts -> src/app/main.ts',
          'blocks-isolated: src/blocks/a/index.tsx -> src/blocks/b/index.tsx',
          'blocks-from-engine-only: src/shop/cart.ts -> src/blocks/b/index.tsx',
          'lib-api-below-forms-shop: src/lib/x.ts -> src/shop/cart.ts',
          'engine-from-app-only: src/lib/x.ts -> src/engine/e.ts',
          'generated-is-a-leaf: src/generated/g.ts -> src/lib/log.ts',
          'site-not-server: src/api/c.ts -> npm:fastify',
          'site-not-server: src/api/c.ts -> node:fs',
          'domain-is-pure: domain/d.ts -> npm:react',
          'server-not-site: server/s.ts -> src/lib/log.ts',
          'studio-app-browser-only: studio/src/screen.ts -> editor/main.ts',
          'studio-editor-not-dev: studio/src/screen.ts -> editor/src/preview/frame.ts',
        ].sort(),
      );
    });

    it("reports an editor folder that imports the editor's root, its parent folder, another folder, or a core module that imports up", async () => {
      const editorDir = mkdtempSync(path.join(tmpdir(), 'imports-editor-'));
      const editorFiles: Record<string, string> = {
        'editor/src/App.tsx': "import { panel } from './pages/Panel';\nexport const app = panel;",
        'editor/src/state.ts': 'export const state = 1;',
        'editor/src/model.ts': 'export const model = 1;',
        'editor/src/messages.json': '{ "ok": "OK" }',
        'editor/src/core/json.ts': "import words from '../messages.json';\nexport const json = words.ok;",
        'editor/src/core/bad.ts': "import { app } from '../App';\nimport { form } from '../forms/Form';\nexport const bad = [app, form];",
        'editor/src/pages/Panel.tsx':
          "import { state } from '../state';\nimport { model } from '../model';\nimport { json } from '../core/json';\nimport { form } from '../forms/Form';\nimport { own } from './own';\nexport const panel = [state, model, json, form, own];",
        'editor/src/pages/own.ts': 'export const own = 1;',
        'editor/src/forms/Form.tsx': "import { json } from '../core/json';\nexport const form = json;",
        'editor/src/content/Tab.tsx':
          "import { field } from './widgets/Field';\nimport { panel } from '../pages/Panel';\nexport const tab = [field, panel];",
        'editor/src/content/words.ts': 'export const words = 1;',
        'editor/src/content/widgets/Field.tsx':
          "import { words } from '../words';\nimport texts from '../../messages.json';\nimport { json } from '../../core/json';\nexport const field = [words, texts.ok, json];",
      };
      for (const [file, text] of Object.entries(editorFiles)) {
        mkdirSync(path.dirname(path.join(editorDir, file)), { recursive: true });
        writeFileSync(path.join(editorDir, file), text);
      }
      try {
        const graph = await importGraph(editorDir, sourceFiles(editorDir, ['editor']));
        const found = ruleViolations(graph)
          .map((v) => `${v.rule}: ${v.from} -> ${v.to}`)
          .sort();
        expect(found).toEqual(
          [
            'editor-core-is-a-leaf: editor/src/core/bad.ts -> editor/src/App.tsx',
            'editor-core-is-a-leaf: editor/src/core/bad.ts -> editor/src/forms/Form.tsx',
            'editor-folders-below-root: editor/src/core/bad.ts -> editor/src/App.tsx',
            'editor-folders-apart: editor/src/pages/Panel.tsx -> editor/src/forms/Form.tsx',
            'editor-folders-apart: editor/src/content/Tab.tsx -> editor/src/pages/Panel.tsx',
            'editor-folders-below-root: editor/src/pages/Panel.tsx -> editor/src/state.ts',
            'editor-folders-below-root: editor/src/pages/Panel.tsx -> editor/src/model.ts',
            'editor-folder-not-parent: editor/src/content/widgets/Field.tsx -> editor/src/content/words.ts',
          ].sort(),
        );
      } finally {
        rmSync(editorDir, { recursive: true, force: true });
      }
    });

    it('reports an import cycle once', async () => {
      const graph = await importGraph(dir, sourceFiles(dir, ['src']));
      expect(importCycles(graph)).toEqual([['src/lib/p.ts', 'src/lib/q.ts', 'src/lib/p.ts']]);
    });

    it('reports a cycle of which one side imports a type only', () => {
      const cycles = importCycles(typeImportGraph(dir, sourceFiles(dir, ['src'])));
      expect(cycles).toEqual([
        ['src/lib/p.ts', 'src/lib/q.ts', 'src/lib/p.ts'],
        ['src/lib/t1.ts', 'src/lib/t2.ts', 'src/lib/t1.ts'],
      ]);
    });
  });
});
