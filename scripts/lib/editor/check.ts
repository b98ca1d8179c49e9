import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../diagnostics';
import { PROJECT_PATHS } from '../project';
import { copyProject } from '../scratch-copy';
import { validateProject } from '../validate-project';
import { MEDIA_DIR } from './media';
import { readText } from './project';
import { editablePathProblem } from './paths';
import { editText } from './json-edit';

/**
 * The editor's gate: the problems `npm run validate` would print if some files of the project had
 * other texts. validateProject reads a project from disk, so the gate keeps one scratch copy of the
 * project per editor session (scratch-copy.ts, made on first use): before each check it brings the
 * copy's gate inputs to the project's (only the files that differ are written), writes the
 * proposed texts there, validates the copy, and puts the project's texts back. Diagnostics name
 * files relative to the root, so they read as the project's own. The texts are those a save would
 * write (json-edit.ts, editText), so lines and columns are the saved file's.
 *
 * Checks and saves run one at a time (`exclusive`): a check never sees another's files.
 */

/** Checks the project with some files replaced by these texts (path relative to the root -> text; null: the file absent). */
export type Check = (texts: Record<string, string | null>) => Diagnostic[];

/** How long the last check took, in ms: bringing the copy up to date, and validating it. */
export interface CheckTiming {
  syncMs: number;
  validateMs: number;
  totalMs: number;
}

/** Every JSON file under a folder of `root` (relative paths, forward slashes). */
function jsonFilesUnder(root: string, dir: string): string[] {
  const abs = path.join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return jsonFilesUnder(root, rel);
    return entry.isFile() && entry.name.endsWith('.json') ? [rel] : [];
  });
}

/** The files the gate reads (scripts/lib/project.ts readInputs): config, schemas, block schemas, forms, content. */
export function gateInputs(root: string): string[] {
  const blocks = path.join(root, PROJECT_PATHS.blocks);
  const blockSchemas = existsSync(blocks)
    ? readdirSync(blocks, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => `${PROJECT_PATHS.blocks}/${entry.name}/${PROJECT_PATHS.blockSchema}`)
        .filter((file) => existsSync(path.join(root, file)))
    : [];
  return [
    ...(existsSync(path.join(root, PROJECT_PATHS.config)) ? [PROJECT_PATHS.config] : []),
    ...jsonFilesUnder(root, PROJECT_PATHS.schemas),
    ...blockSchemas,
    ...jsonFilesUnder(root, PROJECT_PATHS.forms),
    ...jsonFilesUnder(root, PROJECT_PATHS.content),
  ];
}

