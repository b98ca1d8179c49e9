import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The studio's browser app (studio/, built by `npm run build` into dist-studio/), served by the
 * studio's server at `/`: its hashed files under /assets/ as they are (their .br or .gz variant to
 * a browser that takes it), and index.html for every other path (the app's own routes), each time
 * with a fresh nonce for its styles. The files are read once, at start.
 */

/**
 * The page's CSP: its own scripts only; styles from its own files or carrying this answer's nonce
 * (Fluent UI's runtime styles, Griffel, insert <style> tags, which get it through the renderer's
 * styleElementAttributes, studio/main.tsx); requests to its own origin; images of its own or data:
 * URLs; frames of the site's content previews only (`previewOrigin`, the site's origin: none
 * without it); never framed; forms post to itself only.
 */
export const studioPageCsp = (nonce: string, previewOrigin?: string) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
    "connect-src 'self'",
    "img-src 'self' data:",
    `frame-src ${previewOrigin ?? "'none'"}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');

const NONCE_PLACEHOLDER = '__STYLE_NONCE__';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
};

interface Asset {
  type: string;
  body: Buffer;
  br?: Buffer;
  gz?: Buffer;
}

/** Whether `dir` holds a built studio app (its index.html). */
export const hasStudioApp = (dir: string) => existsSync(path.join(dir, 'index.html'));

/** Registers the app's routes: GET /assets/:file and GET /* (index.html), both public (the API decides). */
export function registerStudioApp(app: FastifyInstance, dir: string, previewOrigin?: string): void {
  const html = readFileSync(path.join(dir, 'index.html'), 'utf8');
  if (!html.includes(NONCE_PLACEHOLDER))
    throw new Error(`${dir}/index.html has no ${NONCE_PLACEHOLDER}: rebuild the studio (npm run build)`);
  const assets = new Map<string, Asset>();
  const assetDir = path.join(dir, 'assets');
  for (const name of existsSync(assetDir) ? readdirSync(assetDir) : []) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const file = path.join(assetDir, name);
    const variant = (suffix: string) => (existsSync(file + suffix) ? readFileSync(file + suffix) : undefined);
    assets.set(name, { type, body: readFileSync(file), br: variant('.br'), gz: variant('.gz') });
  }

  app.get<{ Params: { file: string } }>('/assets/:file', { config: { access: 'public' } }, async (request, reply) => {
    const asset = assets.get(request.params.file);
    if (!asset) return reply.code(404).send({ message: 'Not found' });
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const [encoding, body] =
      asset.br && /\bbr\b/.test(accepted)
        ? ['br', asset.br]
        : asset.gz && /\bgzip\b/.test(accepted)
          ? ['gzip', asset.gz]
          : [undefined, asset.body];
    if (encoding) reply.header('content-encoding', encoding);
    return reply.header('vary', 'accept-encoding').type(asset.type).send(body);
  });

  const page = (reply: FastifyReply) => {
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-security-policy', studioPageCsp(nonce, previewOrigin))
      .type('text/html; charset=utf-8')
      .send(html.replaceAll(NONCE_PLACEHOLDER, nonce));
  };
  app.get('/', { config: { access: 'public' } }, async (_request, reply) => page(reply));
  // The app's own routes (/sign-in, /enrol, /desk/…): the page, whose router shows the screen. The
  // API's paths are never the page: an unknown one stays a JSON 404.
  app.get('/*', { config: { access: 'public' } }, async (request, reply) =>
    request.url.startsWith('/api/') ? reply.code(404).send({ message: 'Not found' }) : page(reply),
  );
}
