import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolvePresets } from '../../domain/page-presets';
import { generate } from '../../scripts/lib/generate/run';
import type { GenerateStep } from '../../scripts/lib/generate/step';
import { formValidators } from '../../scripts/lib/generate/validators';
import { makeProject, REPO, removeProjects } from './helpers';

afterAll(removeProjects);

const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');
const TYPES = [
  'src/generated/config.ts',
  'src/generated/blocks.ts',
  'src/generated/sections.ts',
  'src/generated/api.ts',
  'src/generated/forms.ts',
];
/** What the block folders give beside their types: the union schemas of sections and presets, each block's partial props, a chunk module per block, the registry. */
const BLOCK_FILES = (blocks: string[]) => [
  'src/generated/sections.schema.json',
  'src/generated/presets.schema.json',
  ...blocks.map((b) => `src/generated/partial-props/${b}.json`),
  ...blocks.map((b) => `src/generated/block-chunks/${b}.ts`),
  'src/generated/registry.ts',
];
const FIXTURE_BLOCKS = BLOCK_FILES(['articleList', 'banner', 'breadcrumbs', 'form']);
const inOrder = (blockFiles: string[], rest: string[]) => [
  'src/generated/config.ts',
  'src/generated/blocks.ts',
  'src/generated/sections.ts',
  ...blockFiles,
  'src/generated/api.ts',
  'src/generated/forms.ts',
  ...rest,
];
/** The fixture config split for the browser (generate/page-files.ts): sections per page, the site and route table, their loaders. */
const PAGE_FILES = [
  ...[0, 1, 2, 3, 4, 5, 6].map((i) => `src/generated/page-sections/p${i}.json`),
  'src/generated/site-config.json',
  'src/generated/page-sections.ts',
];
const OUTPUTS = [
  ...inOrder(FIXTURE_BLOCKS, [
    'src/generated/form-files/contact.json',
    'src/generated/validators/contact.js',
    'src/generated/validators/contact.d.ts',
    'src/generated/validators/index.ts',
  ]),
  ...PAGE_FILES,
];

