import { createEditorApi, type EditorApi } from '../../../editor/src/api';
import { serverCheckedValidator } from '../../../editor/src/content/server-checked-validator';
import type { EditorHost } from '../../../editor/src/host';
import type { ProjectResponse } from '../../../editor/src/types';
import TEXTS from '../../texts.json';
import { API, answered, CSRF_HEADER } from '../api';

/** The person's draft as GET /api/studio/editor/project describes it beside the files. */
export interface DraftInfo {
  baseRelease: number;
  updatedAt: string;
  changed: string[];
  summary: string[];
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
 * draft; there is no preview to send drafts to. `onLoad` hears the live release and the draft at
 * every load of the project.
 */
export function studioEditorApi(onLoad: (loaded: LoadedRelease) => void): EditorApi {
  const api = createEditorApi({ base: `${API}/editor`, headers: CSRF_HEADER, onStatus: answered });
  return {
    getProject: async () => {
      const project = await api.getProject();
      onLoad(loadedRelease(project));
      return project;
    },
    getHashes: api.getHashes,
    checkFiles: api.checkFiles,
    saveFiles: api.saveFiles,
  };
}

/**
 * The studio as the editor's host: its page's CSP runs no code compiled at run time (the server's
 * check judges the items), takes no image upload yet, and gives its style nonce to Tiptap.
 */
export function studioEditorHost(): EditorHost {
  return {
    validator: serverCheckedValidator(),
    upload: async () => ({ ok: false, message: TEXTS.content.noUpload }),
    styleNonce: document.querySelector<HTMLMetaElement>('meta[name="style-nonce"]')?.content,
  };
}
