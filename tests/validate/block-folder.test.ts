import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../scripts/lib/ajv';
import { generate } from '../../scripts/lib/generate/run';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, REPO, removeProjects, type ProjectEditor } from './helpers';

afterAll(removeProjects);

const CONFIG = 'pages.config.json';
const read = (root: string, file: string) => readFileSync(path.join(root, file), 'utf8');

/** A new block type, as a developer adds one: its folder, with its schema and its component. Nothing else. */
const HERO_SCHEMA = JSON.stringify(
  {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'HeroProps',
    type: 'object',
    'x-source': 'none',
    'x-skeleton': 300,
    required: ['title'],
    additionalProperties: false,
    properties: {
      title: { type: 'string', minLength: 1 },
      tone: { type: 'string', enum: ['plain', 'surface'], default: 'plain' },
      points: {
        type: 'array',
        items: {
          type: 'object',
          required: ['text'],
          additionalProperties: false,
          properties: { text: { type: 'string' }, icon: { type: 'string', default: 'check' } },
        },
      },
    },
  },
  null,
  2,
);
const HERO_COMPONENT = 'export default function HeroBlock({ props }: { props: { title: string } }) {\n  return props.title;\n}\n';
const HERO_PAGE =
  '{ "name": "Hero", "path": "/hero", "sections": [{ "type": "hero", "props": { "title": "Hello", "points": [{ "text": "One" }] } }] },';

function addHero(p: ProjectEditor) {
  p.write('src/blocks/hero/schema.json', HERO_SCHEMA);
  p.write('src/blocks/hero/index.tsx', HERO_COMPONENT);
  p.replace(CONFIG, '    { "name": "OldContact"', `    ${HERO_PAGE}\n    { "name": "OldContact"`);
}

