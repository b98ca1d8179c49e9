/** The image types the editor offers to upload (the media endpoint decides what it keeps). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/svg+xml'] as const;

/** The file picker's `accept`: the same types. */
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

/** What the media endpoint answers for a stored image. */
export type UploadedImage = { url: string; width?: number; height?: number; type?: string; bytes?: number };

export type UploadResult = { ok: true; image: UploadedImage } | { ok: false; message: string };

/** The editor's media endpoint (scripts/lib/editor/media.ts), same origin as the editor. */
const MEDIA_URL = '/__editor/api/media';

/** The file's name as the endpoint reads `X-File-Name`: URI-encoded (a header carries ASCII only), its last 200 characters. */
function headerFileName(name: string): string {
  return encodeURIComponent(name.slice(-200) || 'image');
}

/**
 * Stores an image in the project through the media endpoint: the request body is the file's bytes,
 * `Content-Type` its type (`application/octet-stream` when the browser does not know it; the endpoint
 * reads the type from the bytes) and `X-File-Name` its name. A file the browser knows is no image
 * the site takes is refused here before it is sent; size and content limits are the endpoint's
 * (server/images/check.ts, not importable by the editor), and its refusal message (`{ message }`)
 * is what the editor shows.
 */
export async function uploadImage(file: File, fetcher: typeof fetch = fetch): Promise<UploadResult> {
  if (file.type && !(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return { ok: false, message: `“${file.name}” is not an image the site can use. Choose a JPEG, PNG, WebP, AVIF or SVG file.` };
  }
  let response: Response;
  try {
    response = await fetcher(MEDIA_URL, {
      method: 'POST',
      headers: { 'content-type': file.type || 'application/octet-stream', 'x-file-name': headerFileName(file.name) },
      body: file,
    });
  } catch {
    return { ok: false, message: 'The image could not be sent: the editor is not reachable. Check that npm run edit is running.' };
  }
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    body = null;
  }
  const record = (body ?? {}) as Record<string, unknown>;
  if (response.ok && typeof record.url === 'string') {
    const number = (key: string) => (typeof record[key] === 'number' ? (record[key] as number) : undefined);
    return {
      ok: true,
      image: {
        url: record.url,
        width: number('width'),
        height: number('height'),
        type: typeof record.type === 'string' ? record.type : undefined,
        bytes: number('bytes'),
      },
    };
  }
  const message = typeof record.message === 'string' && record.message.trim() ? record.message.trim().slice(0, 500) : undefined;
  return { ok: false, message: message ?? `The image was not stored (the editor answered ${response.status}).` };
}
