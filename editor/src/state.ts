import { applyPatches, enablePatches, produceWithPatches, type Draft, type Patch } from 'immer';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { editorApi, type EditorApi, type SaveResult } from './api';
import { deepEqual } from './json';
import { followSections } from './model';
import {
  isContentPath,
  PAGES_FILE,
  type BlockMeta,
  type ContentMeta,
  type Diagnostic,
  type PagesConfigValue,
  type SourceMeta,
} from './types';

enablePatches();

/** The edited files by path (pages.config.json, forms/*.json): their parsed JSON. */
export type Files = Record<string, unknown>;

/** The editor's tabs. */
export type Tab = 'pages' | 'forms' | 'content';

/**
 * What the editor shows: the tab, the page and section of the Pages tab, the form file of the Forms
 * tab, the content file and item (its index in the file's items) of the Content tab.
 */
export interface Selection {
  tab: Tab;
  page: number;
  /** The selected section of the page, or null for the page itself. */
  section: number | null;
  form: string | null;
  /** The selected content file (content/<name>.json), or null. */
  content?: string | null;
  /** The selected item's index in that file's items, or null. */
  item?: number | null;
}

/** One undoable change: immer's patches and their inverse, and what was selected around it. */
interface HistoryEntry {
  label: string;
  patches: Patch[];
  inverse: Patch[];
  /** Changes with the same key in quick succession (typing in one field) are one undo step. */
  coalesce?: string;
  at: number;
  selectionBefore: Selection;
  selectionAfter: Selection;
}

export interface SaveState {
  status: 'idle' | 'saving' | 'saved' | 'invalid' | 'conflict' | 'failed';
  /** The gate's problems of a refused save (422). */
  problems: Diagnostic[];
  message?: string;
}

export interface EditorState {
  status: 'loading' | 'ready' | 'failed';
  loadError?: string;
  files: Files;
  /** The files as last loaded or saved: a file is unsaved when its value differs. */
  saved: Files;
  /** The sha256 of each file as last loaded or saved (the save's baseHash). */
  hashes: Record<string, string>;
  blocks: BlockMeta[];
  sources: SourceMeta[];
  formKinds: string[];
  fragments: Record<string, unknown>;
  past: HistoryEntry[];
  future: HistoryEntry[];
  /** Paths of the files whose value differs from the saved one. */
  dirty: string[];
  /** The gate's problems for the edited project (POST /check), every file's. */
  problems: Diagnostic[];
  checking: boolean;
  checkError?: string;
  save: SaveState;
  /** Files changed on disk since they were loaded or saved here. */
  conflicts: string[];
  selection: Selection;
  /** The content files the Content tab lists (GET /project), with their item schemas. */
  content: ContentMeta[];
  /** Bumped each time the preview's API has taken the unsaved content (the preview frames fetch again). */
  contentVersion: number;
  /** When the unsaved content do not load (the gate's problems say why), the preview shows the last that did. */
  draftsRefused: boolean;
}

export type { EditorApi };

export interface ChangeOptions {
  /** Consecutive changes with this key within COALESCE_MS are one undo step. */
  coalesce?: string;
  /** The selection after the change (undo restores the one before). */
  select?: Partial<Selection>;
}

const COALESCE_MS = 1500;
const CHECK_DELAY_MS = 300;
const POLL_MS = 2000;
/** The unsaved content files reach the preview's API this long after the last change. */
const DRAFT_DELAY_MS = 60;

function initialState(): EditorState {
  return {
    status: 'loading',
    files: {},
    saved: {},
    hashes: {},
    blocks: [],
    sources: [],
    formKinds: [],
    fragments: {},
    past: [],
    future: [],
    dirty: [],
    problems: [],
    checking: false,
    conflicts: [],
    save: { status: 'idle', problems: [] },
    selection: { tab: 'pages', page: 0, section: null, form: null, content: null, item: null },
    content: [],
    contentVersion: 0,
    draftsRefused: false,
  };
}

function dirtyPaths(files: Files, saved: Files): string[] {
  const paths = new Set([...Object.keys(files), ...Object.keys(saved)]);
  return [...paths].filter((path) => files[path] !== saved[path] && !deepEqual(files[path], saved[path])).sort();
}

/** 'auto:<paths>' when every patch replaces a text, number or boolean (an edit of values in place). */
function autoCoalesceKey(patches: readonly Patch[]): string | undefined {
  const inPlace = patches.every((patch) => patch.op === 'replace' && ['string', 'number', 'boolean'].includes(typeof patch.value));
  return inPlace ? `auto:${patches.map((patch) => patch.path.join('/')).join('|')}` : undefined;
}

