import { chmodSync, existsSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Diagnostic } from '../diagnostics';
import { isObject } from '../json-file';
import type { ProjectGate } from './check';
import { editText } from './json-edit';
import { readText, sha256 } from './project';
import { editablePathProblem } from './paths';

/**
 * The editor's saves (`npm run edit`): the files' new texts (json-edit.ts) go through the QA gate of
 * the whole project first, then are written, each at once.
 */

/** The hash of a file that may be absent: '' when it is (the baseHash that creates a new form file). */
export function hashOf(text: string | undefined): string {
  return text === undefined ? '' : sha256(text);
}

/** Writes a file through a temporary file in its folder and a rename: a reader never sees half of it. */
export function writeFileAtomic(abs: string, text: string): void {
  const temporary = path.join(path.dirname(abs), `.${path.basename(abs)}.${process.pid}.${Date.now()}.tmp`);
  try {
    writeFileSync(temporary, text);
    if (existsSync(abs)) chmodSync(temporary, statSync(abs).mode);
    renameSync(temporary, abs);
  } catch (error) {
    if (existsSync(temporary)) unlinkSync(temporary);
    throw error;
  }
}

/** At most this many files in one save or check. */
export const MAX_FILES = 200;

export interface SaveFile {
  value: unknown;
  /** The hash of the file the edit started from ('' for a form file that does not exist yet). */
  baseHash: string;
}

export type SaveResult =
  | { status: 200; body: { files: Record<string, { hash: string }> } }
  | { status: 400; body: { message: string } }
  | { status: 409; body: { conflicts: string[] } }
  | { status: 422; body: { problems: Diagnostic[] } };

/** Why a save request's body is not `{ files: Record<path, { value, baseHash }> }` of editable paths. */
export function saveRequestProblem(body: unknown): string | undefined {
  if (!isObject(body) || !isObject(body.files)) return 'expected { files: Record<path, { value, baseHash }> }';
  const entries = Object.entries(body.files);
  if (entries.length > MAX_FILES) return `at most ${MAX_FILES} files at once`;
  for (const [file, entry] of entries) {
    const problem = editablePathProblem(file);
    if (problem) return problem;
    if (!isObject(entry) || !('value' in entry) || typeof entry.baseHash !== 'string') return `${file}: expected { value, baseHash }`;
  }
  return undefined;
}

/**
 * Saves files of the project in `root`: each file's baseHash must be the hash of the file on disk
 * (409 with the files that changed, nothing written); the whole project with the new texts must
 * pass the gate (422 with its problems, nothing written); then each changed file is written. The
 * whole runs in the gate's queue, so no check nor other save runs in between.
 */
export function saveFiles(root: string, gate: ProjectGate, files: Record<string, SaveFile>): Promise<SaveResult> {
  const problem = saveRequestProblem({ files });
  if (problem) return Promise.resolve({ status: 400, body: { message: problem } });
  return gate.exclusive((check) => {
    const current = new Map(Object.keys(files).map((file) => [file, readText(root, file)]));
    const conflicts = () => Object.keys(files).filter((file) => hashOf(current.get(file)) !== files[file].baseHash);
    const stale = conflicts();
    if (stale.length > 0) return { status: 409, body: { conflicts: stale } };
    const texts: Record<string, string> = {};
    for (const [file, { value }] of Object.entries(files)) texts[file] = editText(current.get(file), value);
    const problems = check(texts);
    if (problems.length > 0) return { status: 422, body: { problems } };
    // A file changed on disk while the gate ran: nothing is written.
    for (const file of Object.keys(files)) current.set(file, readText(root, file));
    const late = conflicts();
    if (late.length > 0) return { status: 409, body: { conflicts: late } };
    const saved: Record<string, { hash: string }> = {};
    for (const [file, text] of Object.entries(texts)) {
      if (text !== current.get(file)) writeFileAtomic(path.join(root, file), text);
      saved[file] = { hash: sha256(text) };
    }
    return { status: 200, body: { files: saved } };
  });
}
