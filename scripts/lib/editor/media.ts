import { existsSync, lstatSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import {
  checkImage,
  contentHash,
  EXTENSION,
  MAX_RASTER_BYTES,
  MEDIA_NAME,
  MEDIA_PREFIX,
  mediaName,
  sizeText,
} from '../../../server/images/check';

/**
 * The editor's image upload, `POST /__editor/api/media` (plugin.ts): the body is the file's raw
 * bytes, `Content-Type` its type (image/*), `X-File-Name` its name (URI-encoded; only the slug of
 * it is kept). The image is checked by server/images/check.ts (type by its bytes, size limit, SVG
 * without script) and stored as MEDIA_DIR/<slug>-<hash8>.<ext>; the same bytes again give the
 * same file. Answers 201 `{ url, width, height, type, bytes }`, or `{ message }` in plain words with
 * 413 (too large), 415 (not an image the site takes) or 422 (an SVG with a script, a damaged image).
 */

/** Where uploads are stored, relative to the project root: Publish commits this folder with the content. */
export const MEDIA_DIR = 'content/media';

function reply(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': String(Buffer.byteLength(text)),
  });
  res.end(text);
}

/** Whether the request comes from the server's own origin (another site open in the browser cannot upload). */
function sameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  if (origin === undefined) return true;
  try {
    return origin !== 'null' && new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/** The body, at most `limit` bytes; undefined when it is longer (the rest is drained, not kept). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('error', reject);
    req.on('end', () => resolve(size > limit ? undefined : Buffer.concat(chunks)));
  });
}

const tooLarge = (bytes: number) => `This image is ${sizeText(bytes)}; the limit is ${sizeText(MAX_RASTER_BYTES)}.`;

/** Handles one upload into the project at `root` (see above). */
export async function handleMediaUpload(req: IncomingMessage, res: ServerResponse, root: string): Promise<void> {
  if (req.method !== 'POST') return reply(res, 405, { message: 'media takes POST' });
  if (!sameOrigin(req)) return reply(res, 403, { message: 'Uploads are accepted from the editor only.' });
  // A form of another site cannot send these without a preflight: only image types and octet-stream.
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!/^(image\/[a-z0-9.+-]+|application\/octet-stream)\b/.test(type) || typeof req.headers['x-file-name'] !== 'string') {
    req.resume();
    return reply(res, 415, { message: 'Send the image itself, with its Content-Type and an X-File-Name header.' });
  }
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_RASTER_BYTES) {
    req.resume();
    return reply(res, 413, { message: tooLarge(declared) });
  }
  const bytes = await readBody(req, MAX_RASTER_BYTES);
  if (!bytes) return reply(res, 413, { message: `This image is over ${sizeText(MAX_RASTER_BYTES)}, the limit.` });
  if (bytes.length === 0) return reply(res, 415, { message: 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.' });
  const checked = await checkImage(bytes);
  if (!checked.ok) return reply(res, checked.status, { message: checked.message });

  let name: string;
  try {
    name = decodeURIComponent(req.headers['x-file-name']);
  } catch {
    name = req.headers['x-file-name'];
  }
  const file = mediaName(path.basename(name), checked.image.type, bytes);
  const dir = path.join(root, MEDIA_DIR);
  const target = path.join(dir, file);
  if (!existsSync(target)) {
    mkdirSync(dir, { recursive: true });
    const temporary = `${target}.${process.pid}.tmp`;
    writeFileSync(temporary, bytes);
    renameSync(temporary, target);
  }
  const { width, height, mime, bytes: size } = checked.image;
  return reply(res, 201, { url: MEDIA_PREFIX + file, width, height, type: mime, bytes: size });
}

/** Why a path (relative to the project) is not one the upload names a file: `content/media/<slug>-<hash8>.<ext>`. */
export function mediaNameProblem(file: string): string | undefined {
  if (file.startsWith(`${MEDIA_DIR}/`) && MEDIA_NAME.test(file.slice(MEDIA_DIR.length + 1))) return undefined;
  return 'not named as the editor names an image: <name>-<8 hex of its SHA-256>.<jpg|png|webp|avif|svg>';
}

/**
 * Why a file of the media folder (`content/media/<name>`, relative to `root`) cannot be published:
 * it is not a plain file named as the upload names one (`<slug>-<hash8>.<ext>` right in the folder,
 * the hash and extension its own), or the upload's own check (checkImage) refuses it.
 */
export async function storedMediaProblem(root: string, file: string): Promise<string | undefined> {
  const unnamed = mediaNameProblem(file);
  if (unnamed) return unnamed;
  const name = file.slice(MEDIA_DIR.length + 1);
  const match = MEDIA_NAME.exec(name)!;
  const target = path.join(root, file);
  let size: number;
  try {
    const stats = lstatSync(target);
    if (!stats.isFile()) return 'not a plain file (a link or a folder)';
    size = stats.size;
  } catch {
    return 'it could not be read';
  }
  if (size > MAX_RASTER_BYTES) return tooLarge(size);
  const bytes = readFileSync(target);
  const checked = await checkImage(bytes);
  if (!checked.ok) return checked.message;
  const named = `${match[1]}-${contentHash(bytes)}.${EXTENSION[checked.image.type]}`;
  return named === name ? undefined : `its name does not match its bytes: the editor would name it ${named}`;
}
