import { MEDIA_PREFIX } from '../../../domain/media';
import { API, postFile } from '../api';

/** A place the live release names an image, as GET /media gives it. */
export interface MediaUse {
  file: string;
  resource: string;
  item: string | null;
  pointer: string;
  /** The gate refuses this use until the image has its alt text. */
  altMissing: boolean;
}

/** An image of the library, as GET /media gives it (server/content/media-library.ts). */
export interface MediaEntry {
  name: string;
  url: string;
  type: string;
  size: number;
  inFiles: boolean;
  stored: boolean;
  uploadedBy: string | null;
  createdAt: string | null;
  uses: MediaUse[];
}

/** SWR's key of the library. */
export const MEDIA_KEY = '/media';

/**
 * Where the studio's page shows a content image's URL (`/content-media/<name>`): the site serves it
 * on its own origin, which the page's CSP does not allow, so the studio's API gives its bytes.
 */
export const mediaSrc = (url: string): string =>
  url.startsWith(MEDIA_PREFIX) && !url.slice(MEDIA_PREFIX.length).includes('/')
    ? `${API}/media/${encodeURIComponent(url.slice(MEDIA_PREFIX.length))}`
    : url;

/** Stores `file` in the library: its entry, or an ApiError in the server's words (too big, not an image, unsafe SVG). */
export async function uploadMedia(file: File): Promise<MediaEntry> {
  const answer = await postFile<{ media: MediaEntry }>(MEDIA_KEY, file, {
    'x-file-name': encodeURIComponent(file.name.slice(-200) || 'image'),
  });
  return answer.media;
}
