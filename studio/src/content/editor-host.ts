import { createEditorApi, type EditorApi, type SaveResult } from '../../../editor/src/core/api';
import { serverCheckedValidator } from '../../../editor/src/core/server-checked-validator';
import type { EditorHost } from '../../../editor/src/core/host';
import { isContentPath, isFormPath, PAGES_FILE, type Diagnostic, type ProjectResponse } from '../../../editor/src/core/types';
import TEXTS from '../../texts.json';
import { API, answered, CSRF_HEADER, get, post } from '../api';
import { MEDIA_KEY, mediaSrc, uploadMedia, type MediaEntry } from '../media/media-api';
import { failureText } from '../ui';
import { latestOnly } from './latest-only';

/** The person's draft as GET /api/studio/editor/project describes it beside the files. */
export interface DraftInfo {
  baseRelease: number;
  updatedAt: string;
  changed: string[];
  summary: string[];
}

/** A save's 409: the items another person holds (and what their draft changes), or what was published over the text. */
export interface SaveRefusal {
  conflicts?: string[];
  locked?: Array<{ file: string; id: string; holder: { email: string; since: string }; summary: string[] }>;
  changes?: Array<{ file: string; summary: string[]; releases: Array<{ number: number; authorName: string | null; createdAt: string }> }>;
}

/** The live release and the person's draft when the project was loaded. */
export interface LoadedRelease {
  release: number;
  draft: DraftInfo | null;
}

/** What the studio's project answer adds to the dev editor's. */
type StudioProject = ProjectResponse & { release?: unknown; draft?: DraftInfo | null };

export function loadedRelease(project: StudioProject): LoadedRelease {
  return { release: typeof project.release === 'number' ? project.release : 0, draft: project.draft ?? null };
}

/**
 * The editor's API as the studio serves it (/api/studio/editor): the session's cookie and the CSRF
 * header with every call, a 401 back to sign-in as any studio call. A save goes into the person's
 * draft; the unsaved content, pages.config.json and form files go to the preview at each change (POST /editor/preview/drafts, one
 * in flight and the latest after it), without waiting for the save. `onLoad` hears the live release and the draft at
 * every load of the project, `onRefused` each save's refusal by another person's change (undefined
 * once a save is not refused).
 */
export function studioEditorApi(
  onLoad: (loaded: LoadedRelease) => void,
  onRefused: (refusal?: SaveRefusal) => void = () => undefined,
): EditorApi {
  const api = createEditorApi({ base: `${API}/editor`, headers: CSRF_HEADER, onStatus: answered });
  const send = latestOnly(async ({ files, seq }: { files: Record<string, unknown>; seq: number }) => {
    const { status } = await api.post('/preview/drafts', { files, seq });
    if (status !== 200) throw new Error(TEXTS.errors.server);
    return { ok: true, partial: false };
  });
  return {
    getProject: async () => {
      const project = await api.getProject();
      onLoad(loadedRelease(project));
      return project;
    },
    getHashes: api.getHashes,
    checkFiles: api.checkFiles,
    sendDrafts: (files, seq) => send({ files, seq }),
    // PreviewPane tells its frame of each send as it leaves.
    previewFollowsSeq: true,
    // The production preview renders the draft's pages and forms too: an unsaved layout or form shows as typed.
    previewsFile: (path) => isContentPath(path) || path === PAGES_FILE || isFormPath(path),
    // A 409 names the other person's change: the screen shows it (the store keeps the paths).
    saveFiles: async (files) => {
      const { status, body } = await api.post('/save', { files });
      const refusal = status === 409 ? ((body ?? {}) as SaveRefusal) : undefined;
      onRefused(refusal);
      if (refusal) return { status: 'conflict', conflicts: refusal.conflicts ?? [] };
      return saveAnswer(status, body);
    },
  };
}

/** A save's answer other than 409, as the editor's API reads it. */
function saveAnswer(status: number, body: unknown): SaveResult {
  if (status === 200) {
    const saved = (body as { files?: Record<string, { hash: string }> }).files ?? {};
    return { status: 'saved', hashes: Object.fromEntries(Object.entries(saved).map(([path, { hash }]) => [path, hash])) };
  }
  if (status === 422) return { status: 'invalid', problems: (body as { problems?: Diagnostic[] }).problems ?? [] };
  const message = (body as { message?: unknown } | null)?.message;
  return { status: 'failed', message: typeof message === 'string' ? message : TEXTS.errors.server };
}

/**
 * The studio as the editor's host: its page's CSP runs no code compiled at run time (the server's
 * check judges the items); an image is uploaded into the media library, or chosen from it, and
 * shown through the studio's API (the CSP allows images of its own origin only); Tiptap gets the
 * style nonce. The form preview's data is checked by the server (POST /editor/forms/check, one in
 * flight and the latest after it) with the form as the editor holds it.
 */
export function studioEditorHost(): EditorHost {
  const checkForm = latestOnly(({ file, value, formData }: { file: string; value: unknown; formData: unknown }) =>
    post<{ errors: Record<string, string[]> }>('/editor/forms/check', { file, value, formData }),
  );
  return {
    validator: serverCheckedValidator(),
    checkForm: async (file, value, formData) => (await checkForm({ file, value, formData })).errors,
    upload: async (file) => {
      try {
        const entry = await uploadMedia(file);
        return { ok: true, image: { url: entry.url, type: entry.type, bytes: entry.size } };
      } catch (failure) {
        return { ok: false, message: failureText(failure) };
      }
    },
    library: async () => (await get<{ media: MediaEntry[] }>(MEDIA_KEY)).media.map(({ name, url }) => ({ name, url })),
    imageSrc: mediaSrc,
    styleNonce: document.querySelector<HTMLMetaElement>('meta[name="style-nonce"]')?.content,
  };
}
