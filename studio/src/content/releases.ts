import type { Diagnostic } from '../../../editor/src/core/types';
import { ApiError, del, get, post } from '../api';

/** GET /api/studio/editor/publish: the release the site shows and the person's draft in words. */
export interface DraftStatus {
  release: number;
  changed: string[];
  summary: string[];
  /** Review before publish is on: the draft goes live through a review request. */
  review: boolean;
  /** The person's open review request, if any. */
  openReview: number | null;
  /** Why the draft's page changes would wait for the next deploy, or null when they go live with the publish. */
  waitsForDeploy: 'routes' | 'settings' | 'blocks' | null;
  /** The draft's changed forms that wait for the next deploy (a new form, or a form sent elsewhere). */
  formsWaitForDeploy: Array<{ form: string; reason: 'added' | 'target' }>;
}

/** A release someone else published after the draft's base. */
export interface NewerRelease {
  number: number;
  authorName: string;
  createdAt: string;
  summary: string[];
}

export type PublishAnswer =
  | { status: 'published'; release: number; summary: string[] }
  | { status: 'stale'; message: string; current: NewerRelease }
  | { status: 'invalid'; problems: Diagnostic[] };

export const draftStatus = () => get<DraftStatus>('/editor/publish');

/**
 * Publishes the person's draft as the next release, when the live one is still `baseRelease`: the
 * new release, or the newer release published meanwhile (409), or the gate's problems (422). Any
 * other refusal is thrown as an ApiError.
 */
export async function publishDraft(baseRelease: number): Promise<PublishAnswer> {
  try {
    const done = await post<{ release: number; summary?: string[] }>('/editor/publish', { baseRelease });
    return { status: 'published', release: done.release, summary: done.summary ?? [] };
  } catch (failure) {
    if (!(failure instanceof ApiError)) throw failure;
    const body = (failure.body ?? {}) as { current?: NewerRelease; problems?: Diagnostic[] };
    if (failure.status === 409 && body.current) return { status: 'stale', message: failure.message, current: body.current };
    if (failure.status === 422 && Array.isArray(body.problems)) return { status: 'invalid', problems: body.problems };
    throw failure;
  }
}

/** Removes the person's draft (DELETE /api/studio/editor/draft): the site is as it was. */
export const discardDraft = () => del<void>('/editor/draft');

/** A URL of the production preview of a page with the person's draft, and when it stops working. */
export interface PreviewLink {
  url: string;
  expiresAt: string;
}

/**
 * POST /api/studio/editor/preview: a URL that shows the page at `path` with the draft, for 10
 * minutes; as of `asOf` (ISO 8601) with the schedules due by then when given.
 */
export const previewLink = (path: string, asOf?: string) =>
  post<PreviewLink>('/editor/preview', { path, ...(asOf === undefined ? {} : { asOf }) });

/** POST /api/studio/schedules with an item: its `value` (null: taken off the site) published at `runAt`. */
export const scheduleItem = (file: string, id: string, value: unknown, runAt: string) =>
  post<{ id: number }>('/schedules', { runAt, item: { file, id, value } });
