import { applyPatches, enablePatches, produceWithPatches, type Draft } from 'immer';
import { editorApi, type EditorApi, type SaveResult } from './api';
import { reloadedFile, savedStep } from './disk-steps';
import { autoCoalesceKey, clampSelection, dirtyPaths, pushChange } from './history';
import { deepEqual } from './json';
import { followSections } from './model';
import { initialState, type ChangeOptions, type EditorState, type Files, type HistoryEntry, type Selection } from './store-state';
import { isContentPath, PAGES_FILE, type Diagnostic, type PagesConfigValue } from './types';

enablePatches();

export type { EditorApi };

const CHECK_DELAY_MS = 300;
const POLL_MS = 2000;
/** The unsaved content files reach the preview's API this long after the last change. */
const DRAFT_DELAY_MS = 60;

/**
 * The editor's state: the files with undo/redo (immer patches), the gate's problems (a debounced
 * POST /check after each change), saving, and the watch for files changed on disk. A plain external
 * store, read with useSyncExternalStore (useEditor).
 */
export class EditorStore {
  state: EditorState = initialState();
  private listeners = new Set<() => void>();
  private checkTimer: ReturnType<typeof setTimeout> | undefined;
  private checkSeq = 0;
  private pollTimer: ReturnType<typeof setInterval> | undefined;
  /** Bumped by every save and reload: a hashes reply that started before one is stale. */
  private diskSeq = 0;
  private draftTimer: ReturnType<typeof setTimeout> | undefined;
  /** The content drafts last sent to the preview's API (JSON), so an unchanged set is not sent again. */
  private draftsSent = '{}';