describe('a block type is one folder', () => {
  // A whole generate and a tsc run on a copy of the project: over 20 s on a busy two-core machine.
  it('appears in the generated registry, chunk, props types and section union, with no other edit', async () => {
    const root = makeProject(addHero);
    expect((await generate(root)).warnings).toEqual([]);

    const registry = read(root, 'src/generated/registry.ts');
    expect(registry).toContain('  hero: { load: () => import("./block-chunks/hero"), skeleton: 300 },');
    const chunk = read(root, 'src/generated/block-chunks/hero.ts');
    expect(chunk).toContain('export * from "../../blocks/hero";\nexport { default } from "../../blocks/hero";');
    expect(chunk).toMatch(
      /tone: \{\n\s+default: "plain",\n\s+\},\n\s+points: \{\n\s+items: \{\n\s+properties: \{\n\s+icon: \{\n\s+default: "check",/,
    );

    // As a block receives them (defaults filled in) and as a section gives them.
    expect(read(root, 'src/generated/blocks.ts')).toMatch(
      /export interface HeroProps \{\n {2}title: string;\n {2}tone: "plain" \| "surface";/,
    );
    const sections = read(root, 'src/generated/sections.ts');
    expect(sections).toContain('  hero: HeroSectionProps;');
    expect(sections).toMatch(/export interface HeroSectionProps \{\n {2}title: string;\n {2}tone\?: "plain" \| "surface";/);
    const union = JSON.parse(read(root, 'src/generated/sections.schema.json')) as {
      properties: { type: { enum: string[] } };
      allOf: unknown[];
    };
    expect(union.properties.type.enum).toContain('hero');
    expect(union.allOf).toContainEqual({
      if: { properties: { type: { const: 'hero' } }, required: ['type'] },
      then: {
        if: { required: ['preset'] },
        then: { properties: { props: { $ref: 'partial-props/hero.json' } } },
        else: { required: ['props'], properties: { props: { $ref: '../blocks/hero/schema.json' } } },
      },
    });
    // A preset or a section naming one gives the props in part: nothing of the block is required there.
    const partial = JSON.parse(read(root, 'src/generated/partial-props/hero.json')) as Record<string, unknown>;
    expect(partial).not.toHaveProperty('required');
    expect(Object.keys(partial.properties as object)).toEqual(
      Object.keys(JSON.parse(read(root, 'src/blocks/hero/schema.json')).properties as object),
    );

    // The generated modules type-check with the new component.
    const tsc = spawnSync(
      path.join(REPO, 'node_modules/.bin/tsc'),
      [
        '--noEmit',
        '--strict',
        '--jsx',
        'react-jsx',
        '--target',
        'ES2022',
        '--module',
        'ESNext',
        '--moduleResolution',
        'bundler',
        'src/generated/registry.ts',
        'src/generated/config.ts',
      ],
      { encoding: 'utf8', cwd: root },
    );
    expect(tsc.stdout + tsc.stderr).toBe('');
  }, 60_000);

  it('npm run validate accepts a page using it and reports its props at file:line:column with their pointer', () => {
    const root = makeProject(addHero);
    const cli = spawnSync(path.join(REPO, 'node_modules/.bin/tsx'), [path.join(REPO, 'scripts/validate.ts'), '--root', root], {
      encoding: 'utf8',
      cwd: REPO,
    });
    expect(cli.stdout.trim()).toBe('✔ 12 files valid');
    expect(cli.status).toBe(0);

    const bad = makeProject((p) => {
      addHero(p);
      p.replace(CONFIG, '"props": { "title": "Hello"', '"props": { "title": "Hello", "tone": "loud"');
      p.replace(CONFIG, '"sections": [{ "type": "hero"', '"sections": [{ "type": "heor"');
    });
    expect(validateProject(bad)).toEqual([
      {
        file: CONFIG,
        ...positionOf(bad, CONFIG, '"heor"'),
        pointer: '/pages/6/sections/0/type',
        message: "unknown block type 'heor' — did you mean 'hero'?",
      },
    ]);
    const loud = makeProject((p) => {
      addHero(p);
      p.replace(CONFIG, '"props": { "title": "Hello"', '"props": { "title": "Hello", "tone": "loud"');
    });
    expect(validateProject(loud)).toEqual([
      {
        file: CONFIG,
        ...positionOf(loud, CONFIG, '"loud"'),
        pointer: '/pages/6/sections/0/props/tone',
        message: 'must be one of: plain, surface',
        keyword: 'enum',
        params: { allowedValues: ['plain', 'surface'] },
      },
    ]);
  });

  it("is what pages.schema.json applies to each section's props, through the generated union", async () => {
    const root = makeProject(addHero);
    await generate(root);
    const ajv = createAjv();
    const files = [
      'schemas/pages.schema.json',
      'src/generated/sections.schema.json',
      'src/generated/presets.schema.json',
      ...['articleList', 'banner', 'breadcrumbs', 'form', 'hero'].flatMap((b) => [
        `src/blocks/${b}/schema.json`,
        `src/generated/partial-props/${b}.json`,
      ]),
    ];
    for (const file of files) ajv.addSchema(JSON.parse(read(root, file)), pathToFileURL(path.join(root, file)).href);
    const validate = ajv.getSchema(pathToFileURL(path.join(root, 'schemas/pages.schema.json')).href)!;
    const config = JSON.parse(read(root, CONFIG)) as { pages: Array<{ sections?: Array<{ props?: Record<string, unknown> }> }> };
    expect(validate(config)).toBe(true);

    config.pages[6].sections![0].props!.tone = 'loud';
    expect(validate(config)).toBe(false);
    expect(validate.errors?.map((e) => `${e.instancePath} ${e.keyword}`)).toContain('/pages/6/sections/0/props/tone enum');
  });
});

describe('a block schema says what the engine does with it', () => {
  it('reports an unknown x-item, a malformed x-skeleton, an x-title that is no text and a default the engine never applies', () => {
    const root = makeProject((p) => {
      addHero(p);
      p.replace(
        'src/blocks/hero/schema.json',
        '"x-skeleton": 300',
        '"x-skeleton": { "height": 300, "noneWhen": "title" }, "x-item": "bannr", "x-title": 3',
      );
      p.replace(
        'src/blocks/hero/schema.json',
        '"additionalProperties": false,\n  "properties"',
        '"additionalProperties": false,\n  "anyOf": [{ "properties": { "title": { "default": "x" } } }],\n  "properties"',
      );
    });
    expect(validateProject(root).map((d) => `${d.file} ${d.pointer} ${d.message}`)).toEqual([
      "src/blocks/hero/schema.json /x-skeleton/noneWhen 'title' is not a boolean prop of the block",
      "src/blocks/hero/schema.json /x-item unknown resource kind 'bannr' — did you mean 'banner'?",
      'src/blocks/hero/schema.json /x-title must be a string (the block as the visual editor names it)',
      'src/blocks/hero/schema.json /anyOf/0/properties/title/default this default is never applied: the engine fills defaults along properties, items and allOf only',
    ]);
  });

  it("accepts x-hydrate 'never' and 'first' and reports any other value", () => {
    for (const value of ['never', 'first']) {
      const accepted = makeProject((p) => {
        addHero(p);
        p.replace('src/blocks/hero/schema.json', '"x-skeleton": 300', `"x-skeleton": 300, "x-hydrate": "${value}"`);
      });
      expect(validateProject(accepted)).toEqual([]);
    }
    const wrong = makeProject((p) => {
      addHero(p);
      p.replace('src/blocks/hero/schema.json', '"x-skeleton": 300', '"x-skeleton": 300, "x-hydrate": "idle"');
    });
    expect(validateProject(wrong).map((d) => `${d.file} ${d.pointer} ${d.message}`)).toEqual([
      "src/blocks/hero/schema.json /x-hydrate must be 'never' (a block whose HTML needs no script), 'first' (a block that sets up the page: input waits for it), or left out (the block runs in the browser)",
    ]);
  });
});
