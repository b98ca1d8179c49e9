import { isObject } from '../json-file';

/**
 * A change of pages.config.json in words, page by page ("Home: Banner changed", "Careers: page
 * added", "Site settings or presets changed"), and of a form file ("Contact form changed"): the dev
 * editor's publish and the studio's releases both say it so.
 */

/** 'planGrid' -> 'Plan grid', 'key-assignment' -> 'Key assignment'. */
export function words(name: string): string {
  const spaced = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .trim()
    .toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

type Section = { type?: unknown; id?: unknown; preset?: unknown };
type Page = { name?: unknown; sections?: unknown };

/** A section as an editor names it: its id, else its preset, else its block type, in words. */
function sectionName(section: Section): string {
  const name = [section.id, section.preset, section.type].find((value) => typeof value === 'string' && value !== '');
  return typeof name === 'string' ? words(name) : 'A section';
}

/** "FAQ added", "2 sections changed" … of one page's sections, before and after. */
function sectionChanges(before: readonly Section[], after: readonly Section[]): string[] {
  const key = (section: Section) => JSON.stringify(section);
  const left = [...before];
  const added: Section[] = [];
  for (const section of after) {
    const same = left.findIndex((old) => key(old) === key(section));
    if (same >= 0) left.splice(same, 1);
    else added.push(section);
  }
  // A section of the same name on both sides that differs was changed rather than removed and added.
  const changed: string[] = [];
  for (const section of [...added]) {
    const old = left.findIndex((candidate) => sectionName(candidate) === sectionName(section));
    if (old < 0) continue;
    changed.push(sectionName(section));
    left.splice(old, 1);
    added.splice(added.indexOf(section), 1);
  }
  const moved = changed.length === 0 && added.length === 0 && left.length === 0 && before.map(key).join() !== after.map(key).join();
  return [
    ...added.map((section) => `${sectionName(section)} added`),
    ...left.map((section) => `${sectionName(section)} removed`),
    ...changed.map((name) => `${name} changed`),
    ...(moved ? ['sections reordered'] : []),
  ];
}

/** What changed in pages.config.json, page by page, in words. */
export function configChanges(before: unknown, after: unknown): string[] {
  if (!isObject(after)) return ['Pages: removed'];
  if (!isObject(before)) return ['Pages: added'];
  const pages = (config: Record<string, unknown>) =>
    new Map((Array.isArray(config.pages) ? (config.pages as Page[]) : []).map((page) => [String(page.name), page]));
  const old = pages(before);
  const now = pages(after);
  const lines: string[] = [];
  for (const [name, page] of now) {
    const was = old.get(name);
    if (!was) {
      lines.push(`${name}: page added`);
      continue;
    }
    if (JSON.stringify(was) === JSON.stringify(page)) continue;
    const sections = (value: Page) => (Array.isArray(value.sections) ? (value.sections as Section[]) : []);
    const { sections: _old, ...wasRest } = was;
    const { sections: _now, ...pageRest } = page;
    const changes = [
      ...(JSON.stringify(wasRest) !== JSON.stringify(pageRest) ? ['settings changed'] : []),
      ...sectionChanges(sections(was), sections(page)),
    ];
    lines.push(`${name}: ${changes.join(', ')}`);
  }
  for (const name of old.keys()) if (!now.has(name)) lines.push(`${name}: page removed`);
  const { pages: _a, ...restBefore } = before;
  const { pages: _b, ...restAfter } = after;
  if (JSON.stringify(restBefore) !== JSON.stringify(restAfter)) lines.push('Site settings or presets changed');
  return lines;
}

/** A form file's change in words: "Contact form changed" (added, removed). */
export function formChange(file: string, before: unknown, after: unknown): string {
  const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
  return `${words(name)} form ${after === undefined ? 'removed' : before === undefined ? 'added' : 'changed'}`;
}
