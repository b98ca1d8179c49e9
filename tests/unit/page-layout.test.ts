import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { layoutDifference, MAX_LAYOUT_CHARS, parseLayout, splitConfig, type PageLayout } from '../../domain/page-layout';
import siteConfig from '../../src/generated/site-config.json';

/** domain/page-layout.ts: the split generate writes, and what a release's layout changes. */

const text = readFileSync(resolve(__dirname, '../../pages.config.json'), 'utf8');
const built = parseLayout(text) as PageLayout;
/** The project's config with `change` made to it, as a layout. */
function changed(change: (config: { site: Record<string, unknown>; pages: Array<Record<string, unknown>> }) => void): PageLayout {
  const config = JSON.parse(text) as Parameters<typeof change>[0];
  change(config);
  return splitConfig(config) as PageLayout;
}

describe('page layout', () => {
  it("is the generate step's split: the route table and settings of site-config.json", () => {
    expect(JSON.parse(JSON.stringify({ site: built.site, pages: built.pages }))).toEqual(siteConfig);
    expect(built.blocks.p0).toEqual([...new Set((built.sections.p0 as Array<{ type: string }>).map((section) => section.type))]);
  });

  it('finds no difference in the same config, whatever the order of its keys', () => {
    const reordered = changed((config) => {
      config.pages[0] = Object.fromEntries(Object.entries(config.pages[0]).reverse());
    });
    expect(layoutDifference(built, reordered)).toEqual({ sections: {}, routes: false, site: false, needsDeploy: false });
  });

  it('names the pages whose sections change, with the new sections; no deploy needed', () => {
    const release = changed((config) => {
      (config.pages[1].sections as unknown[]).reverse();
    });
    const difference = layoutDifference(built, release);
    expect(Object.keys(difference.sections)).toEqual(['p1']);
    expect(difference.sections.p1).toEqual(release.sections.p1);
    expect(difference.needsDeploy).toBe(false);
  });

  it('tells a change of the route table or of the settings apart: a deploy is needed', () => {
    const moved = layoutDifference(
      built,
      changed((config) => void (config.pages[1].path = '/store')),
    );
    expect(moved).toMatchObject({ routes: true, site: false, needsDeploy: true });
    const added = layoutDifference(
      built,
      changed((config) => void config.pages.push({ name: 'New', path: '/new', sections: [] })),
    );
    expect(added).toMatchObject({ routes: true, needsDeploy: true, sections: { [`p${built.pages.length}`]: [] } });
    const settings = layoutDifference(
      built,
      changed((config) => void (config.site.lang = 'fil')),
    );
    expect(settings).toMatchObject({ routes: false, site: true, needsDeploy: true });
  });

  it('refuses a text that is too long, not JSON, or without pages', () => {
    expect(parseLayout(' '.repeat(MAX_LAYOUT_CHARS + 1))).toBeUndefined();
    expect(parseLayout('{"pages": [')).toBeUndefined();
    expect(parseLayout('{"site": {}}')).toBeUndefined();
  });
});
