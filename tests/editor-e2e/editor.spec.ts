import { expect, test, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startEditor, type EditedProject } from './editor-project';
import { expectNoSeriousA11yViolations } from '../e2e/helpers';
import { submission, VALID_SUBMISSIONS } from '../server/requests';

/**
 * `npm run edit` on a copy of the project, driven as an editor drives it: a prop typed into the
 * generated form shows in the real page of the preview, undo takes it back, save writes a one-line
 * diff, a mistake is shown on its field and never saved, sections move by keyboard, a file changed on
 * disk is noticed, and a form gets a new field. What is saved reaches the site the same server serves:
 * a section added from the palette shows on its page, and a form's new select shows on its page and
 * is accepted by the API. Axe finds no serious violation in the editor.
 */
const PORT = Number(process.env.EDITOR_E2E_PORT ?? 8197);
const BASE = `http://127.0.0.1:${PORT}`;

let dir: string;
let project: EditedProject;

const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

/** The lines `git diff` shows removed and added between two texts. */
function diffLines(before: string, after: string): { removed: string[]; added: string[] } {
  const a = path.join(dir, 'before.json');
  const b = path.join(dir, 'after.json');
  writeFileSync(a, before);
  writeFileSync(b, after);
  const diff = spawnSync('git', ['diff', '--no-index', '--unified=0', a, b], { encoding: 'utf8' }).stdout.split('\n');
  return {
    removed: diff.filter((line) => line.startsWith('-') && !line.startsWith('---')),
    added: diff.filter((line) => line.startsWith('+') && !line.startsWith('+++')),
  };
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  project = await startEditor('editor-e2e-', PORT);
  dir = project.dir;
});

test.afterAll(() => project?.stop());

async function openEditor(page: Page): Promise<void> {
  await page.goto(`${BASE}/__editor/`);
  // The first visit compiles the editor's modules on demand: give it time.
  await expect(topBar(page).getByRole('button', { name: 'Save' })).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText('No unsaved changes')).toBeVisible({ timeout: 60_000 });
}

const topBar = (page: Page) => page.getByRole('banner');
const props = (page: Page) => page.getByRole('region', { name: 'Settings' });
const preview = (page: Page) => page.frameLocator('iframe[title^="Preview of the page"]');

test('a prop typed in the form shows in the preview, undo takes it back, save writes a small diff', async ({ page }) => {
  await openEditor(page);
  const before = read('pages.config.json');
  await page.getByRole('button', { name: /Preset: plan-grid/ }).click();
  const title = props(page).getByRole('textbox', { name: 'Title', exact: true });
  await expect(title).toHaveValue('Choose your plan');
  await expect(preview(page).getByRole('heading', { name: 'Choose your plan' })).toBeVisible({ timeout: 60_000 });
  // The preview's outline of the selected section is labelled with its name, as in the outline.
  await expect(preview(page).locator('.editor-outline--selected')).toHaveAttribute('data-label', 'Choose your plan');

  await title.fill('Pick a plan');
  await expect(preview(page).getByRole('heading', { name: 'Pick a plan' })).toBeVisible();
  await expect(preview(page).locator('.editor-outline--selected')).toHaveAttribute('data-label', 'Pick a plan');
  await expect(page.getByText('1 file unsaved')).toBeVisible();

  await topBar(page).getByRole('button', { name: 'Undo' }).click();
  await expect(title).toHaveValue('Choose your plan');
  await expect(preview(page).getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Redo' }).click();
  await expect(title).toHaveValue('Pick a plan');

  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible();
  // The section uses a preset: the title is written as its own override, and nothing else changes.
  const { removed, added } = diffLines(before, read('pages.config.json'));
  expect(removed.length).toBeLessThanOrEqual(1);
  expect(added.join('\n')).toContain('"title": "Pick a plan"');
  expect(added.length).toBeLessThanOrEqual(6);
});

test('a mistake shows on its field and is not saved', async ({ page }) => {
  await openEditor(page);
  const before = read('pages.config.json');
  await page.getByRole('button', { name: /Preset: plan-grid/ }).click();
  // An anchor is an element id: lower-case letters, digits and dashes.
  await props(page).getByRole('textbox', { name: 'Anchor', exact: true }).fill('Our Plans!');
  await expect(page.getByText(/problem/i).first()).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/Not saved/)).toBeVisible();
  expect(read('pages.config.json')).toBe(before);
});

