import { describe, expect, it } from 'vitest';
import { readContentFiles, type ContentFile } from '../../server/content/files';
import { loadContent } from '../../server/content/load';

/**
 * loadContent keeps each file's parse and schema check by its text (a preview loads the whole set at
 * each keystroke): a changed file is checked afresh, a file changed back finds its old check, and the
 * rules across files still see and locate every file.
 */

const ROOT = process.cwd();
const base = { root: ROOT, demo: true, product: { name: 'Telmed', short: 'telmed' }, today: '2026-12-07' };
const JOBS = 'content/jobs.json';

const withJobs = (change: (items: Array<Record<string, unknown>>) => void): ContentFile[] =>
  readContentFiles(ROOT, { demo: true }).map((file) => {
    if (file.file !== JOBS) return file;
    const data = JSON.parse(file.text) as { items: Array<Record<string, unknown>> };
    change(data.items);
    return { ...file, text: `${JSON.stringify(data, null, 2)}\n` };
  });

describe('loading content files', () => {
  it('checks a changed file afresh and finds the problems of every version, located', () => {
    const clean = loadContent({ ...base, files: readContentFiles(ROOT, { demo: true }) });
    expect(clean.problems).toEqual([]);

    const untitled = withJobs((items) => void (items[1].title = 42));
    const first = loadContent({ ...base, files: untitled });
    expect(first.problems).toEqual([expect.objectContaining({ file: JOBS, pointer: '/items/1/title', message: 'must be string' })]);
    // The same texts again, from the kept checks: the same problems, at the same line.
    expect(loadContent({ ...base, files: untitled }).problems).toEqual(first.problems);
    expect(first.problems[0].line).toBe(
      untitled
        .find((file) => file.file === JOBS)!
        .text.split('\n')
        .findIndex((line) => line.includes('"title": 42')) + 1,
    );

    // A rule across items (a duplicate id), located in a file whose check was kept.
    const twice = withJobs((items) => void (items[1].id = items[0].id));
    const duplicate = loadContent({ ...base, files: twice }).problems;
    expect(duplicate).toEqual([
      expect.objectContaining({ file: JOBS, pointer: '/items/1/id', message: expect.stringMatching(/^duplicate id/) }),
    ]);
    expect(duplicate[0].line).toBeGreaterThan(1);

    expect(loadContent({ ...base, files: readContentFiles(ROOT, { demo: true }) }).problems).toEqual([]);
  });
});
