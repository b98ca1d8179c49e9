import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { formatDiagnostic, formatSummary } from '../../scripts/lib/diagnostics';
import { checkProject } from '../../scripts/lib/validate-project';
import { makeProject, REPO, removeProjects } from './helpers';

/**
 * `npm run validate` runs bundled under plain Node (scripts/run-script.mjs) and keeps the compiled
 * validators of the schema files between runs (scripts/lib/schema-registry.ts). A run from the
 * cache must report exactly what a run that compiles reports, and a change must be seen.
 */

const temps: string[] = [];
afterAll(() => {
  removeProjects();
  for (const dir of temps.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
    // The runner's bundles of the scripts below, named after their path.
    const cache = path.join(REPO, 'node_modules/.cache/scripts');
    const name = path.relative(REPO, dir).replace(/[\\/]/g, '__');
    for (const file of existsSync(cache) ? readdirSync(cache) : []) {
      if (file.startsWith(name)) rmSync(path.join(cache, file), { force: true });
    }
  }
});

const BANNER = 'src/blocks/banner/schema.json';
const BREADCRUMBS = 'src/blocks/breadcrumbs/schema.json';
const ARTICLE_LIST = 'src/blocks/articleList/schema.json';
const FORM = 'forms/contact.json';
const CONFIG = 'pages.config.json';
const CITY =
  '"city": { "type": "string", "maxLength": 100, "x-text": "single-line", "errorMessage": "Enter a city of at most 100 characters" }';

const runner = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(REPO, 'scripts/run-script.mjs'), ...args], { encoding: 'utf8' });

/** `validate` in a new process, bundled: what it prints. */
function validateCli(root: string): string[] {
  return runner(path.join(REPO, 'scripts/validate.ts'), '--root', root).stdout.trimEnd().split('\n');
}

/** What the CLI should print, from a check in this process. */
function expected(root: string): string[] {
  const { diagnostics, filesChecked } = checkProject(root);
  return [...diagnostics.map((d) => formatDiagnostic(d)), formatSummary(diagnostics, filesChecked)];
}

describe('the QA gate from its cache', () => {
  it('reports the same problems as a run that compiles', () => {
    const root = makeProject((p) => {
      // Problems of the schema files: an unknown keyword, a meta-schema error, a $ref that resolves nowhere.
      p.replace(BANNER, '"minLength": 1', '"minlength": 1');
      p.replace(ARTICLE_LIST, '"type": "object",\n  "x-item"', '"type": "objekt",\n  "x-item"');
      p.replace(BREADCRUMBS, 'pages.schema.json#/definitions/Link"', 'pages.schema.json#/definitions/Lnik"');
      // Problems of the config (the block's validator, with did-you-mean) and of a form (its meta-schema, and one that does not compile).
      p.replace(CONFIG, '"align": "left"', '"align": "right"');
      p.replace(CONFIG, '"title": "Welcome"', '"titel": "Welcome"');
      p.replace(FORM, CITY, '"city": { "$ref": "#/definitions/City" }');
      p.replace(FORM, '"key": "contact-us"', '"key": 5');
    });
    const cache = path.join(root, 'node_modules/.cache/schema-pipeline/validators.json');
    expect(existsSync(cache)).toBe(false);
    const compiled = expected(root);
    expect(existsSync(cache)).toBe(true);
    expect(compiled.join('\n')).toMatch(/src\/blocks\/breadcrumbs\/schema\.json.*cannot resolve \$ref/);
    expect(compiled.join('\n')).toMatch(/src\/blocks\/articleList\/schema\.json.*\/type/);
    expect(compiled.join('\n')).toMatch(/unknown keyword 'minlength'/);
    expect(compiled.join('\n')).toMatch(/unknown property 'titel' — did you mean 'title'\?/);
    expect(compiled.join('\n')).toMatch(/forms\/contact\.json.*cannot resolve \$ref '#\/definitions\/City'/);
    expect(compiled.join('\n')).toMatch(/forms\/contact\.json.*\/key/);
    // Another process: everything comes from the cache.
    expect(validateCli(root)).toEqual(compiled);
    expect(validateCli(root)).toEqual(compiled);
  });

  it('sees a changed form and a changed schema', () => {
    const root = makeProject();
    expect(validateCli(root)).toEqual(['✔ 11 files valid']);

    const form = path.join(root, FORM);
    writeFileSync(form, readFileSync(form, 'utf8').replace(CITY, '"city": { "$ref": "#/definitions/City" }'));
    expect(validateCli(root)).toEqual([
      expect.stringMatching(/^forms\/contact\.json:\d+:\d+ {2}\/schema\/properties\/address\/properties\/city\/\$ref {2}cannot resolve/),
      '✖ 1 error in 1 file',
    ]);

    const banner = path.join(root, BANNER);
    writeFileSync(banner, readFileSync(banner, 'utf8').replace('"enum": ["left", "center"]', '"enum": ["center"]'));
    expect(validateCli(root)).toEqual(expected(root));
    expect(validateCli(root).join('\n')).toContain('/props/align  must be one of: center');
  });
});

describe('scripts/run-script.mjs', () => {
  it('runs a TypeScript script, rebuilt when a file it imports changes, with its own import.meta.url', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'run-script-'));
    temps.push(dir);
    const main = path.join(dir, 'main.ts');
    writeFileSync(main, "import { word } from './word';\nconsole.log(`${word} ${import.meta.url} ${process.argv.slice(2).join(',')}`);\n");
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'one';\n");
    const url = pathToFileURL(main).href;
    expect(runner(main, '--a', 'b').stdout).toBe(`one ${url} --a,b\n`);
    expect(runner(main).stdout).toBe(`one ${url} \n`);
    writeFileSync(path.join(dir, 'word.ts'), "export const word: string = 'two';\n");
    expect(runner(main).stdout).toBe(`two ${url} \n`);
  });
});
