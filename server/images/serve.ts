import type { FastifyInstance, FastifyReply } from 'fastify';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { MEDIA_PREFIX, VARIANT_FORMATS, VARIANT_WIDTHS, type VariantFormat } from '../../domain/media';
import { createSlots } from '../slots';
import { MAX_PIXELS, MEDIA_NAME, MIME, mediaDir, type ImageType } from './check';

/**
 * Content images (content/media/) at MEDIA_PREFIX:
 * - `/content-media/<name>`: the original, as stored;
 * - `/content-media/<name>/<width>.<avif|webp>`: a variant of a raster original, `width` one of
 *   VARIANT_WIDTHS, made with sharp on its first request (never wider than the original) and kept
 *   in `<dataDir>/image-cache/`; requests for the same variant while it is being made share one
 *   making. Each instance keeps its own cache; it can be deleted at any time.
 * Names follow MEDIA_NAME (no dots or slashes but the extension's: no path can leave the folder) and
 * carry a hash of the bytes, so every answer is cached for a year, immutable. Each image and variant
 * has one URL: a width written otherwise (`0640`), a width not in VARIANT_WIDTHS and any query
 * (`?x`, even an empty `?`) are a 404 that no cache keeps, so copies of one image cannot fill a cache.
 * Anything else is a 404 too. An image not in the folder is looked up with `stored` (the studio's
 * uploads, in the database), and its variants are made from those bytes.
 */

const LONG_CACHE = 'public, max-age=31536000, immutable';
/** At most this many variants are encoded at once (AVIF is CPU-heavy); the rest wait their turn. */
const MAX_ENCODING = 2;

const ORIGINAL = new RegExp(`^${MEDIA_PREFIX}([^/]+)$`);
const VARIANT = new RegExp(`^${MEDIA_PREFIX}([^/]+)/(\\d{1,5})\\.(avif|webp)$`);

const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'jpeg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' };

function notFound(reply: FastifyReply): FastifyReply {
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
}

async function exists(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

/**
 * Encodes one variant of `source` (never enlarged; turned upright by its EXIF orientation; no metadata
 * kept). AVIF at effort 3: about 3% larger than the default 4 and three times faster to make (1280 px
 * of the home banner: 31 kB in 0.75 s against 30 kB in 2.5 s), which a first request waits for.
 */
export async function encodeVariant(source: Buffer | string, width: number, format: VariantFormat): Promise<Buffer> {
  const image = sharp(source, { limitInputPixels: MAX_PIXELS }).autoOrient().resize({ width, withoutEnlargement: true });
  return format === 'avif' ? image.avif({ quality: 50, effort: 3 }).toBuffer() : image.webp({ quality: 75 }).toBuffer();
}

export interface MediaOptions {
  /** The folder of originals (content/media of the project by default). */
  dir?: string;
  /** The server's data folder: variants are cached in its image-cache/. */
  dataDir: string;
  /**
   * Makes every variant of every raster image of the folder once the server is ready, one at a time
   * (a request's variant is not kept waiting behind more than one), so that no visitor waits for one
   * to be made: `npm start` sets it; tests do not.
   */
  warm?: boolean;
  /** An image not in the folder: the one uploaded through the studio, from the database (content_media). */
  stored?: (name: string) => Promise<{ bytes: Buffer } | undefined>;
}

/** Registers the content images' routes (see above). */
export function registerMedia(app: FastifyInstance, { dir = mediaDir(), dataDir, warm = false, stored }: MediaOptions): void {
  const cacheDir = join(dataDir, 'image-cache');
  const making = new Map<string, Promise<Buffer>>();
  const encoding = createSlots(MAX_ENCODING);

  /** The variant's bytes: from the cache, or made once (concurrent callers share the making). */
  const variant = (name: string, width: number, format: VariantFormat, source: Buffer | string = join(dir, name)): Promise<Buffer> => {
    const cached = join(cacheDir, name, `${width}.${format}`);
    let pending = making.get(cached);
    if (!pending) {
      pending = (async () => {
        try {
          return await readFile(cached);
        } catch {
          const bytes = await encoding.run(() => encodeVariant(source, width, format));
          await mkdir(join(cacheDir, name), { recursive: true });
          // Written whole, then renamed: another request never reads half a file.
          const temporary = `${cached}.${process.pid}.${Date.now()}.tmp`;
          await writeFile(temporary, bytes);
          await rename(temporary, cached);
          return bytes;
        }
      })().finally(() => making.delete(cached));
      making.set(cached, pending);
    }
    return pending;
  };

  let closed = false;
  app.addHook('onClose', async () => {
    closed = true;
  });
  const warmAll = async () => {
    const names = (await readdir(dir).catch(() => [] as string[])).filter(
      (name) => MEDIA_NAME.exec(name)?.[3] !== 'svg' && MEDIA_NAME.test(name),
    );
    for (const name of names)
      for (const format of VARIANT_FORMATS)
        for (const width of VARIANT_WIDTHS) {
          if (closed) return;
          await variant(name, width, format).catch((error: unknown) =>
            app.log.warn(`image variant ${name} ${width}.${format}: ${String(error)}`),
          );
        }
  };
  if (warm) app.addHook('onReady', async () => void warmAll());

  app.get(`${MEDIA_PREFIX}*`, async (request, reply) => {
    const path = request.url;
    if (path.includes('?')) return notFound(reply);
    const original = ORIGINAL.exec(path);
    const wanted = original ? undefined : VARIANT.exec(path);
    const name = original?.[1] ?? wanted?.[1] ?? '';
    const match = MEDIA_NAME.exec(name);
    if (!match) return notFound(reply);
    const type = TYPE_OF_EXTENSION[match[3]];
    const file = join(dir, name);
    // The folder's file, else an upload of the studio's (the same name is the same bytes).
    const source = (await exists(file)) ? file : (await stored?.(name))?.bytes;
    if (source === undefined) return notFound(reply);
    reply.header('cache-control', LONG_CACHE).header('x-content-type-options', 'nosniff');

    if (original) {
      // An SVG opened on its own runs nothing and loads nothing, whatever it holds.
      if (type === 'svg') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
      return reply.type(MIME[type]).send(typeof source === 'string' ? await readFile(source) : source);
    }
    const width = Number(wanted?.[2]);
    const format = wanted?.[3] as VariantFormat;
    // The width as VARIANT_WIDTHS writes it: '640', never '0640'.
    const canonical = VARIANT_WIDTHS.includes(width) && String(width) === wanted?.[2];
    if (type === 'svg' || !canonical || !(VARIANT_FORMATS as readonly string[]).includes(format)) return notFound(reply);
    return reply.type(`image/${format}`).send(await variant(name, width, format, source));
  });
}