  /**
   * `draftDelayMs`: how long after the last change the unsaved content goes to the preview's API
   * (the studio sends at once: its API keeps one send in flight and the latest after it).
   */
  constructor(
    private readonly server: EditorApi = editorApi,
    private readonly draftDelayMs = DRAFT_DELAY_MS,
  ) {}

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): EditorState => this.state;

  private set(patch: Partial<EditorState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.listeners) listener();
  }

  get pages(): PagesConfigValue | undefined {
    return this.state.files[PAGES_FILE] as PagesConfigValue | undefined;
  }

  async load(): Promise<void> {
    try {
      const project = await this.server.getProject();
      const files: Files = {};
      const hashes: Record<string, string> = {};
      for (const [path, file] of Object.entries(project.files)) {
        files[path] = file.value;
        hashes[path] = file.hash;
      }
      const forms = Object.keys(files)
        .filter((path) => path.startsWith('forms/'))
        .sort();
      this.set({
        status: 'ready',
        files,
        saved: files,
        hashes,
        blocks: [...project.blocks].sort((a, b) => a.type.localeCompare(b.type)),
        sources: project.sources,
        formKinds: project.formKinds ?? [],
        fragments: project.fragments ?? {},
        content: project.content ?? [],
        selection: { ...this.state.selection, form: forms[0] ?? null },
      });
      this.scheduleCheck(0);
    } catch (error) {
      this.set({ status: 'failed', loadError: error instanceof Error ? error.message : String(error) });
    }
  }

  select(selection: Partial<Selection>): void {
    const next = { ...this.state.selection, ...selection };
    if (deepEqual(next, this.state.selection)) return;
    this.set({ selection: next });
  }

  /** Applies a change to the files, recorded for undo. */
  change(label: string, recipe: (files: Draft<Files>) => void, options: ChangeOptions = {}): void {
    const [files, patches, inverse] = produceWithPatches(this.state.files, recipe);
    if (patches.length === 0) {
      if (options.select) this.select(options.select);
      return;
    }
    // Typing in a field replaces the same value again and again: without a key of its own, such a
    // change joins the last one when that replaced the same values.
    const coalesce = options.coalesce ?? autoCoalesceKey(patches);
    const selectionBefore = this.state.selection;
    const selectionAfter = { ...selectionBefore, ...options.select };
    const entry: HistoryEntry = { label, patches, inverse, coalesce, at: Date.now(), selectionBefore, selectionAfter };
    const past = pushChange(this.state.past, entry);
    this.set({
      files,
      past,
      future: [],
      dirty: dirtyPaths(files, this.state.saved),
      selection: selectionAfter,
      problems: this.problemsFollowing(files),
    });
    this.scheduleCheck();
  }

  /** A change of pages.config.json. */
  changePages(label: string, recipe: (config: PagesConfigValue) => void, options?: ChangeOptions): void {
    this.change(label, (files) => recipe(files[PAGES_FILE] as PagesConfigValue), options);
  }

  undo(): void {
    const entry = this.state.past[this.state.past.length - 1];
    if (!entry) return;
    const files = applyPatches(this.state.files, entry.inverse);
    this.set({
      files,
      problems: this.problemsFollowing(files),
      past: this.state.past.slice(0, -1),
      future: [...this.state.future, { ...entry, coalesce: undefined }],
      dirty: dirtyPaths(files, this.state.saved),
      selection: clampSelection(entry.selectionBefore, files),
    });
    this.scheduleCheck();
  }

  redo(): void {
    const entry = this.state.future[this.state.future.length - 1];
    if (!entry) return;
    const files = applyPatches(this.state.files, entry.patches);
    this.set({
      files,
      problems: this.problemsFollowing(files),
      past: [...this.state.past, { ...entry, coalesce: undefined }],
      future: this.state.future.slice(0, -1),
      dirty: dirtyPaths(files, this.state.saved),
      selection: clampSelection(entry.selectionAfter, files),
    });
    this.scheduleCheck();
  }

  /** The problems shown, moved onto the sections of `files` (followSections) until the next check says. */
  private problemsFollowing(files: Files, problems = this.state.problems, checked = this.state.files): Diagnostic[] {
    return followSections(problems, checked[PAGES_FILE], files[PAGES_FILE]);
  }

  /** The values of the unsaved files. */
  private changedFiles(): Record<string, unknown> {
    return Object.fromEntries(this.state.dirty.filter((path) => path in this.state.files).map((path) => [path, this.state.files[path]]));
  }

  scheduleCheck(delay = CHECK_DELAY_MS): void {
    clearTimeout(this.checkTimer);
    this.checkTimer = setTimeout(() => void this.check(), delay);
    this.scheduleDrafts();
  }

  /** Whether the preview's API takes the unsaved value of `path` (EditorApi.previewsFile; else a content file). */
  private previews(path: string): boolean {
    return this.server.previewsFile ? this.server.previewsFile(path) : isContentPath(path);
  }

  /** The unsaved files the preview's API takes (all of them: one not sent is the saved one). */
  private contentDrafts(): Record<string, unknown> {
    return Object.fromEntries(
      this.state.dirty.filter((path) => this.previews(path) && path in this.state.files).map((path) => [path, this.state.files[path]]),
    );
  }

  /**
   * Sends the unsaved content to the preview's API soon, when it differs from what was sent last; with
   * no delay, within the change itself, so the request leaves before the editor renders the change.
   */
  private scheduleDrafts(delay = this.draftDelayMs): void {
    clearTimeout(this.draftTimer);
    if (delay <= 0) void this.sendDrafts();
    else this.draftTimer = setTimeout(() => void this.sendDrafts(), delay);
  }

  /**
   * POST /drafts with the unsaved files the preview takes, numbered (draftsSeq, set as it leaves);
   * once taken, the preview frames fetch again (contentVersion).
   */
  async sendDrafts(force = false): Promise<void> {
    // A host without a preview has no API that takes drafts.
    if (!this.server.sendDrafts) return;
    const drafts = this.contentDrafts();
    const json = JSON.stringify(drafts);
    if (!force && json === this.draftsSent) return;
    this.draftsSent = json;
    const seq = Math.max(Date.now(), this.state.draftsSeq + 1);
    this.set({ draftsSeq: seq });
    try {
      const { ok, partial } = await this.server.sendDrafts(drafts, seq);
      if (seq !== this.state.draftsSeq) return;
      const taken = ok || partial;
      // Frames that follow the sends' numbers have been told already: an answer that changes nothing
      // shown renders nothing (the studio's render would take the CPU from the preview's).
      if (this.server.previewFollowsSeq && taken && !this.state.draftsRefused) return;
      this.set({ contentVersion: this.state.contentVersion + (taken ? 1 : 0), draftsRefused: !taken });
    } catch {
      // The preview keeps the content it has; the next change sends again.
      if (seq === this.state.draftsSeq) this.draftsSent = '';
    }
  }

  /** Runs the gate on the project with the unsaved files (POST /check); a stale reply is dropped. */
  async check(): Promise<void> {
    const seq = ++this.checkSeq;
    this.set({ checking: true });
    const checked = this.state.files;
    try {
      const found = await this.server.checkFiles(this.changedFiles());
      if (seq !== this.checkSeq) return;
      // A section moved while the gate ran keeps its problems.
      const problems = this.problemsFollowing(this.state.files, found, checked);
      // The same problems keep the same list: nothing that shows them renders again.
      this.set({
        problems: deepEqual(problems, this.state.problems) ? this.state.problems : problems,
        checking: false,
        checkError: undefined,
      });
    } catch (error) {
      if (seq !== this.checkSeq) return;
      this.set({ checking: false, checkError: error instanceof Error ? error.message : String(error) });
    }
  }

  /** Saves the unsaved files (POST /save with their base hashes). */
  async save(): Promise<void> {
    const dirty = this.state.dirty.filter((path) => path in this.state.files);
    if (dirty.length === 0 || this.state.save.status === 'saving') return;
    const sent = Object.fromEntries(dirty.map((path) => [path, this.state.files[path]]));
    const body = Object.fromEntries(dirty.map((path) => [path, { value: sent[path], baseHash: this.state.hashes[path] ?? '' }]));
    this.diskSeq++;
    this.set({ save: { status: 'saving', problems: [] } });
    let result: SaveResult;
    try {
      result = await this.server.saveFiles(body);
    } catch (error) {
      result = { status: 'failed', message: error instanceof Error ? error.message : String(error) };
    }
    this.diskSeq++;
    this.set(savedStep(this.state, sent, result));
    if (result.status !== 'saved') return;
    this.scheduleCheck(0);
    // The preview's API reads the saved files now: it is told even when no draft is left.
    if (Object.keys(sent).some((path) => this.previews(path))) void this.sendDrafts(true);
  }

  /** Shows the gate's problems of a refused step other than a save (the studio's publish), at their fields. */
  refused(problems: Diagnostic[]): void {
    this.set({ problems, save: { status: 'invalid', problems } });
  }

  dismissSaveMessage(): void {
    this.set({ save: { status: 'idle', problems: [] } });
  }

  /** Takes the file as it is on disk: local changes to it, and their undo steps, are dropped. */
  async reload(path: string): Promise<void> {
    this.diskSeq++;
    const project = await this.server.getProject();
    this.diskSeq++;
    this.set(reloadedFile(this.state, path, project));
    this.scheduleCheck(0);
  }

  /** Compares the files on disk with the loaded ones (GET /hashes), every POLL_MS. */
  async pollHashes(): Promise<void> {
    if (this.state.status !== 'ready' || this.state.save.status === 'saving') return;
    const seq = this.diskSeq;
    let disk: Record<string, string>;
    try {
      disk = await this.server.getHashes();
    } catch {
      return;
    }
    if (seq !== this.diskSeq) return;
    const paths = new Set([...Object.keys(disk), ...Object.keys(this.state.hashes)]);
    const conflicts = [...paths].filter((path) => disk[path] !== this.state.hashes[path]).sort();
    if (!deepEqual(conflicts, this.state.conflicts)) this.set({ conflicts });
  }

  startPolling(): () => void {
    this.pollTimer = setInterval(() => void this.pollHashes(), POLL_MS);
    return () => clearInterval(this.pollTimer);
  }
}
