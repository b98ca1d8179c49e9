import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseLayout, type PageLayout } from '../../domain/page-layout';
import { createLayouts } from '../../server/release-layout';

/** server/release-layout.ts: which sections a render of a release's (or a draft's) layout uses. */

const text = readFileSync(resolve(__dirname, '../../pages.config.json'), 'utf8');
const built = parseLayout(text) as PageLayout;
const types = [...new Set(Object.values(built.blocks).flat())];
const layouts = createLayouts({ ...built, blockTypes: types });

function edited(change: (config: { site: Record<string, unknown>; pages: Array<{ path: string; sections: unknown[] }> }) => void): string {
  const config = JSON.parse(text) as Parameters<typeof change>[0];
  change(config);
  return JSON.stringify(config);
}

describe('release layouts', () => {
  it("uses the changed pages' sections, the same object for the same text", () => {
    const moved = edited((config) => config.pages[0].sections.reverse());
    const chosen = layouts.choose(moved);
    expect(Object.keys(chosen.sections ?? {})).toEqual(['p0']);
    expect(layouts.choose(moved)).toBe(chosen);
    expect(layouts.choose(text)).toEqual({ sections: undefined });
    expect(layouts.choose(undefined)).toEqual({ sections: undefined });
  });

  it("keeps the build's layout for a new route, new settings, an unknown block or an unreadable text", () => {
    const also = (config: Parameters<Parameters<typeof edited>[0]>[0]) => config.pages[0].sections.reverse();
    const cases = {
      routes: edited((config) => void (also(config), (config.pages[1].path = '/store'))),
      settings: edited((config) => void (also(config), (config.site.lang = 'fil'))),
      blocks: edited((config) => void config.pages[0].sections.push({ type: 'noSuchBlock' })),
      unreadable: '{"pages": [',
    };
    for (const [reason, layout] of Object.entries(cases)) expect(layouts.choose(layout)).toEqual({ sections: undefined, kept: reason });
  });
});
