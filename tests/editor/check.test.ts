import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectGate, removeStaleCopies } from '../../scripts/lib/editor/check';
import { editText } from '../../scripts/lib/editor/json-edit';
import { copyProject } from '../../scripts/lib/scratch-copy';
import { validateProject } from '../../scripts/lib/validate-project';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CONFIG = 'pages.config.json';
const FORM = 'forms/contact.json';

// A copy of the project stands for the repository: the gate's own scratch copy is made from it.
const dir = mkdtempSync(path.join(tmpdir(), 'editor-check-test-'));
const root = path.join(dir, 'project');
let gate: ProjectGate;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const parse = (file: string) => JSON.parse(read(file));

/** The problems `npm run validate` prints when the file on disk has this value (written as a save would). */
function onDisk(file: string, value: unknown) {
  const before = read(file);
  writeFileSync(path.join(root, file), editText(before, value));
  try {
    return validateProject(root);
  } finally {
    writeFileSync(path.join(root, file), before);
  }
}

function badConfig() {
  const config = parse(CONFIG);
  const login = config.pages.find((page: any) => page.name === 'Login');
  login.sections[0].props.title = 42;
  return config;
}

beforeAll(() => {
  copyProject(REPO, root);
  gate = new ProjectGate(root);
}, 60_000);

afterAll(() => {
  gate?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

describe('ProjectGate', () => {
  it('finds what validateProject finds in the project as it is', async () => {
    expect(await gate.check({})).toEqual(validateProject(root));
  }, 60_000);

  it('reports a bad prop of a section as validateProject does on the file written to disk', async () => {
    const before = read(CONFIG);
    const value = badConfig();
    const problems = await gate.checkValues({ [CONFIG]: value });
    const timing = gate.last!;
    expect(problems).toEqual(onDisk(CONFIG, value));
    const login = value.pages.findIndex((page: any) => page.name === 'Login');
    expect(problems).toContainEqual(
      expect.objectContaining({ file: CONFIG, pointer: `/pages/${login}/sections/0/props/title`, line: 499, message: 'must be a string' }),
    );
    // The project's file is untouched: the gate wrote in its scratch copy.
    expect(read(CONFIG)).toBe(before);
    // Measured for the record (the warm gate: sync the copy, validate it, put the file back).
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      await gate.checkValues({ [CONFIG]: value });
      times.push(gate.last!.totalMs);
    }
    console.log(
      `gate check: first ${timing.totalMs.toFixed(0)} ms (sync ${timing.syncMs.toFixed(0)} ms), then ${times.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
  }, 60_000);

  it('reports a form problem where validateProject does, with the save path lines', async () => {
    const form = parse(FORM);
    // A text field without its maxLength: the gate asks for one (form-text.ts).
    delete form.schema.properties.company.maxLength;
    form.schema.properties.company.title = 'Company\nname';
    const problems = await gate.checkValues({ [FORM]: form });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((d) => d.file === FORM)).toBe(true);
    expect(problems).toEqual(onDisk(FORM, form));
  }, 60_000);

  it('runs concurrent checks one after the other, each with its own files', async () => {
    const [bad, good, badAgain] = await Promise.all([
      gate.checkValues({ [CONFIG]: badConfig() }),
      gate.checkValues({ [CONFIG]: parse(CONFIG) }),
      gate.checkValues({ [CONFIG]: badConfig() }),
    ]);
    expect(bad.length).toBeGreaterThan(0);
    expect(good).toEqual(validateProject(root));
    expect(badAgain).toEqual(bad);
  }, 60_000);

  it('sees a change made on disk outside the editor, and a new form', async () => {
    const file = path.join(root, FORM);
    const before = read(FORM);
    try {
      writeFileSync(file, before.replace('"key": "contact-us"', '"key": "callback"'));
      const problems = await gate.check({});
      expect(problems).toEqual(validateProject(root));
      expect(problems.some((d) => d.file === FORM && d.pointer === '/key')).toBe(true);
    } finally {
      writeFileSync(file, before);
    }
    expect(await gate.check({})).toEqual(validateProject(root));
    const fresh = await gate.checkValues({ 'forms/fresh.json': { $schema: '../schemas/form.schema.json' } });
    expect(fresh.some((d) => d.file === 'forms/fresh.json')).toBe(true);
  }, 60_000);

  it('refuses a path that is not an editable file', async () => {
    await expect(gate.check({ '../package.json': '{}' })).rejects.toThrow(/not a file the editor writes/);
    await expect(gate.check({ 'forms/fragments/email.json': '{}' })).rejects.toThrow(/not a file the editor writes/);
  });
});

describe('scratch copies left behind', () => {
  it('are removed when their process no longer runs, or after a day without an owner; a running one is kept', () => {
    const temp = mkdtempSync(path.join(tmpdir(), 'editor-stale-test-'));
    try {
      const folder = (name: string, owner?: number) => {
        const dir = path.join(temp, name);
        mkdirSync(path.join(dir, 'project'), { recursive: true });
        if (owner !== undefined) writeFileSync(path.join(dir, 'owner.pid'), String(owner));
        return dir;
      };
      // A process that has ended: its id names no running process now.
      const ended = spawnSync(process.execPath, ['-e', '']).pid;
      const dead = folder('editor-gate-dead', ended);
      const running = folder('editor-gate-running', process.pid);
      const old = folder('editor-gate-old');
      const twoDaysAgo = new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
      utimesSync(old, twoDaysAgo, twoDaysAgo);
      const fresh = folder('editor-gate-fresh');
      const other = folder('something-else', ended);

      expect(removeStaleCopies(temp).sort()).toEqual([dead, old].sort());
      expect([dead, running, old, fresh, other].map(existsSync)).toEqual([false, true, false, true, true]);
    } finally {
      rmSync(temp, { recursive: true, force: true });
    }
  });
});
