import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeOver, resolvePresets } from '../../domain/page-presets';
import { readPagesConfig } from '../../server/context';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, removeProjects, REPO } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(REPO, file), 'utf8'));

describe('section presets', () => {
  // fixtures/pages-before-presets.json: the pages of pages.config.json as written out before the
  // presets were introduced. Every page must render exactly as it did.
  it('resolve the real config to the pages as they were before presets', () => {
    const resolved = resolvePresets(readJson(CONFIG)) as { pages: unknown; presets?: unknown };
    expect(resolved.presets).toBeUndefined();
    expect(resolved.pages).toEqual(readJson('tests/validate/fixtures/pages-before-presets.json'));
  });

  it('are applied by the server as by the site', () => {
    expect(readPagesConfig<{ pages: unknown }>(path.join(REPO, CONFIG)).pages).toEqual(
      readJson('tests/validate/fixtures/pages-before-presets.json'),
    );
  });

  it('merge objects key by key and let every other value of the section replace the preset one', () => {
    expect(mergeOver({ a: 1, texts: { x: 'X', y: 'Y' }, list: [1, 2] }, { texts: { y: 'y' }, list: [3] })).toEqual({
      a: 1,
      texts: { x: 'X', y: 'y' },
      list: [3],
    });
  });

  it('leave a section without a known preset as it is, but for the `preset` key', () => {
    const config = { pages: [{ sections: [{ type: 'cart', preset: 'nope', props: { a: 1 } }] }] };
    expect(resolvePresets(config).pages[0].sections[0]).toEqual({ type: 'cart', props: { a: 1 } });
  });
});

/** The fixture project with a `presets` map holding a banner preset, and the Home banner naming it. */
function withPreset(preset: string, section: string) {
  return makeProject((p) => {
    p.replace(CONFIG, '"pages": [', `"presets": { "hero": ${preset} },\n  "pages": [`);
    p.replace(CONFIG, '{ "type": "banner", "source": "home-sliders", "pick": "first", "props": { "title": "Welcome" } }', section);
  });
}

describe('validateProject: presets', () => {
  it('passes a section that completes its preset', () => {
    const root = withPreset(
      '{ "type": "banner", "source": "home-sliders", "props": { "title": "Welcome" } }',
      '{ "type": "banner", "preset": "hero", "pick": "first" }',
    );
    expect(validateProject(root)).toEqual([]);
  });

  it('reports an unknown preset with the nearest name', () => {
    const root = withPreset('{ "type": "banner", "source": "home-sliders" }', '{ "type": "banner", "preset": "hera" }');
    expect(validateProject(root)).toContainEqual({
      file: CONFIG,
      ...positionOf(root, CONFIG, '"hera"'),
      pointer: '/pages/0/sections/0/preset',
      message: "unknown preset 'hera' — did you mean 'hero'?",
    });
  });

  it('reports a preset of another block type', () => {
    const root = withPreset('{ "type": "breadcrumbs" }', '{ "type": "banner", "preset": "hero", "source": "home-sliders" }');
    expect(validateProject(root).map((d) => d.message)).toContain("preset 'hero' is for block type 'breadcrumbs', not 'banner'");
  });

  it('reports a wrong prop the preset gives at the preset, one the section gives at the section', () => {
    const root = withPreset(
      '{ "type": "banner", "source": "home-sliders", "props": { "titel": "Welcome" } }',
      '{ "type": "banner", "preset": "hero", "props": { "align": "middle" } }',
    );
    const found = validateProject(root).map((d) => ({ pointer: d.pointer, line: d.line }));
    expect(found).toContainEqual({ pointer: '/presets/hero/props/titel', line: positionOf(root, CONFIG, '"titel"').line });
    expect(found).toContainEqual({ pointer: '/pages/0/sections/0/props/align', line: positionOf(root, CONFIG, '"middle"').line });
  });

  it('reports a preset that no section names', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"pages": [', '"presets": { "spare": { "type": "banner" } },\n  "pages": ['));
    expect(validateProject(root).map((d) => d.message)).toEqual(["preset 'spare' is named by no section"]);
  });
});