describe('generate', () => {
  it('writes the type modules, with BlockPropsMap over the fixture blocks', async () => {
    const root = makeProject();
    const result = await generate(root);
    expect(result).toMatchObject({ files: OUTPUTS, changed: OUTPUTS, warnings: [], cached: false });

    const blocks = read(root, 'src/generated/blocks.ts');
    expect(blocks).toContain(
      [
        'export interface BlockPropsMap {',
        '  articleList: ArticleListProps;',
        '  banner: BannerProps;',
        '  breadcrumbs: BreadcrumbsProps;',
        '  form: FormProps;',
        '}',
      ].join('\n'),
    );
    expect(blocks).toContain('export interface BannerProps {\n  title?: string;\n  align?: "left" | "center";\n}');
    expect(blocks).toContain('export interface ArticleHeading {');
    expect(blocks).toContain('export type BlockType = keyof BlockPropsMap;');
    expect(blocks).toContain('export const blockTypes = [\n  "articleList",\n  "banner",\n  "breadcrumbs",\n  "form",\n] as const;');
    expect(blocks).toMatch(
      /blockSourceItem: Record<BlockType, string \| null> = \{\n {2}articleList: "article",\n {2}banner: "banner",\n {2}breadcrumbs: null,/,
    );

    const api = read(root, 'src/generated/api.ts');
    expect(api).toContain('export interface ResourceMap {\n  article: Article;\n  banner: Banner;\n}');
    expect(api).toContain('export interface Banner {\n  id: number;\n  precedence: number;\n  title: string;\n}');
    expect(api).toContain('"{short}-app-sliders": {');
    expect(api).toContain('export type SourceName = keyof typeof sources;');

    const forms = read(root, 'src/generated/forms.ts');
    expect(forms).toContain('export interface ContactFormData {');
    expect(forms).toContain('  title?: "Mrs." | "Ms." | "Mr.";\n  name: string;\n  email: string;');
    expect(forms).toContain('export const formNames = [\n  "contact",\n] as const;');
    expect(forms).toContain('export interface FormFlow {');

    const config = read(root, 'src/generated/config.ts');
    for (const name of ['PagesConfig', 'SiteSettings', 'PageConfig', 'Link', 'SocialLink', 'PageLayout']) {
      expect(config).toContain(`export interface ${name} {`);
    }
    // A section is the union typed from the block -> props map (sections.ts).
    expect(config).toContain('export type Section = BlockSection;');
  });

  it("fills the product's names into the form files the site and the server run, an option value included", async () => {
    const root = makeProject((p) => {
      p.replace('forms/contact.json', '"enum": ["Mrs.", "Ms.", "Mr."]', '"enum": ["Mrs.", "{product} Employee", "{short} staff"]');
      p.replace(
        'forms/contact.json',
        '"message": "You have successfully submitted your message."',
        '"message": "Thanks from {product}, {year}: up to {max}."',
      );
    });
    await generate(root);
    const resolved = JSON.parse(read(root, 'src/generated/form-files/contact.json')) as Record<string, any>;
    expect(resolved.schema.properties.title.enum).toEqual(['Mrs.', 'Demo Doc Employee', 'demodoc staff']);
    // Run-time placeholders stay; the editors' $schema pointer is left out.
    expect(resolved.flow.success.message).toBe('Thanks from Demo Doc, {year}: up to {max}.');
    expect(resolved).not.toHaveProperty('$schema');
    expect(resolved.key).toBe('contact-us');
    // The validator and the types are compiled from the filled schema.
    expect(read(root, 'src/generated/validators/contact.js')).toContain('"Demo Doc Employee"');
    expect(read(root, 'src/generated/validators/contact.js')).not.toContain('{product}');
    expect(read(root, 'src/generated/forms.ts')).toContain('title?: "Mrs." | "Demo Doc Employee" | "demodoc staff";');
    // The forms/ source keeps the placeholder for editors.
    expect(read(root, 'forms/contact.json')).toContain('"{product} Employee"');

    // A new product name in pages.config.json regenerates them.
    const config = path.join(root, 'pages.config.json');
    writeFileSync(config, readFileSync(config, 'utf8').replace('"name": "Demo Doc"', '"name": "Other Care"'));
    const again = await generate(root);
    expect(again.changed).toEqual(expect.arrayContaining(['src/generated/form-files/contact.json', 'src/generated/validators/contact.js']));
    expect(JSON.parse(read(root, 'src/generated/form-files/contact.json')).schema.properties.title.enum).toContain('Other Care Employee');
  });

  it('writes nothing when nothing changed, and only what changed otherwise', async () => {
    const root = makeProject();
    await generate(root);
    expect(await generate(root)).toMatchObject({ changed: [], cached: true });
    expect(await generate(root, { force: true })).toMatchObject({ changed: [], cached: false });

    const file = path.join(root, 'src/blocks/banner/schema.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"enum": ["left", "center"]', '"enum": ["left", "center", "right"]'));
    expect(await generate(root)).toMatchObject({
      changed: ['src/generated/blocks.ts', 'src/generated/sections.ts', 'src/generated/partial-props/banner.json'],
    });
    expect(read(root, 'src/generated/blocks.ts')).toContain('align?: "left" | "center" | "right";');

    // A generated file edited by hand is rewritten.
    writeFileSync(path.join(root, 'src/generated/api.ts'), '// edited');
    expect(await generate(root)).toMatchObject({ changed: ['src/generated/api.ts'] });
  });

  it("splits the config for the browser: site and route table in one file, each page's sections (presets applied) in its own", async () => {
    const root = makeProject();
    await generate(root);
    const config = JSON.parse(read(root, 'pages.config.json')) as { site: unknown; pages: Array<Record<string, unknown>> };
    const split = JSON.parse(read(root, 'src/generated/site-config.json')) as { site: unknown; pages: Array<Record<string, unknown>> };
    expect(split.site).toEqual(config.site);
    expect(split.pages.map((page) => page.key)).toEqual(config.pages.map((_, i) => `p${i}`));
    const joined = split.pages.map(({ key, ...route }) => ({
      ...route,
      sections: JSON.parse(read(root, `src/generated/page-sections/${String(key)}.json`)),
    }));
    expect(joined).toEqual(resolvePresets(config).pages.map((page) => ({ sections: [], ...page })));
    expect(read(root, 'src/generated/page-sections.ts')).toContain("  p0: () => import('./page-sections/p0.json'),");

    // An edit of the config reruns this step alone.
    const file = path.join(root, 'pages.config.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace('"name": "Home"', '"name": "Start"'));
    const again = await generate(root);
    expect(again).toMatchObject({ cached: false, changed: ['src/generated/site-config.json'] });
    expect(read(root, 'src/generated/site-config.json')).toContain('"name":"Start"');

    // A page less leaves no stale sections file behind.
    const fewer = JSON.parse(readFileSync(file, 'utf8')) as { pages: unknown[] };
    fewer.pages.pop();
    writeFileSync(file, JSON.stringify(fewer));
    await generate(root);
    expect(existsSync(path.join(root, 'src/generated/page-sections/p6.json'))).toBe(false);
  });

  it('runs bundled under plain Node (npm run generate): skips an unchanged project, sees a changed theme or form', () => {
    const root = makeProject((p) =>
      p.write('src/app/theme.ts', "export const theme: Record<string, string> = { colorBrand: '#123456' };\n"),
    );
    const run = () => {
      const result = spawnSync(
        process.execPath,
        [path.join(REPO, 'scripts/run-script.mjs'), path.join(REPO, 'scripts/generate.ts'), '--root', root],
        {
          encoding: 'utf8',
        },
      );
      expect(result.stderr).toBe('');
      return result.stdout;
    };
    expect(run()).toMatch(/^generated \d+ files \(\d+ changed\)\n$/);
    // The theme source is TypeScript: imported through tsx's API where Node alone cannot.
    expect(read(root, 'src/generated/theme.css')).toContain('  --colorBrand: #123456;');
    expect(run()).toMatch(/\(0 changed\)/);

    writeFileSync(path.join(root, 'src/app/theme.ts'), "export const theme: Record<string, string> = { colorBrand: '#654321' };\n");
    expect(run()).toMatch(/\(1 changed\)/);
    expect(read(root, 'src/generated/theme.css')).toContain('  --colorBrand: #654321;');

    const form = path.join(root, 'forms/contact.json');
    writeFileSync(form, readFileSync(form, 'utf8').replace('"title": "Title"', '"title": "Salutation"'));
    expect(run()).not.toMatch(/\(0 changed\)/);
    expect(read(root, 'src/generated/form-files/contact.json')).toContain('"Salutation"');
  });

  it('reruns only the steps that read what changed, and compiles only the changed forms', async () => {
    const root = makeProject((p) => p.write('forms/other.json', p.read('forms/contact.json').replace('"contact-us"', '"other"')));
    const runs: string[] = [];
    const spy = (name: string, reads: GenerateStep['reads']): GenerateStep => ({
      name,
      reads,
      run: async () => {
        runs.push(name);
        return [];
      },
    });
    const validators: GenerateStep = { ...formValidators, run: (ctx) => (runs.push(formValidators.name), formValidators.run(ctx)) };
    const all = [spy('schemas', ['schemas']), spy('forms', ['forms']), spy('theme', ['theme']), spy('everything', undefined), validators];
    const ranAfter = async (edit: () => void) => {
      edit();
      runs.length = 0;
      await generate(root, { steps: all });
      return [...runs];
    };
    const edit = (file: string, from: string, to: string) => () =>
      writeFileSync(path.join(root, file), readFileSync(path.join(root, file), 'utf8').replace(from, to));
    const memo = path.join(root, 'node_modules/.cache/schema-pipeline/memo/form-validators');

    expect(await ranAfter(() => {})).toEqual(['schemas', 'forms', 'theme', 'everything', 'form validators']);
    const compiled = readdirSync(memo).map((name) => [name, statSync(path.join(memo, name)).mtimeMs]);
    expect(compiled).toHaveLength(2);
    expect(await ranAfter(() => {})).toEqual([]);
    expect(await ranAfter(edit('forms/other.json', '"title": "Title"', '"title": "Salutation"'))).toEqual([
      'forms',
      'everything',
      'form validators',
    ]);
    // contact's validator came from the memo; other's was compiled, its old one dropped.
    const now = readdirSync(memo).map((name) => [name, statSync(path.join(memo, name)).mtimeMs]);
    expect(now).toHaveLength(2);
    expect(now.filter((entry) => compiled.some(([name, time]) => name === entry[0] && time === entry[1]))).toHaveLength(1);
    expect(read(root, 'src/generated/validators/other.js')).toContain('Salutation');

    expect(await ranAfter(edit('src/blocks/banner/schema.json', '"left", "center"', '"left", "center", "right"'))).toEqual([
      'schemas',
      'everything',
      'form validators',
    ]);
    // Of pages.config.json the form steps read only the product's names.
    expect(await ranAfter(edit('pages.config.json', '"title": "Welcome"', '"title": "Hello"'))).toEqual(['everything']);
    expect(await ranAfter(edit('pages.config.json', '"name": "Demo Doc"', '"name": "Other Care"'))).toEqual([
      'forms',
      'everything',
      'form validators',
    ]);
    const theme = () => {
      mkdirSync(path.join(root, 'src/app'), { recursive: true });
      writeFileSync(path.join(root, 'src/app/theme.ts'), 'export const theme = {};\n');
    };
    expect(await ranAfter(theme)).toEqual(['theme', 'everything']);
  });

  it('works without blocks, API schemas or forms', async () => {
    const root = makeProject();
    for (const dir of ['src/blocks', 'schemas/api', 'forms']) rmSync(path.join(root, dir), { recursive: true });
    const result = await generate(root);
    expect(result.files).toEqual([...inOrder(BLOCK_FILES([]), ['src/generated/validators/index.ts']), ...PAGE_FILES]);
    expect(read(root, 'src/generated/blocks.ts')).toContain('export const blockTypes = [] as const;');
    expect(read(root, 'src/generated/api.ts')).toContain('export const sources = {} as const;');
    expect(read(root, 'src/generated/forms.ts')).toContain('export const formNames = [] as const;');
  });

  it('skips an input it cannot read, with a warning, and generates the rest', async () => {
    const root = makeProject((p) => p.write('src/blocks/hero/schema.json', '{ "type": "object", }'));
    const result = await generate(root);
    expect(result.warnings).toEqual([
      "src/blocks/hero/schema.json: skipped, not valid JSON (1:21 invalid JSON: unexpected '}' (trailing comma?))",
    ]);
    expect(read(root, 'src/generated/blocks.ts')).toContain('  banner: BannerProps;');
  });

  it('produces modules that type-check under strict TypeScript', async () => {
    const root = makeProject();
    await generate(root);
    const tsc = spawnSync(
      path.join(REPO, 'node_modules/.bin/tsc'),
      ['--noEmit', '--strict', '--target', 'ES2022', '--module', 'ESNext', '--moduleResolution', 'bundler', ...TYPES],
      { encoding: 'utf8', cwd: root },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  }, 120_000); // TypeScript 6 type-checks in about 30 s on these machines, more under load
});
