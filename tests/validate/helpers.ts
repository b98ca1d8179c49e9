import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const VALID = path.join(REPO, 'tests/validate/fixtures/valid');

const created: string[] = [];

/** Edits to apply to a fresh copy of the valid fixture project. */
export interface ProjectEditor {
  read(file: string): string;
  /** Writes a file of the project, making its folder when it is new (a new block folder). */
  write(file: string, text: string): void;
  /** Replaces the only occurrence of `from` (fails when there is none, to keep tests honest). */
  replace(file: string, from: string, to: string): void;
}

/**
 * A copy of tests/validate/fixtures/valid in a temp folder, with the repository's own
 * pages.schema.json and form.schema.json (so the tests exercise the real contracts), then edited.
 */
export function makeProject(edit?: (project: ProjectEditor) => void): string {
  const root = mkdtempSync(path.join(tmpdir(), 'validate-'));
  created.push(root);
  cpSync(VALID, root, { recursive: true });
  for (const schema of ['pages.schema.json', 'form.schema.json']) {
    cpSync(path.join(REPO, 'schemas', schema), path.join(root, 'schemas', schema));
  }
  edit?.(editorOf(root));
  return root;
}

/**
 * A copy in a temp folder of what the QA gate reads of this repository (pages.config.json,
 * schemas/, forms/, content/ and each src/blocks/<type>/schema.json), then edited: for checks of
 * the real content, whose schemas and sources the fixture project does not have.
 */
export function copyRepoInputs(edit?: (project: ProjectEditor) => void): string {
  const root = mkdtempSync(path.join(tmpdir(), 'validate-repo-'));
  created.push(root);
  for (const input of ['pages.config.json', 'schemas', 'forms', 'content']) {
    cpSync(path.join(REPO, input), path.join(root, input), { recursive: true });
  }
  const blocks = path.join(REPO, 'src/blocks');
  for (const entry of readdirSync(blocks, { withFileTypes: true })) {
    const schema = path.join(blocks, entry.name, 'schema.json');
    if (entry.isDirectory() && existsSync(schema)) cpSync(schema, path.join(root, 'src/blocks', entry.name, 'schema.json'));
  }
  edit?.(editorOf(root));
  return root;
}

function editorOf(root: string): ProjectEditor {
  const editor: ProjectEditor = {
    read: (file) => readFileSync(path.join(root, file), 'utf8'),
    write(file, text) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    },
    replace(file, from, to) {
      const text = editor.read(file);
      if (text.split(from).length !== 2) throw new Error(`'${from}' is not in ${file} exactly once`);
      editor.write(file, text.replace(from, to));
    },
  };
  return editor;
}

export function removeProjects() {
  for (const root of created.splice(0)) rmSync(root, { recursive: true, force: true });
}

/** 1-based line and column of the `occurrence`-th match of `needle` in a file of the project. */
export function positionOf(root: string, file: string, needle: string, occurrence = 1): { line: number; column: number } {
  const text = readFileSync(path.join(root, file), 'utf8');
  let index = -1;
  for (let i = 0; i < occurrence; i++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`'${needle}' not found ${occurrence} times in ${file}`);
  }
  const before = text.slice(0, index).split('\n');
  return { line: before.length, column: before[before.length - 1].length + 1 };
}
