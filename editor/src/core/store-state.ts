import type { Patch } from 'immer';
import type { BlockMeta, ContentMeta, Diagnostic, SourceMeta } from './types';

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
export interface HistoryEntry {
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
  /**
   * The number of the last send of the unsaved content, set as it leaves (0: none yet). Increasing,
   * counted from the clock so that it grows across reloads: the studio's preview frame asks for the
   * page as of it at once, and the server renders it when that send has landed.
   */
  draftsSeq: number;
  /** When the unsaved content do not load (the gate's problems say why), the preview shows the last that did. */
  draftsRefused: boolean;
}

export interface ChangeOptions {
  /** Consecutive changes with this key within COALESCE_MS are one undo step. */
  coalesce?: string;
  /** The selection after the change (undo restores the one before). */
  select?: Partial<Selection>;
}

/** The state before the project has loaded. */
export function initialState(): EditorState {
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
    draftsSeq: 0,
    draftsRefused: false,
  };
}
