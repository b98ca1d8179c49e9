import { afterEach, expect, it } from 'vitest';
import { loadSections, pageBlockTypes, pages, setChangedSections, type ChangedSections } from '../../src/lib/site';

/** lib/site.ts: the sections handed over for the pages a content release changes replace the build's. */

afterEach(() => setChangedSections(() => undefined));

it("loads a changed page's sections and block types from the handed-over set, the others from the build", async () => {
  const [home, other] = pages;
  const built = await loadSections(home);
  const changed: ChangedSections = { [home.key]: [{ type: 'richText', props: { title: 'New' } }] };
  setChangedSections(() => changed);
  expect((await loadSections(home)).sections).toBe(changed[home.key]);
  expect(await loadSections(home)).toBe(await loadSections(home));
  expect(pageBlockTypes(home)).toEqual(['richText']);
  expect(await loadSections(other)).toBe(await loadSections(other));
  setChangedSections(() => undefined);
  expect(await loadSections(home)).toBe(built);
});