/** The files under MEDIA_DIR (relative paths), each with its size and time of change. */
function mediaFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string, depth: number) => {
    const abs = path.join(root, dir);
    if (depth > 4 || !existsSync(abs)) return;
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel, depth + 1);
      else if (entry.isFile()) {
        const stat = statSync(path.join(root, rel));
        files.set(rel, `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk(MEDIA_DIR, 0);
  return files;
}

/** The scratch copies' folders in the temp folder, and the file in each that names the process that made it. */
export const SCRATCH_PREFIX = 'editor-gate-';
export const OWNER_FILE = 'owner.pid';
/** A folder without an owner file (made before there was one, or a copy cut short) is removed once this old. */
const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** Whether a process with this id runs (a signal 0 reaches it; EPERM: it runs, as another user). */
function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the scratch copies of editor sessions that ended without removing their own: a process
 * killed outright (SIGKILL, a closed terminal, a crash) runs no handler. Each copy's folder names the
 * process that made it; a copy whose process no longer runs is removed when the next gate makes its own.
 */
export function removeStaleCopies(temp: string = tmpdir()): string[] {
  const removed: string[] = [];
  for (const entry of readdirSync(temp, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.startsWith(SCRATCH_PREFIX)) continue;
    const dir = path.join(temp, entry.name);
    let stale: boolean;
    try {
      const owner = Number(readFileSync(path.join(dir, OWNER_FILE), 'utf8'));
      stale = !Number.isInteger(owner) || owner <= 0 || !processRuns(owner);
    } catch {
      stale = Date.now() - statSync(dir).mtimeMs > ORPHAN_AGE_MS;
    }
    if (!stale) continue;
    rmSync(dir, { recursive: true, force: true });
    removed.push(dir);
  }
  return removed;
}

export class ProjectGate {
  /** The scratch copy's parent folder (made by mkdtemp) and the copy in it. */
  private dir: string | undefined;
  private scratch: string | undefined;
  /** What the copy holds of each gate input. */
  private readonly held = new Map<string, string>();
  /** The uploaded images the copy holds (MEDIA_DIR/…): their size and time of change. */
  private readonly heldMedia = new Map<string, string>();
  /** The images the running check adds to the media folder (check's `media`). */
  private extraMedia: ReadonlyMap<string, Uint8Array> = new Map();
  private queue: Promise<unknown> = Promise.resolve();
  private disposed = false;
  /** The last check's timing. */
  last: CheckTiming | undefined;

  constructor(readonly root: string) {}

  /** Runs a task when the ones before it have finished; it may check (synchronously) as often as it needs. */
  exclusive<T>(task: (check: Check) => T | Promise<T>): Promise<T> {
    const run = this.queue.then(() => task((texts) => this.checkNow(texts)));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * The project's problems with these files' texts in place of theirs, and with `media` (name ->
   * bytes: images kept elsewhere than the project's folder, the studio's uploads) in its media folder.
   */
  check(texts: Record<string, string | null>, media: ReadonlyMap<string, Uint8Array> = new Map()): Promise<Diagnostic[]> {
    return this.exclusive((check) => {
      this.extraMedia = media;
      try {
        return check(texts);
      } finally {
        this.extraMedia = new Map();
      }
    });
  }

  /** The project's problems with these files' values in place of theirs, each written as a save would write it. */
  checkValues(values: Record<string, unknown>): Promise<Diagnostic[]> {
    return this.exclusive((check) =>
      check(Object.fromEntries(Object.entries(values).map(([file, value]) => [file, editText(readText(this.root, file), value)]))),
    );
  }

  /** Makes the scratch copy and runs a first check (the validators compile or load their cache). */
  async warm(): Promise<void> {
    await this.check({});
  }

  /** Removes the scratch copy; a check after this fails. */
  dispose(): void {
    this.disposed = true;
    // The copy first, its folder (with owner.pid) last: a removal cut short leaves a folder that names
    // its dead process, which the next gate removes (removeStaleCopies).
    if (this.scratch) rmSync(this.scratch, { recursive: true, force: true });
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
    this.scratch = undefined;
    this.held.clear();
  }

  /** The scratch copy's root (made on first use). */
  private scratchRoot(): string {
    if (this.disposed) throw new Error('the editor gate is closed');
    if (this.scratch) return this.scratch;
    removeStaleCopies();
    const dir = mkdtempSync(path.join(tmpdir(), SCRATCH_PREFIX));
    const scratch = path.join(dir, 'project');
    try {
      writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
      copyProject(this.root, scratch);
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
    for (const file of gateInputs(scratch)) this.held.set(file, readFileSync(path.join(scratch, file), 'utf8'));
    for (const [file, stamp] of mediaFiles(this.root)) if (existsSync(path.join(scratch, file))) this.heldMedia.set(file, stamp);
    this.dir = dir;
    this.scratch = scratch;
    return scratch;
  }

  /** Puts a text in the copy (undefined removes the file). */
  private put(scratch: string, file: string, text: string | undefined): void {
    const abs = path.join(scratch, file);
    if (text === undefined) {
      rmSync(abs, { force: true });
      this.held.delete(file);
      return;
    }
    if (this.held.get(file) === text) return;
    mkdirSync(path.dirname(abs), { recursive: true });
    writeFileSync(abs, text);
    this.held.set(file, text);
  }

  /** Brings the copy's gate inputs to the project's: new and changed files written, removed ones removed. */
  private sync(scratch: string): void {
    const inputs = gateInputs(this.root);
    const present = new Set(inputs);
    for (const file of [...this.held.keys()]) if (!present.has(file)) this.put(scratch, file, undefined);
    for (const file of inputs) this.put(scratch, file, readText(this.root, file));
    // The gate checks that the images content names exist (and their size): an upload since the
    // copy was made is copied in, a removed one removed.
    const media = mediaFiles(this.root);
    // An added image's name holds its hash: the name is its stamp. The project's own file wins.
    const extra = new Map<string, Uint8Array>([...this.extraMedia].map(([name, bytes]) => [`${MEDIA_DIR}/${name}`, bytes] as const));
    for (const file of extra.keys()) if (!media.has(file)) media.set(file, `added:${file}`);
    for (const file of [...this.heldMedia.keys()]) {
      if (media.has(file)) continue;
      rmSync(path.join(scratch, file), { force: true });
      this.heldMedia.delete(file);
    }
    for (const [file, stamp] of media) {
      if (this.heldMedia.get(file) === stamp) continue;
      mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
      const added = stamp.startsWith('added:') ? extra.get(file) : undefined;
      if (added) writeFileSync(path.join(scratch, file), added);
      else copyFileSync(path.join(this.root, file), path.join(scratch, file));
      this.heldMedia.set(file, stamp);
    }
  }

  private checkNow(texts: Record<string, string | null>): Diagnostic[] {
    for (const file of Object.keys(texts)) {
      const problem = editablePathProblem(file);
      if (problem) throw new Error(problem);
    }
    const started = performance.now();
    const scratch = this.scratchRoot();
    this.sync(scratch);
    const synced = performance.now();
    try {
      for (const [file, text] of Object.entries(texts)) this.put(scratch, file, text ?? undefined);
      const diagnostics = validateProject(scratch);
      // A message that names the copy (a schema's file URL) names the project instead.
      const names: Array<[string, string]> = [
        [pathToFileURL(scratch).href, pathToFileURL(this.root).href],
        [scratch, this.root],
      ];
      return diagnostics.map((d) => ({ ...d, message: names.reduce((message, [from, to]) => message.split(from).join(to), d.message) }));
    } finally {
      for (const file of Object.keys(texts)) this.put(scratch, file, readText(this.root, file));
      const done = performance.now();
      this.last = { syncMs: synced - started, validateMs: done - synced, totalMs: done - started };
    }
  }
}