test('sections move by keyboard alone, and a file changed on disk is noticed', async ({ page }) => {
  await openEditor(page);
  const handle = page.getByRole('button', { name: /^Move Home page banners, section 2 of/ });
  await handle.focus();
  // dnd-kit's keyboard sensor: Space picks up, an arrow moves, Space drops (each after its animation frame).
  for (const key of ['Space', 'ArrowDown', 'Space']) {
    await page.keyboard.press(key);
    await page.waitForTimeout(300);
  }
  await expect(page.getByRole('button', { name: /^Move Home page banners, section 3 of/ })).toBeVisible();

  const file = path.join(dir, 'forms/contact.json');
  writeFileSync(file, read('forms/contact.json').replace('"Submit"', '"Send"'));
  await expect(page.getByText(/changed on disk/)).toBeVisible({ timeout: 15_000 });
});

test('a form gets a new text field with its length rule, and saves', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('tab', { name: 'Forms' }).click();
  await page
    .getByRole('navigation', { name: 'Form files' })
    .getByRole('button', { name: /^Quote/ })
    .click();
  await page.getByRole('textbox', { name: 'Label' }).fill('Company size');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Text' });
  await page.getByRole('button', { name: 'Add field' }).click();
  await expect(page.getByRole('button', { name: /Company size/ }).first()).toBeVisible();
  await expect(page.getByText('1 file unsaved')).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible();
  const saved = JSON.parse(read('forms/quote.json')) as { schema: { properties: Record<string, unknown> } };
  expect(saved.schema.properties.companySize).toMatchObject({ type: 'string', maxLength: 200, 'x-text': 'single-line' });
});

test('Add an FAQ section to About, fill its props, move it up, and save', async ({ page }) => {
  await openEditor(page);
  const before = read('pages.config.json');
  const nav = page.getByRole('navigation', { name: 'Pages and sections' });
  await nav.getByRole('button', { name: /^About\s*\/about$/ }).click();
  await expect(page.getByRole('heading', { name: 'Sections of About' })).toBeVisible();

  // With no section selected, a new section goes to the end of the page.
  await nav.getByRole('button', { name: 'Add section' }).click();
  const palette = page.getByRole('dialog', { name: 'Add a section' });
  await palette.getByRole('searchbox').fill('faq');
  await palette.getByRole('button', { name: /^Frequently asked questions/ }).click();
  await expect(palette).toBeHidden();

  const panel = page.getByRole('region', { name: 'Section properties' });
  // An FAQ section lists the questions of a source of FAQ items (x-source: required, x-item: faq).
  await panel.getByRole('combobox', { name: 'Shows' }).click();
  await page.getByRole('option', { name: /^Frequently asked questions/ }).click();
  await props(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Questions about us');
  await expect(preview(page).getByRole('heading', { name: 'Questions about us' })).toBeVisible({ timeout: 60_000 });

  await nav.getByRole('button', { name: 'Move up' }).click();
  await expect(nav.getByRole('button', { name: /^Move Questions about us, section 6 of 7/ })).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible();

  // The file is the one before with the section inserted before About's last one, and nothing else.
  const after = read('pages.config.json');
  const section = { type: 'faq', source: 'faqs', props: { title: 'Questions about us' } };
  const expected = JSON.parse(before) as { pages: { name: string; sections: unknown[] }[] };
  expected.pages.find((p) => p.name === 'About')!.sections.splice(5, 0, section);
  expect(JSON.parse(after)).toEqual(expected);
  const { removed, added } = diffLines(before, after);
  // The diff adds the section's lines; at most a closing line is written again, to gain a comma.
  expect(removed.length).toBeLessThanOrEqual(1);
  for (const line of removed) expect(line).toMatch(/^-\s*[}\]],?$/);
  const sectionText = added
    .slice(removed.length)
    .map((line) => line.slice(1))
    .join('\n');
  expect(JSON.parse(sectionText.replace(/,\s*$/, ''))).toEqual(section);

  // The project as saved passes the QA gate.
  const validate = spawnSync('npm', ['run', 'validate', '--silent'], { cwd: dir, encoding: 'utf8' });
  expect(validate.status, `${validate.stdout}${validate.stderr}`).toBe(0);

  // The site (served by the same dev server, regenerated on save) shows the section.
  await page.goto(`${BASE}/about`);
  await expect(page.getByRole('heading', { name: 'Questions about us' })).toBeVisible({ timeout: 30_000 });
});