/** The patches touch this file (their first path token is the file's path). */
function touches(entry: HistoryEntry, path: string): boolean {
  return [...entry.patches, ...entry.inverse].some((patch) => patch.path[0] === path);
}

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
  private draftSeq = 0;
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
    const now = Date.now();
    const last = this.state.past[this.state.past.length - 1];
    let past: HistoryEntry[];
    if (coalesce && last?.coalesce === coalesce && now - last.at < COALESCE_MS) {
      const merged: HistoryEntry = {
        ...last,
        patches: [...last.patches, ...patches],
        inverse: [...inverse, ...last.inverse],
        at: now,
        selectionAfter,
      };
      past = [...this.state.past.slice(0, -1), merged];
    } else {
      past = [...this.state.past, { label, patches, inverse, coalesce, at: now, selectionBefore, selectionAfter }];
    }
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
      selection: this.clampSelection(entry.selectionBefore, files),
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
      selection: this.clampSelection(entry.selectionAfter, files),
    });
    this.scheduleCheck();
  }

  /** The problems shown, moved onto the sections of `files` (followSections) until the next check says. */
  private problemsFollowing(files: Files, problems = this.state.problems, checked = this.state.files): Diagnostic[] {
    return followSections(problems, checked[PAGES_FILE], files[PAGES_FILE]);
  }

  /** The selection, within the pages and sections that exist. */
  private clampSelection(selection: Selection, files: Files): Selection {
    const pages = (files[PAGES_FILE] as PagesConfigValue | undefined)?.pages ?? [];
    const page = Math.max(0, Math.min(selection.page, pages.length - 1));
    const count = pages[page]?.sections?.length ?? 0;
    const section = selection.section === null || count === 0 ? null : Math.min(selection.section, count - 1);
    const form = selection.form !== null && selection.form in files ? selection.form : null;
    const content = selection.content && selection.content in files ? selection.content : null;
    const items = content ? (files[content] as { items?: unknown[] } | undefined)?.items : undefined;
    const item =
      content && selection.item !== null && selection.item !== undefined && items?.length
        ? Math.max(0, Math.min(selection.item, items.length - 1))
        : null;
    return { ...selection, page, section, form, content, item };
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

  /** The unsaved content files, for the preview's API (all of them: one not sent is the saved one). */
  private contentDrafts(): Record<string, unknown> {
    return Object.fromEntries(
      this.state.dirty.filter((path) => isContentPath(path) && path in this.state.files).map((path) => [path, this.state.files[path]]),
    );
  }

  /** Sends the unsaved content to the preview's API soon, when it differs from what was sent last. */
  private scheduleDrafts(delay = this.draftDelayMs): void {
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => void this.sendDrafts(), delay);
  }

  /** POST /drafts with the unsaved content; once taken, the preview frames fetch again (contentVersion). */
  async sendDrafts(force = false): Promise<void> {
    // A host without a preview has no API that takes drafts.
    if (!this.server.sendDrafts) return;
    const drafts = this.contentDrafts();
    const json = JSON.stringify(drafts);
    if (!force && json === this.draftsSent) return;
    this.draftsSent = json;
    const seq = ++this.draftSeq;
    try {
      const { ok, partial } = await this.server.sendDrafts(drafts);
      if (seq !== this.draftSeq) return;
      const taken = ok || partial;
      this.set({ contentVersion: this.state.contentVersion + (taken ? 1 : 0), draftsRefused: !taken });
    } catch {
      // The preview keeps the content it has; the next change sends again.
      if (seq === this.draftSeq) this.draftsSent = '';
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
    switch (result.status) {
      case 'saved': {
        const saved = { ...this.state.saved, ...sent };
        this.set({
          saved,
          hashes: { ...this.state.hashes, ...result.hashes },
          dirty: dirtyPaths(this.state.files, saved),
          conflicts: this.state.conflicts.filter((path) => !(path in sent)),
          save: { status: 'saved', problems: [] },
        });
        this.scheduleCheck(0);
        // The preview's API reads the saved files now: it is told even when no draft is left.
        if (Object.keys(sent).some(isContentPath)) void this.sendDrafts(true);
        break;
      }
      case 'conflict':
        this.set({
          conflicts: [...new Set([...this.state.conflicts, ...result.conflicts])],
          save: { status: 'conflict', problems: [], message: `Not saved: ${result.conflicts.join(', ')} changed on disk` },
        });
        break;
      case 'invalid':
        this.set({ problems: result.problems, save: { status: 'invalid', problems: result.problems } });
        break;
      case 'failed':
        this.set({ save: { status: 'failed', problems: [], message: result.message } });
        break;
    }
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
    const file = project.files[path];
    const files = { ...this.state.files };
    const saved = { ...this.state.saved };
    const hashes = { ...this.state.hashes };
    if (file) {
      files[path] = file.value;
      saved[path] = file.value;
      hashes[path] = file.hash;
    } else {
      delete files[path];
      delete saved[path];
      delete hashes[path];
    }
    this.set({
      files,
      saved,
      hashes,
      fragments: project.fragments ?? this.state.fragments,
      past: this.state.past.filter((entry) => !touches(entry, path)),
      future: this.state.future.filter((entry) => !touches(entry, path)),
      dirty: dirtyPaths(files, saved),
      conflicts: this.state.conflicts.filter((other) => other !== path),
      selection: this.clampSelection(this.state.selection, files),
      save: { status: 'idle', problems: [] },
    });
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

export const StoreContext = createContext<EditorStore | null>(null);

export function useStore(): EditorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside <StoreContext>');
  return store;
}

/** The editor state, re-rendering on every change. */
export function useEditor(): EditorState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
