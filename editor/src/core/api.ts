import { readBody } from '../../../src/api/client';
import type { Diagnostic, ProjectResponse } from './types';

/**
 * Where an editor API answers and how it is called: `npm run edit` serves it at `/__editor/api`
 * (scripts/lib/editor/plugin.ts), the studio at `/api/studio/editor` with its CSRF header.
 */
export interface ApiHost {
  base: string;
  /** Sent with every call (the studio's `X-Studio-CSRF`). */
  headers?: Record<string, string>;
  /** Told of every answer's status before it is read (the studio sends a 401 to sign-in). */
  onStatus?: (status: number) => void;
  /** The first load's answer when it was asked already (editor/index.html asks it early). */
  early?: () => Promise<Response> | undefined;
  fetcher?: typeof fetch;
}

export type SaveResult =
  | { status: 'saved'; hashes: Record<string, string> }
  | { status: 'conflict'; conflicts: string[] }
  | { status: 'invalid'; problems: Diagnostic[] }
  | { status: 'failed'; message: string };

function failure(what: string, status: number, body: unknown): Error {
  const message = (body as { message?: unknown } | null)?.message;
  return new Error(
    `${what} failed (${status})${typeof message === 'string' ? `: ${message}` : typeof body === 'string' && body ? `: ${body}` : ''}`,
  );
}

/** The calls the editor's state makes (project, hashes, check, save, and the preview's drafts where there is a preview). */
export function createEditorApi(host: ApiHost) {
  const send = host.fetcher ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const request = (path: string, init?: RequestInit) =>
    send(`${host.base}${path}`, {
      ...init,
      credentials: 'same-origin',
      headers: { ...host.headers, ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });

  async function call(path: string, init?: RequestInit, sent?: Promise<Response>): Promise<{ status: number; body: unknown }> {
    const response = await (sent ?? request(path, init));
    host.onStatus?.(response.status);
    return { status: response.status, body: await readBody(response) };
  }
  const post = (path: string, body: unknown) => call(path, { method: 'POST', body: JSON.stringify(body) });

  async function getProject(): Promise<ProjectResponse> {
    const early = host.early?.()?.catch(() => request('/project'));
    const { status, body } = await call('/project', undefined, early);
    if (status !== 200) throw failure('Loading the project', status, body);
    return body as ProjectResponse;
  }

  async function getHashes(): Promise<Record<string, string>> {
    const { status, body } = await call('/hashes');
    if (status !== 200) throw failure('Reading the file hashes', status, body);
    return body as Record<string, string>;
  }

  async function checkFiles(files: Record<string, unknown>): Promise<Diagnostic[]> {
    const { status, body } = await post('/check', { files });
    if (status !== 200) throw failure('Checking', status, body);
    return (body as { problems?: Diagnostic[] }).problems ?? [];
  }

  async function saveFiles(files: Record<string, { value: unknown; baseHash: string }>): Promise<SaveResult> {
    const { status, body } = await post('/save', { files });
    if (status === 200) {
      const saved = (body as { files?: Record<string, { hash: string }> }).files ?? {};
      return { status: 'saved', hashes: Object.fromEntries(Object.entries(saved).map(([path, { hash }]) => [path, hash])) };
    }
    if (status === 409) return { status: 'conflict', conflicts: (body as { conflicts?: string[] }).conflicts ?? [] };
    if (status === 422) return { status: 'invalid', problems: (body as { problems?: Diagnostic[] }).problems ?? [] };
    return { status: 'failed', message: failure('Saving', status, body).message };
  }

  /** Gives the preview's API the unsaved content files (POST /drafts): whether they loaded, or were taken as far as they go. */
  async function sendDrafts(files: Record<string, unknown>): Promise<{ ok: boolean; partial: boolean }> {
    const { status, body } = await post('/drafts', { files });
    if (status !== 200) throw failure('Previewing the content', status, body);
    const answer = body as { ok?: unknown; partial?: unknown };
    return { ok: answer.ok === true, partial: answer.partial === true };
  }

  return { getProject, getHashes, checkFiles, saveFiles, sendDrafts, call, post };
}

/** The editor API as the state uses it (tests give their own); `sendDrafts` only where a preview takes them. */
export interface EditorApi {
  getProject(): Promise<ProjectResponse>;
  getHashes(): Promise<Record<string, string>>;
  checkFiles(files: Record<string, unknown>): Promise<Diagnostic[]>;
  saveFiles(files: Record<string, { value: unknown; baseHash: string }>): Promise<SaveResult>;
  /** `seq`: the send's number (EditorState.draftsSeq). */
  sendDrafts?(files: Record<string, unknown>, seq: number): Promise<{ ok: boolean; partial: boolean }>;
  /**
   * The host's preview follows draftsSeq as each send leaves (the studio's frames): a send's answer
   * bumps contentVersion only when it was refused or ends a refusal.
   */
  previewFollowsSeq?: boolean;
  /**
   * Which unsaved files `sendDrafts` takes. Without it: the content files (the dev preview shows an
   * unsaved page layout through its own frame); the studio's production preview takes
   * pages.config.json too.
   */
  previewsFile?(path: string): boolean;
}

/**
 * The project's first load, which editor/index.html starts while the editor's modules are still
 * loading (it saves a round trip after them); taken once, and a failed one is asked again.
 */
let earlyProject = (globalThis as { editorProject?: Promise<Response> }).editorProject;

/** The editor API of `npm run edit`, served by its dev server. */
const devApi = createEditorApi({
  base: '/__editor/api',
  early: () => {
    const early = earlyProject;
    earlyProject = undefined;
    return early;
  },
});

/** What is saved but not committed (GET /publish), as scripts/lib/editor/publish.ts describes it. */
export interface PublishStatus {
  git: boolean;
  branch?: string;
  mode?: 'branch' | 'review';
  inReview?: string;
  files: string[];
  summary: string[];
  /** Files of content/media that a publish leaves out (not a checked image), and why. */
  leftOut?: Array<{ file: string; reason: string }>;
}

export async function getPublishStatus(): Promise<PublishStatus> {
  const { status, body } = await devApi.call('/publish');
  if (status !== 200) throw failure('Reading what is unpublished', status, body);
  return body as PublishStatus;
}

/** Commits the saved files with `message` (POST /publish): the commit, or why not in the server's words. */
export async function publishSaved(
  message: string,
): Promise<{ ok: true; commit: string; branch?: string } | { ok: false; message: string }> {
  const { status, body } = await devApi.post('/publish', { message });
  if (status === 200) {
    const done = body as { commit: string; branch?: string };
    return { ok: true, commit: done.commit, branch: done.branch };
  }
  const said = (body as { message?: unknown } | null)?.message;
  return { ok: false, message: typeof said === 'string' ? said : failure('Publishing', status, body).message };
}

/** The dev editor's API (`npm run edit`). */
export const editorApi: EditorApi = devApi;
