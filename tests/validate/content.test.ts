import { spawnSync } from 'node:child_process';
import { readFileSync, renameSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../scripts/lib/diagnostics';
import { checkProject } from '../../scripts/lib/validate-project';
import { copyRepoInputs, positionOf, REPO, removeProjects, type ProjectEditor } from './helpers';

/**
 * The site's content (content/<resource>.json, content/demo/<resource>.json) in the QA gate: each
 * file against the schema its `$schema` names, then the rules of server/content/rules.ts, every
 * problem placed where it is written. The checks run on a copy of the repository's own inputs.
 */

afterAll(removeProjects);

const ARTICLES = 'content/articles.json';
const PROMOS = 'content/demo/promos.json';
const FAQS = 'content/faqs.json';

const contentDiagnostics = (root: string): Diagnostic[] => checkProject(root).diagnostics.filter((d) => d.file.startsWith('content/'));

/** 1-based line and column of an offset of a text. */
function positionAtOffset(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}

/** Rewrites a file of the project through `change`, which must change it. */
function rewrite(project: ProjectEditor, file: string, change: (text: string) => string) {
  const text = project.read(file);
  const changed = change(text);
  if (changed === text) throw new Error(`no change to ${file}`);
  project.write(file, changed);
}

/** Drops the first line that gives an item's "title". */
const withoutFirstTitle = (text: string) => text.replace(/\n[ ]+"title": "[^"\n]*",(?=\n)/, '');

interface Article {
  id: number;
  title: string;
}
const articles = (JSON.parse(readFileSync(path.join(REPO, ARTICLES), 'utf8')) as { items: Article[] }).items;

describe('validateProject: content/', () => {
  it("passes the repository's content", () => {
    const root = copyRepoInputs();
    expect(contentDiagnostics(root)).toEqual([]);
    // The copy holds the content files (the check above is not vacuous).
    expect(checkProject(root).filesChecked).toBeGreaterThan(40);
  });

  it('places a missing field, a duplicate id and a promo window that ends before it starts in their files', () => {
    const [, second, third] = articles;
    const promos = (JSON.parse(readFileSync(path.join(REPO, PROMOS), 'utf8')) as { items: Array<{ code: string; valid_start: string }> })
      .items;
    const welcome = promos.findIndex((promo) => promo.code === 'WELCOME10');
    const root = copyRepoInputs((p) => {
      rewrite(p, ARTICLES, withoutFirstTitle);
      // The third article takes the id of the second.
      rewrite(p, ARTICLES, (text) => text.replace(`"id": ${third.id},`, `"id": ${second.id},`));
      rewrite(p, PROMOS, (text) => {
        const valueAt = text.indexOf('"valid_end": "', text.indexOf('"code": "WELCOME10"')) + '"valid_end": '.length;
        return `${text.slice(0, valueAt)}"2000-01-01"${text.slice(text.indexOf(',', valueAt))}`;
      });
    });

    const articlesText = readFileSync(path.join(root, ARTICLES), 'utf8');
    const firstItem = positionAtOffset(articlesText, articlesText.indexOf('{', articlesText.indexOf('"items": [')));
    const duplicate = positionOf(root, ARTICLES, `"id": ${second.id},`, 2);
    const end = positionOf(root, PROMOS, '"2000-01-01"');
    expect(contentDiagnostics(root)).toEqual([
      {
        file: ARTICLES,
        ...firstItem,
        pointer: '/items/0',
        message: "must have required property 'title'",
        keyword: 'required',
        params: { missingProperty: 'title' },
      },
      {
        file: ARTICLES,
        line: duplicate.line,
        column: duplicate.column + `"id": `.length,
        pointer: '/items/2/id',
        message: `duplicate id ${second.id} (also at ${ARTICLES} /items/1)`,
      },
      {
        file: PROMOS,
        ...end,
        pointer: `/items/${welcome}/valid_end`,
        message: `the code's window ends (2000-01-01) before it starts (${promos[welcome].valid_start})`,
      },
    ]);
    expect(welcome).toBe(0);
  });

  it('reports a misspelt field as an unknown property, with the name it most likely means', () => {
    const root = copyRepoInputs((p) => rewrite(p, ARTICLES, (text) => text.replace('"title":', '"titel":')));
    const text = readFileSync(path.join(root, ARTICLES), 'utf8');
    const item = positionAtOffset(text, text.indexOf('{', text.indexOf('"items": [')));
    expect(contentDiagnostics(root)).toEqual([
      {
        file: ARTICLES,
        ...item,
        pointer: '/items/0',
        message: "must have required property 'title'",
        keyword: 'required',
        params: { missingProperty: 'title' },
      },
      {
        file: ARTICLES,
        ...positionOf(root, ARTICLES, '"titel"'),
        pointer: '/items/0/titel',
        message: "unknown property 'titel' — did you mean 'title'?",
      },
    ]);
  });

  it('reports a $schema that names the wrong kind for the resource', () => {
    const root = copyRepoInputs((p) =>
      rewrite(p, FAQS, (text) => text.replace(/"\$schema": "[^"]*"/, '"$schema": "../schemas/content/banner.json"')),
    );
    expect(contentDiagnostics(root)).toEqual([
      {
        file: FAQS,
        ...positionOf(root, FAQS, '"../schemas/content/banner.json"'),
        pointer: '/$schema',
        message: "the items of 'faqs' are faq (schemas/api/sources.json): '../schemas/content/banner.json' describes banner",
      },
    ]);
  });

  it('reports a $schema that is not a content schema, and a file without one', () => {
    const root = copyRepoInputs((p) => {
      // From content/demo/, one '..' too few: the path leaves schemas/content/.
      p.replace(PROMOS, '"$schema": "../../schemas/content/promo-code.json"', '"$schema": "../schemas/content/promo-code.json"');
      rewrite(p, FAQS, (text) => text.replace(/\n[ ]+"\$schema": "[^"]*",/, ''));
    });
    expect(contentDiagnostics(root)).toEqual([
      {
        file: PROMOS,
        ...positionOf(root, PROMOS, '"../schemas/content/promo-code.json"'),
        pointer: '/$schema',
        message: "'../schemas/content/promo-code.json' is not a schema of schemas/content/",
      },
      {
        file: FAQS,
        line: 1,
        column: 1,
        pointer: '',
        message: 'missing "$schema": name the file\'s kind, e.g. "../schemas/content/banner.json"',
      },
    ]);
  });

  it('refuses a file named after no resource, with the name it most likely means', () => {
    const root = copyRepoInputs();
    renameSync(path.join(root, 'content/jobs.json'), path.join(root, 'content/jbos.json'));
    expect(contentDiagnostics(root)).toEqual([
      {
        file: 'content/jbos.json',
        line: 1,
        column: 1,
        pointer: '',
        message: "no resource 'jbos': a content file is named after a resource the API serves — did you mean 'jobs'?",
      },
    ]);
  });
});

describe('scripts/validate.ts on content/', () => {
  it('prints a GitHub annotation at the duplicate id and exits 1', () => {
    const [, second, third] = articles;
    const root = copyRepoInputs((p) => rewrite(p, ARTICLES, (text) => text.replace(`"id": ${third.id},`, `"id": ${second.id},`)));
    const at = positionOf(root, ARTICLES, `"id": ${second.id},`, 2);
    const result = spawnSync(
      process.execPath,
      [path.join(REPO, 'scripts/run-script.mjs'), path.join(REPO, 'scripts/validate.ts'), '--root', root, '--format', 'github'],
      { encoding: 'utf8', cwd: REPO },
    );
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.filter((line) => line.includes('file=content/'))).toEqual([
      `::error file=${ARTICLES},line=${at.line},col=${at.column + '"id": '.length},title=/items/2/id::duplicate id ${second.id} (also at ${ARTICLES} /items/1)`,
    ]);
    expect(result.status).toBe(1);
  });
});
