import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { insertRelease, liveRelease, nextReleaseNumber, releaseFiles, setLiveRelease } from '../../server/content/release-rows';
import { usePreviewSite } from './preview-helpers';

/**
 * A content release's pages.config.json on the built site (server/release-layout.ts): the pages'
 * sections come from it when the route table and the settings are the build's; otherwise the whole
 * layout stays the build's. A preview's draft layout never reaches a public page.
 */

const CONFIG = readFileSync(resolve(__dirname, '../../pages.config.json'), 'utf8');
interface Config {
  pages: Array<{ path: string; sections: Array<Record<string, unknown>> }>;
}

/** The project's config with the home page's intro titled `title` (and `change` made to it). */
function layoutWith(title: string, change: (config: Config) => void = () => {}): string {
  const config = JSON.parse(CONFIG) as Config;
  const intro = config.pages[0].sections.find((section) => section.preset === 'shop-intro')!;
  intro.props = { title };
  change(config);
  return JSON.stringify(config, null, 2);
}

/** The JSON the page hands to the browser. */
function pageData(html: string): { sections?: Record<string, unknown> } {
  const json = /<script type="application\/json" id="page-data">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? 'null';
  return JSON.parse(json) as { sections?: Record<string, unknown> };
}

describe("the live release's layout", () => {
  const preview = usePreviewSite();

  /** Makes a release of the live files with `layout` as its pages.config.json live, as a publish does. */
  async function release(layout: string): Promise<void> {
    const { db, repo } = preview.site.app.ctx;
    const n = await db.write('content', async (q) => {
      const live = (await liveRelease(repo, q)) ?? 0;
      const files = { ...((await releaseFiles(q, live)) ?? {}), 'pages.config.json': layout };
      const number = await nextReleaseNumber(q);
      await insertRelease(q, {
        number,
        files,
        changed: ['pages.config.json'],
        summary: [],
        source: 'studio',
        author: null,
        createdAt: new Date().toISOString(),
      });
      await setLiveRelease(repo, q, number);
      return number;
    });
    await preview.pages().showRelease(n);
  }

  it("never shows a preview's draft layout on a public page rendered at the same time", async () => {
    const editor = await preview.account('layout@preview.example', ['editor']);
    await preview.saveDraft(editor, { 'pages.config.json': layoutWith('Draft intro') });
    const url = `/__preview/${preview.token(editor)}/`;
    for (let round = 0; round < 3; round++) {
      await preview.pages().invalidate();
      const [shown, ...publics] = await Promise.all([preview.html(url), preview.html('/'), preview.html('/?a=1'), preview.html('/')]);
      expect(shown.body).toContain('Draft intro');
      for (const page of publics) {
        expect(page.body).not.toContain('Draft intro');
        expect(pageData(page.body).sections).toBeUndefined();
      }
    }
  });

  it("renders a release's changed sections and hands them to the browser", async () => {
    const before = await preview.html('/about');
    await release(layoutWith('Release intro'));
    const home = await preview.html('/');
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Release intro');
    expect(JSON.stringify(pageData(home.body).sections?.p0)).toContain('Release intro');
    // Every page hands the changed ones over (a navigation shows them); an unchanged page renders as built.
    const about = await preview.html('/about');
    expect(Object.keys(pageData(about.body).sections ?? {})).toEqual(['p0']);
    expect(about.body.replace(/<script type="application\/json" id="page-data">[\s\S]*?<\/script>/, '')).toBe(
      before.body.replace(/<script type="application\/json" id="page-data">[\s\S]*?<\/script>/, ''),
    );
  });

  it("keeps the build's whole layout when a release changes a route's path", async () => {
    await release(layoutWith('Moved intro', (config) => void (config.pages.find((page) => page.path === '/about')!.path = '/about-us')));
    const home = await preview.html('/');
    expect(home.body).not.toContain('Moved intro');
    expect(home.body).not.toContain('Release intro');
    expect(pageData(home.body).sections).toBeUndefined();
    expect((await preview.html('/about')).statusCode).toBe(200);
    expect((await preview.html('/about-us')).statusCode).toBe(404);
  });
});
