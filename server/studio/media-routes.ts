import type { FastifyError, FastifyInstance } from 'fastify';
import type { MediaLibrary } from '../content/media-library';
import type { MediaUse } from '../content/media-library-uses';
import { MAX_RASTER_BYTES, MEDIA_NAME, sizeText } from '../images/check';
import { audit } from './audit';
import type { StudioContext } from './context';
import type { Access } from './rights';
import { entry, KEPT_BY_BROWSER } from './route-helpers';
import texts from './texts.json';

/**
 * The studio's media library (under /api/studio/media), every route for Content manage:
 * - GET / → { media: MediaEntry[] }: every image, of the files and uploaded, with its uses in the
 *   live release (and which of them lack the alt text the gate requires);
 * - POST / → 201 { media } (200 when the same bytes were stored already): the body is the image's
 *   own bytes (an image type or application/octet-stream, at most MAX_RASTER_BYTES), its name in
 *   the X-File-Name header (URI-encoded); the checks of the dev upload, then stored in the database;
 * - GET /<name> → the image's bytes, its type (the studio's page shows its images from its own origin,
 *   as its CSP allows no other: the site serves them at MEDIA_PREFIX); 404 for no such image;
 * - DELETE /<name> → 200; 409 in words listing the uses while the live release names it, or when the
 *   image is one of the project's files; 404 for no such image.
 * An upload and a delete write an audit row.
 */

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
/** A use in words: "Home page banners, Talk to a doctor (content/home-sliders.json)". */
const useWords = (use: MediaUse) => `${use.resource}${use.item === null ? '' : `, ${use.item}`} (${use.file})`;
/** The types an upload may declare: an image's, or plain bytes (a form of another site cannot send them without a preflight). */
const UPLOAD_TYPE = /^(image\/[a-z0-9.+-]+|application\/octet-stream)\b/;

export default async function mediaRoutes(app: FastifyInstance, { ctx, library }: { ctx: StudioContext; library: MediaLibrary }) {
  const manage: { access: Access } = { access: { action: 'manage', subject: 'Content' } };

  // The body of an upload is the image itself, read whole (bounded) and judged by its bytes.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_RASTER_BYTES }, (_request, body, done) => done(null, body));

  // A body past the limit (its declared length, or what arrives) is refused before it is read whole.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if (error.code !== 'FST_ERR_CTP_BODY_TOO_LARGE') throw error;
    const declared = Number(_request.headers['content-length'] ?? 0);
    const size = declared > MAX_RASTER_BYTES ? sizeText(declared) : `over ${sizeText(MAX_RASTER_BYTES)}`;
    return reply.code(413).send({ message: fill(texts.media.tooLarge, { size, limit: sizeText(MAX_RASTER_BYTES) }) });
  });

  app.get('/', { config: manage }, async () => ({ media: await library.list() }));

  app.post<{ Body: Buffer }>(
    '/',
    {
      config: manage,
      bodyLimit: MAX_RASTER_BYTES,
      // After the studio's own checks (the caller's rights come first): a declared type that is not an image's.
      preValidation: async (request, reply) => {
        const type = (request.headers['content-type'] ?? '').toLowerCase();
        if (!UPLOAD_TYPE.test(type) || typeof request.headers['x-file-name'] !== 'string')
          return reply.code(415).send({ message: texts.media.sendImage });
      },
    },
    async (request, reply) => {
      const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (bytes.length === 0) return reply.code(415).send({ message: texts.media.empty });
      let fileName = String(request.headers['x-file-name']);
      try {
        fileName = decodeURIComponent(fileName);
      } catch {
        // A name that is not URI-encoded is taken as written; mediaName keeps only letters and digits.
      }
      const account = request.studio!.account;
      const outcome = await library.upload(bytes, fileName, account.email);
      if (outcome.status === 'refused') return reply.code(outcome.code).send({ message: outcome.message });
      if (outcome.created) await audit(ctx.db, entry(request, 'content.media.upload', { target: outcome.entry.name }), ctx.now());
      return reply.code(outcome.created ? 201 : 200).send({ media: outcome.entry });
    },
  );

  app.get<{ Params: { name: string } }>('/:name', { config: manage }, async (request, reply) => {
    const image = await library.file(request.params.name);
    if (!image) return reply.code(404).send({ message: texts.media.notFound });
    // A name holds its bytes' hash, so its bytes never change: this browser keeps them (no shared cache
    // does), and the library's thumbnails are not downloaded again at each visit.
    return reply.header('cache-control', KEPT_BY_BROWSER).type(image.type).send(image.bytes);
  });

  app.delete<{ Params: { name: string } }>('/:name', { config: manage }, async (request, reply) => {
    const { name } = request.params;
    if (!MEDIA_NAME.test(name)) return reply.code(404).send({ message: texts.media.notFound });
    const outcome = await library.remove(name);
    switch (outcome.status) {
      case 'unknown':
        return reply.code(404).send({ message: texts.media.notFound });
      case 'in-files':
        return reply.code(409).send({ message: texts.media.inFiles });
      case 'in-use':
        return reply
          .code(409)
          .send({ message: fill(texts.media.inUse, { uses: outcome.uses.map(useWords).join('; ') }), uses: outcome.uses });
      case 'deleted':
        await audit(ctx.db, entry(request, 'content.media.delete', { target: name }), ctx.now());
        return { deleted: name };
    }
  });
}
