import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEditor, type EditedProject } from './editor-project';

/**
 * The Pages tab speaks an editor's language: every label, hint, heading, option and message it shows
 * on every page, on a section of every block type, with Advanced open and with a problem at a field,
 * holds no file path of the project, no arrow notation, no route-parameter jargon, no page's
 * PascalCase name and none of the schema validator's raw English.
 */
const PORT = Number(process.env.EDITOR_E2E_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;

let dir: string;
let project: EditedProject;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await startEditor('editor-e2e-words-', PORT);
  dir = project.dir;
});

test.afterAll(() => project?.stop());

/** What the editor says, with where it was seen. */
type Seen = Array<{ where: string; text: string }>;

/** The editor's visible text and its labels, placeholders and tooltips (the preview's frame aside). */
async function texts(page: Page): Promise<string> {
  return page.evaluate(() => {
    const out = [document.body.innerText];
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [aria-description]')) {
      if (element.tagName === 'IFRAME') continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'aria-description']) {
        const value = element.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out.join('\n');
  });
}

/** The options of the panel's "Shows" choice, when the section has one. */
async function sourceOptions(page: Page, panel: Locator): Promise<string> {
  const shows = panel.getByRole('combobox', { name: 'Shows' });
  if ((await shows.count()) === 0) return '';
  await shows.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  const options = (await listbox.getByRole('option').allInnerTexts()).join('\n');
  await page.keyboard.press('Escape');
  return options;
}

const RAW = [
  /schemas\//,
  /sources\.json/,
  /->/,
  /':param'/,
  /must have required property/,
  /must be (?:an )?integer/,
  /must NOT have/,
  /must match pattern/,
  /must be equal to one of/,
];

interface Config {
  pages: Array<{ name: string; sections?: Array<{ type: string }> }>;
}

test('the Pages tab shows no file path, notation or raw validator text', async ({ page }) => {
  test.setTimeout(900_000);
  const config = JSON.parse(readFileSync(path.join(dir, 'pages.config.json'), 'utf8')) as Config;
  await page.goto(`${BASE}/__editor/`);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('No unsaved changes')).toBeVisible({ timeout: 60_000 });

  const nav = page.getByRole('navigation', { name: 'Pages and sections' });
  const pageButtons = nav.locator('[aria-labelledby="pages-heading"] > li > button');
  const panel = page.locator('section[aria-label$="properties"]');
  const seen: Seen = [];

  // Every page: its entry in the list, its settings and its outline.
  for (let index = 0; index < config.pages.length; index++) {
    await pageButtons.nth(index).click();
    await expect(pageButtons.nth(index)).toHaveAttribute('aria-current', 'true');
    seen.push({ where: `page ${config.pages[index].name}`, text: await texts(page) });
  }

  // A section of every block type, with its choice of content listed and Advanced open.
  const firstOfType = new Map<string, [number, number]>();
  config.pages.forEach((p, pageIndex) =>
    (p.sections ?? []).forEach((section, sectionIndex) => {
      if (!firstOfType.has(section.type)) firstOfType.set(section.type, [pageIndex, sectionIndex]);
    }),
  );
  let advancedSeen = false;
  for (const [type, [pageIndex, sectionIndex]] of firstOfType) {
    await pageButtons.nth(pageIndex).click();
    await nav.locator('ol > li').nth(sectionIndex).locator('button').nth(1).click();
    await expect(page.locator('section[aria-label="Section properties"]')).toBeVisible();
    const where = `section ${sectionIndex + 1} (${type}) of ${config.pages[pageIndex].name}`;
    seen.push({ where, text: await texts(page) });
    seen.push({ where: `${where}, its content's choices`, text: await sourceOptions(page, panel) });
    const advanced = panel.getByRole('button', { name: 'Advanced' });
    if ((await advanced.count()) > 0) {
      if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
      await expect(advanced).toHaveAttribute('aria-expanded', 'true');
      advancedSeen = true;
      seen.push({ where: `${where}, Advanced open`, text: await texts(page) });
    }
  }
  expect(advancedSeen, 'some section has Advanced').toBe(true);
  expect(firstOfType.size).toBeGreaterThan(20);

  // A problem at a field: an anchor the gate refuses (its pattern) is said in the editor's words.
  const [pageIndex, sectionIndex] = firstOfType.get('faq')!;
  await pageButtons.nth(pageIndex).click();
  await nav.locator('ol > li').nth(sectionIndex).locator('button').nth(1).click();
  const anchor = panel.getByRole('textbox', { name: 'Anchor', exact: true });
  await anchor.fill('Our Questions!');
  await anchor.press('Tab');
  await expect(page.getByText(/problem/i).first()).toBeVisible({ timeout: 60_000 });
  seen.push({ where: 'a section with a problem', text: await texts(page) });

  const pascal = config.pages.map((p) => p.name).filter((name) => /^[A-Z][a-z0-9]+[A-Z]/.test(name));
  const banned = [...RAW, ...pascal.map((name) => new RegExp(`\\b${name}\\b`))];
  const found = seen.flatMap(({ where, text }) =>
    banned.flatMap((pattern) => {
      const match = pattern.exec(text);
      if (!match) return [];
      const at = Math.max(0, match.index - 60);
      return [`${where}: ${pattern} in “…${text.slice(at, match.index + 60).replace(/\s+/g, ' ')}…”`];
    }),
  );
  expect(found).toEqual([]);
});