test("Add a 'Preferred time' select to the contact form and save", async ({ page }) => {
  await openEditor(page);
  await page.getByRole('tab', { name: 'Forms' }).click();
  await page
    .getByRole('navigation', { name: 'Form files' })
    .getByRole('button', { name: /^Contact/ })
    .click();
  await page.getByRole('textbox', { name: 'Label' }).fill('Preferred time');
  await page.getByRole('combobox', { name: 'Kind' }).selectOption({ label: 'Select with options' });
  await page.getByRole('button', { name: 'Add field' }).click();
  // A new field opens with its settings: a select's options are edited one input each.
  const settings = page.getByRole('group', { name: 'Settings of Preferred time' });
  await settings.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Morning');
  await settings.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Afternoon');
  await expect(page.getByText('1 file unsaved')).toBeVisible();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText('Saved', { exact: true })).toBeVisible();
  const saved = JSON.parse(read('forms/contact.json')) as { schema: { properties: Record<string, unknown> } };
  expect(saved.schema.properties.preferredTime).toMatchObject({ type: 'string', title: 'Preferred time', enum: ['Morning', 'Afternoon'] });

  // The site's contact page renders the field.
  await page.goto(`${BASE}/contact`);
  await expect(page.getByLabel('Preferred time')).toBeVisible({ timeout: 30_000 });

  // The API takes a submission with it, sent as the site sends it (through the dev server's /api
  // proxy), once the config gate has written the form's validator: it writes the copy the page shows
  // first, the validator after it, and the API reads a saved form again (demo mode).
  await expect.poll(() => read('src/generated/validators/contact.js').includes('preferredTime'), { timeout: 30_000 }).toBe(true);
  const reply = await page.request.post(`${BASE}/api/v1/form-emails/contact-us`, {
    data: submission('contact-us', { ...VALID_SUBMISSIONS['contact-us'], preferredTime: 'Morning' }),
  });
  expect(reply.status(), await reply.text()).toBe(201);
});

test('Publish commits exactly the saved files once, with the message written', async ({ page }) => {
  // The copy becomes a git repository, with everything saved so far committed.
  const git = (...args: string[]) => spawnSync('git', args, { cwd: dir, encoding: 'utf8' }).stdout.trim();
  git('init', '--quiet', '--initial-branch=main');
  git('add', '--all');
  git('-c', 'user.name=Test', '-c', 'user.email=test@example.com', 'commit', '--quiet', '-m', 'Start');
  await openEditor(page);
  const publish = topBar(page).getByRole('button', { name: 'Publish…' });
  await expect(publish).toBeDisabled();

  await page.getByRole('button', { name: /Preset: plan-grid/ }).click();
  await props(page).getByRole('textbox', { name: 'Title', exact: true }).fill('Plans for everyone');
  // Unsaved changes are saved before they are published.
  await expect(publish).toBeDisabled();
  await topBar(page).getByRole('button', { name: 'Save' }).click();
  await expect(topBar(page).getByText(/^To publish: .*changed/)).toBeVisible();
  expect(git('log', '--format=%s')).toBe('Start');

  await publish.click();
  const dialog = page.getByRole('dialog', { name: 'Publish the saved changes' });
  await dialog.getByRole('textbox', { name: /What changed/ }).fill('Plan grid: a warmer title');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(topBar(page).getByText(/^Published as [0-9a-f]{7} on main$/)).toBeVisible();
  expect(git('log', '--format=%s').split('\n')).toEqual(['Plan grid: a warmer title', 'Start']);
  expect(git('show', '--name-only', '--format=', 'HEAD')).toBe('pages.config.json');
  await expect(publish).toBeDisabled();
});

test('An axe check of the editor finds no serious violation', async ({ page }) => {
  await openEditor(page);
  await page.getByRole('button', { name: /Preset: plan-grid/ }).click();
  await expect(props(page).getByRole('textbox', { name: 'Title', exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // A form with a select field opened: its settings and options editor are checked too.
  await page.getByRole('tab', { name: 'Forms' }).click();
  await page
    .getByRole('navigation', { name: 'Form files' })
    .getByRole('button', { name: /^Contact/ })
    .click();
  await page.getByRole('list', { name: 'Fields of the form, in order' }).getByRole('button', { name: 'Title', exact: true }).click();
  await expect(
    page.getByRole('group', { name: 'Settings of Title' }).getByRole('textbox', { name: 'Option 1', exact: true }),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
