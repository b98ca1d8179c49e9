import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FORMAT_VERSION, migrateText } from '../../scripts/lib/migrations';
import { validateProject } from '../../scripts/lib/validate-project';
import { makeProject, positionOf, removeProjects, REPO } from './helpers';

const temps: string[] = [];
afterAll(() => {
  removeProjects();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

const CONFIG = 'pages.config.json';
const current = readFileSync(path.join(REPO, CONFIG), 'utf8');
/** The real config as it was written in format 1: no formatVersion, the banner's old prop name. */
const version1 = current
  .replace(`  "formatVersion": ${FORMAT_VERSION.pages},\n`, '')
  .replaceAll('"hidePromoButtons"', '"dropPromoButtons"');

describe('npm run migrate', () => {
  it('brings a format-1 config to the current format, editing only what changes', () => {
    expect(version1).not.toBe(current);
    const result = migrateText('pages', version1);
    expect(result).toMatchObject({
      from: 1,
      to: FORMAT_VERSION.pages,
      applied: ["banner: prop 'dropPromoButtons' renamed 'hidePromoButtons'"],
    });
    // Byte for byte the config as committed: the layout, the order and every other line are kept.
    expect(result.text).toBe(current);
    expect(migrateText('pages', current).text).toBe(current);
  });

  it('renames the prop in presets too', () => {
    const text = '{"presets":{"b":{"type":"banner","props":{"dropPromoButtons":true}}},"pages":[]}';
    expect(JSON.parse(migrateText('pages', text).text)).toEqual({
      formatVersion: 2,
      presets: { b: { type: 'banner', props: { hidePromoButtons: true } } },
      pages: [],
    });
  });

  it('refuses a file newer than the engine', () => {
    expect(() => migrateText('pages', '{ "formatVersion": 99 }')).toThrow('newer');
  });

  it('rewrites a copy of the config and a form in place; --check reports without writing', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'migrate-'));
    temps.push(root);
    mkdirSync(path.join(root, 'forms'));
    writeFileSync(path.join(root, CONFIG), version1);
    const form = '{\n  "$schema": "../schemas/form.schema.json",\n  "key": "k"\n}\n';
    writeFileSync(path.join(root, 'forms/contact.json'), form);
    const run = (...args: string[]) =>
      spawnSync(
        process.execPath,
        [path.join(REPO, 'node_modules/tsx/dist/cli.mjs'), path.join(REPO, 'scripts/migrate.ts'), '--root', root, ...args],
        {
          encoding: 'utf8',
        },
      );

    const check = run('--check');
    expect(check.status).toBe(1);
    expect(check.stdout).toContain("pages.config.json: format 1 -> 2: banner: prop 'dropPromoButtons' renamed 'hidePromoButtons'");
    expect(readFileSync(path.join(root, CONFIG), 'utf8')).toBe(version1);

    const migrate = run();
    expect(migrate.status).toBe(0);
    expect(migrate.stdout).toContain('forms/contact.json: format 1 -> 1 (formatVersion added)');
    expect(readFileSync(path.join(root, CONFIG), 'utf8')).toBe(current);
    expect(readFileSync(path.join(root, 'forms/contact.json'), 'utf8')).toBe(
      '{\n  "$schema": "../schemas/form.schema.json",\n  "formatVersion": 1,\n  "key": "k"\n}\n',
    );
    expect(run().stdout).toBe('all 2 files are in the current format\n');
  });
});

describe('validateProject: format versions', () => {
  it('tells the editor of an older config to run npm run migrate, at its formatVersion', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"formatVersion": 2', '"formatVersion": 1'));
    expect(validateProject(root)).toContainEqual({
      file: CONFIG,
      ...positionOf(root, CONFIG, '1,'),
      pointer: '/formatVersion',
      message: 'written in format version 1, this engine reads version 2: run `npm run migrate`',
    });
  });

  it('reports a form without a formatVersion at its first line', () => {
    const root = makeProject((p) => p.replace('forms/contact.json', '  "formatVersion": 1,\n', ''));
    expect(validateProject(root)).toEqual([
      {
        file: 'forms/contact.json',
        line: 1,
        column: 1,
        pointer: '',
        message: 'no formatVersion: the file predates format versions; run `npm run migrate` (this engine reads version 1)',
      },
    ]);
  });

  it('reports a file newer than the engine', () => {
    const root = makeProject((p) => p.replace(CONFIG, '"formatVersion": 2', '"formatVersion": 3'));
    expect(validateProject(root).map((d) => d.message)).toContain("format version 3 is newer than this engine's (2): update the engine");
  });
});
