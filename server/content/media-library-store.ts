import { all, one, run, sql, type Queryable } from '../db';

/**
 * The rows of content_media: the images uploaded through the studio, kept in the database so that
 * every instance serves them (server/images/serve.ts) and the git record writes them under
 * content/media/ (server/content/git-commit.ts). A name (`<slug>-<hash8>.<ext>`) stands for one
 * content: an upload of bytes already stored keeps the row it has.
 */

export interface StoredMedia {
  name: string;
  type: string;
  size: number;
  uploadedBy: string | null;
  createdAt: string;
}

export interface NewMedia extends StoredMedia {
  bytes: Uint8Array;
}

interface Row {
  name: string;
  type: string;
  size: number;
  uploaded_by: string | null;
  created_at: string;
}

const infoOf = (row: Row): StoredMedia => ({
  name: row.name,
  type: row.type,
  size: Number(row.size),
  uploadedBy: row.uploaded_by,
  createdAt: row.created_at,
});

/** Stores an image; false when one of that name was stored already (it is the same bytes). */
export async function insertMedia(q: Queryable, media: NewMedia): Promise<boolean> {
  const added = await run(
    q,
    sql`INSERT INTO content_media (name, bytes, type, size, uploaded_by, created_at)
        VALUES (${media.name}, ${Buffer.from(media.bytes)}, ${media.type}, ${media.size}, ${media.uploadedBy}, ${media.createdAt})
        ON CONFLICT (name) DO NOTHING`,
  );
  return added > 0;
}

/** Every stored image (its bytes apart), by name. */
export async function listStoredMedia(q: Queryable): Promise<StoredMedia[]> {
  const rows = await all<Row>(q, sql`SELECT name, type, size, uploaded_by, created_at FROM content_media ORDER BY name`);
  return rows.map(infoOf);
}

/** One stored image's bytes and type, or undefined. */
export async function storedMediaFile(q: Queryable, name: string): Promise<{ bytes: Buffer; type: string } | undefined> {
  const row = await one<{ bytes: Uint8Array; type: string }>(q, sql`SELECT bytes, type FROM content_media WHERE name = ${name}`);
  return row && { bytes: Buffer.from(row.bytes), type: row.type };
}

/** The bytes of those of `names` that are stored (name -> bytes). */
export async function storedMediaBytes(q: Queryable, names: readonly string[]): Promise<Map<string, Buffer>> {
  const found = new Map<string, Buffer>();
  for (const name of new Set(names)) {
    const file = await storedMediaFile(q, name);
    if (file) found.set(name, file.bytes);
  }
  return found;
}

/** Removes a stored image; false when there was none of that name. */
export async function deleteStoredMedia(q: Queryable, name: string): Promise<boolean> {
  return (await run(q, sql`DELETE FROM content_media WHERE name = ${name}`)) > 0;
}
