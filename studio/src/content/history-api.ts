import { get, post } from '../api';

/** A release as the history lists it (GET /api/studio/editor/releases). */
export interface ReleaseRow {
  number: number;
  source: 'studio' | 'files' | 'rollback';
  authorName: string | null;
  createdAt: string;
  summary: string[];
  changed: string[];
  reviewer?: string | null;
  recordedCommit: string | null;
}

/** One release with each changed file's text before it and in it (null: absent). */
export interface ReleaseDetail {
  release: ReleaseRow;
  files: Record<string, { before: string | null; after: string | null }>;
}

export const releasesPath = (before: number | undefined, limit: number) =>
  `/editor/releases?limit=${limit}${before === undefined ? '' : `&before=${before}`}`;

export const releasePath = (n: number) => `/editor/releases/${n}`;

/** One release that changed an item: its changed fields' names, or '(added)' / '(removed)'. */
export interface ItemChangeRow {
  release: ReleaseRow;
  fields: string[];
}

/** GET /api/studio/editor/history: the releases that changed item `id` of `file`, newest first. */
export const itemHistoryPath = (file: string, id: string) =>
  `/editor/history?file=${encodeURIComponent(file)}&id=${encodeURIComponent(id)}&limit=50`;

/** Publishes the files from before release `release` as a new release, made from the live `baseRelease`. */
export const rollBack = (release: number, baseRelease: number) =>
  post<{ release: number; summary: string[] }>('/editor/rollback', { release, baseRelease });

/** Puts release `release`'s version of `file` (only item `id` when given) into the person's draft. */
export const openAsDraft = (release: number, file: string, id?: string) =>
  post<{ file: string }>('/editor/history/draft', { release, file, ...(id === undefined ? {} : { id }) });

/** The live release's number (GET /api/studio/editor/publish). */
export const liveRelease = async () => (await get<{ release: number }>('/editor/publish')).release;
