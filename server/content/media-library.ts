import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { MEDIA_PREFIX } from '../../domain/media';
import type { Db } from '../db';
import { checkImage, MEDIA_NAME, MIME, mediaDir, mediaName, type ImageType } from '../images/check';
import type { Repo } from '../repo';
import { mediaUses, type MediaUse } from './media-library-uses';
import { deleteStoredMedia, insertMedia, listStoredMedia, storedMediaFile } from './media-library-store';
import { liveRelease, releaseFiles } from './release-rows';
import { CONTENT_LOCK } from './sync';

/**
 * The studio's media library: the content images of the project's files (content/media/, deployed
 * with the code) and those uploaded through the studio (content_media, in the database), each with
 * where the live release uses it. An upload passes the one image check (server/images/check.ts: type
 * by the bytes, size limits, SVG without script) and is stored under its cleaned, hashed name. A
 * stored image can be deleted only while no content of the live release names it; an image of the
 * files is deleted in git, never by the studio.
 */

export interface MediaEntry {
  name: string;
  url: string;
  type: string;
  size: number;
  /** Where it is: the project's files, the database (an upload), or both (an upload the git record wrote). */
  inFiles: boolean;
  stored: boolean;
  uploadedBy: string | null;
  createdAt: string | null;
  uses: MediaUse[];
}

export type UploadOutcome =
  { status: 'stored'; entry: MediaEntry; created: boolean } | { status: 'refused'; code: 413 | 415 | 422; message: string };

export type DeleteOutcome = { status: 'deleted' } | { status: 'unknown' } | { status: 'in-files' } | { status: 'in-use'; uses: MediaUse[] };

export interface MediaLibraryDeps {
  db: Db;
  repo: Repo;
  /** The project root whose content/media holds the files' images. */
  root: string;
  now: () => Date;
}

const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' };

export function createMediaLibrary({ db, repo, root, now }: MediaLibraryDeps) {
  const dir = mediaDir(root);

  /** The images of the files: name -> size. */
  const diskImages = async (): Promise<Map<string, number>> => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => MEDIA_NAME.test(name));
    const sizes = await Promise.all(names.map(async (name) => [name, (await stat(join(dir, name))).size] as const));
    return new Map(sizes);
  };

  /** Where the live release uses each image. */
  const liveUses = async (): Promise<Map<string, MediaUse[]>> => {
    const live = await liveRelease(repo, db.query);
    return mediaUses(live === undefined ? {} : ((await releaseFiles(db.query, live)) ?? {}));
  };

  const list = async (): Promise<MediaEntry[]> => {
    const [disk, stored, uses] = await Promise.all([diskImages(), listStoredMedia(db.query), liveUses()]);
    const entries = new Map<string, MediaEntry>();
    for (const [name, size] of disk) {
      const type = MIME[TYPE_OF_EXTENSION[MEDIA_NAME.exec(name)![3]]];
      entries.set(name, {
        name,
        url: MEDIA_PREFIX + name,
        type,
        size,
        inFiles: true,
        stored: false,
        uploadedBy: null,
        createdAt: null,
        uses: [],
      });
    }
    for (const row of stored) {
      const known = entries.get(row.name);
      entries.set(row.name, {
        name: row.name,
        url: MEDIA_PREFIX + row.name,
        type: row.type,
        size: row.size,
        inFiles: known !== undefined,
        stored: true,
        uploadedBy: row.uploadedBy,
        createdAt: row.createdAt,
        uses: [],
      });
    }
    for (const entry of entries.values()) entry.uses = uses.get(entry.name) ?? [];
    return [...entries.values()].sort((a, b) => a.name.localeCompare(b.name));
  };

  /** Checks and stores an upload named `fileName` by its sender. */
  const upload = async (bytes: Uint8Array, fileName: string, uploadedBy: string): Promise<UploadOutcome> => {
    const checked = await checkImage(bytes);
    if (!checked.ok) return { status: 'refused', code: checked.status, message: checked.message };
    const base = fileName.split(/[\\/]/).pop() ?? '';
    const name = mediaName(base, checked.image.type, bytes);
    const createdAt = now().toISOString();
    const row = { name, type: checked.image.mime, size: bytes.length, uploadedBy, createdAt };
    const created = await db.write('content-media', (q) => insertMedia(q, { ...row, bytes }));
    const entry = (await list()).find((item) => item.name === name)!;
    return { status: 'stored', entry, created };
  };

  /** Deletes a stored image unless the live release uses it, decided under the publishes' lock. */
  const remove = async (name: string): Promise<DeleteOutcome> => {
    const entry = (await list()).find((item) => item.name === name);
    if (!entry) return { status: 'unknown' };
    if (entry.uses.length > 0) return { status: 'in-use', uses: entry.uses };
    if (!entry.stored) return { status: 'in-files' };
    return db.write(CONTENT_LOCK, async (q): Promise<DeleteOutcome> => {
      const live = await liveRelease(repo, q);
      const uses = mediaUses(live === undefined ? {} : ((await releaseFiles(q, live)) ?? {})).get(name) ?? [];
      if (uses.length > 0) return { status: 'in-use', uses };
      return (await deleteStoredMedia(q, name)) ? { status: 'deleted' } : { status: 'unknown' };
    });
  };

  /** One image's bytes and type (an upload first, else the files'), for the studio's own screens; undefined when none. */
  const file = async (name: string): Promise<{ bytes: Buffer; type: string } | undefined> => {
    if (!MEDIA_NAME.test(name)) return undefined;
    const stored = await storedMediaFile(db.query, name);
    if (stored) return stored;
    const bytes = await readFile(join(dir, name)).catch(() => undefined);
    return bytes && { bytes, type: MIME[TYPE_OF_EXTENSION[MEDIA_NAME.exec(name)![3]]] };
  };

  return { list, upload, remove, file };
}

export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
