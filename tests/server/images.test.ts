import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectGate } from '../../scripts/lib/editor/check';
import { editorMiddleware } from '../../scripts/lib/editor/plugin';
import { checkImage, mediaName, MAX_RASTER_BYTES, SVG_SCRIPT, WRONG_TYPE } from '../../server/images/check';
import { SVG_CSS_TRICKS, svgOf as svg } from './files';
import { startServer, tempDir } from './helpers';

/** A noisy photo-like JPEG of `width` x `height`. */
async function photo(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24;
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

describe('checkImage', () => {
  it('takes JPEG, PNG, WebP, AVIF and a plain SVG, with their size', async () => {
    const jpeg = await photo(40, 20);
    for (const [bytes, type] of [
      [jpeg, 'image/jpeg'],
      [await sharp(jpeg).png().toBuffer(), 'image/png'],
      [await sharp(jpeg).webp().toBuffer(), 'image/webp'],
      [await sharp(jpeg).avif().toBuffer(), 'image/avif'],
    ] as const) {
      expect(await checkImage(bytes)).toMatchObject({ ok: true, image: { mime: type, width: 40, height: 20 } });
    }
    expect(await checkImage(svg('<rect width="10" height="10" fill="url(#g)"/>'))).toMatchObject({ ok: true, image: { type: 'svg' } });
  });

  it('judges the type by the bytes: a GIF or a text named .jpg is refused', async () => {
    const gif = await sharp(await photo(8, 8))
      .gif()
      .toBuffer();
    expect(await checkImage(gif)).toEqual({ ok: false, status: 415, message: WRONG_TYPE });
    expect(await checkImage(Buffer.from('hello, I am photo.jpg'))).toEqual({ ok: false, status: 415, message: WRONG_TYPE });
  });

  it('refuses an image over the limit, saying its size', async () => {
    const big = Buffer.concat([await photo(8, 8), Buffer.alloc(MAX_RASTER_BYTES)]);
    expect(await checkImage(big)).toEqual({ ok: false, status: 413, message: 'This image is 8 MB; the limit is 8 MB.' });
    const bigger = Buffer.concat([await photo(8, 8), Buffer.alloc(MAX_RASTER_BYTES * 1.2)]);
    expect(await checkImage(bigger)).toMatchObject({ status: 413, message: 'This image is 9.6 MB; the limit is 8 MB.' });
    expect(await checkImage(svg(`<desc>${'x'.repeat(600 * 1024)}</desc>`))).toMatchObject({
      status: 413,
      message: 'This SVG is 601 kB; the limit is 512 kB.',
    });
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['an onload attribute', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['a javascript: href', svg('<a href="javascript:alert(1)"><text>x</text></a>')],
    [
      'an xlink:href javascript: URL',
      svg('<a xlink:href="javascript:alert(1)"><text>x</text></a>', ' xmlns:xlink="http://www.w3.org/1999/xlink"'),
    ],
    ['a foreignObject', svg('<foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject>')],
  ])('refuses an SVG with %s', async (_, bytes) => {
    expect(await checkImage(bytes)).toEqual({ ok: false, status: 422, message: SVG_SCRIPT });
  });

  it('refuses an SVG that loads another file', async () => {
    for (const bytes of [
      svg('<image href="https://example.com/x.png"/>'),
      svg('<image href="data:image/png;base64,AAAA"/>'),
      svg('<rect style="fill:url(https://x.test/y)"/>'),
    ]) {
      expect(await checkImage(bytes)).toMatchObject({
        ok: false,
        status: 422,
        message: 'This SVG refers to another file, so it cannot be used.',
      });
    }
  });
});

describe("an SVG's CSS, read as a browser reads it", () => {
  it.each(SVG_CSS_TRICKS)('refuses %s', async (_, bytes, message) => {
    expect(await checkImage(bytes)).toEqual({ ok: false, status: 422, message });
  });

  it('takes CSS that refers only to the file itself, comments included', async () => {
    const bytes = svg(
      '<defs><linearGradient id="g"/></defs><style>/* the fill */ rect { fill: url(#g); stroke: url( "#g" ) }</style>' +
        '<rect style="fill:url(\'#g\') /* note */" width="10" height="10"/>',
    );
    expect(await checkImage(bytes)).toMatchObject({ ok: true, image: { type: 'svg' } });
  });
});

describe('content/media on the server', () => {
  const mediaDir = tempDir('telmed-media-');
  let server: Awaited<ReturnType<typeof startServer>>;
  let name: string;

  beforeAll(async () => {
    const bytes = await photo(1000, 400);
    name = mediaName('Team photo.JPG', 'jpeg', bytes);
    writeFileSync(join(mediaDir, name), bytes);
    writeFileSync(join(mediaDir, 'logo-0badc0de.svg'), svg('<rect width="10" height="10"/>'));
    server = await startServer({ mediaDir });
  });
  afterAll(async () => {
    await server.cleanup();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('serves the original, cached for ever', async () => {
    const response = await server.app.inject({ url: `/content-media/${name}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('makes an AVIF and a WebP variant at the width asked, never wider than the original, and caches it', async () => {
    const avif = await server.app.inject({ url: `/content-media/${name}/640.avif` });
    expect(avif.statusCode).toBe(200);
    expect(avif.headers['content-type']).toBe('image/avif');
    expect(avif.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await sharp(avif.rawPayload).metadata()).toMatchObject({ format: 'heif', width: 640, height: 256 });
    const webp = await server.app.inject({ url: `/content-media/${name}/1600.webp` });
    expect(await sharp(webp.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1000 });
    expect(readdirSync(join(server.dataDir, 'image-cache', name)).sort()).toEqual(['1600.webp', '640.avif']);
    // The second time it is read from the cache, not made again (the cached file is what is sent).
    writeFileSync(join(server.dataDir, 'image-cache', name, '640.avif'), 'cached');
    const again = await server.app.inject({ url: `/content-media/${name}/640.avif` });
    expect(again.body).toBe('cached');
  });

  it('makes a variant asked for by many at once one time', async () => {
    const responses = await Promise.all(Array.from({ length: 5 }, () => server.app.inject({ url: `/content-media/${name}/320.webp` })));
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    expect(readdirSync(join(server.dataDir, 'image-cache', name)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it.each([
    ['an unknown width', () => `/content-media/${name}/641.avif`],
    ['a width with a leading zero', () => `/content-media/${name}/0640.webp`],
    ['a width with leading zeros', () => `/content-media/${name}/00640.avif`],
    ['a query on a variant', () => `/content-media/${name}/640.webp?x`],
    ['a query on an original', () => `/content-media/${name}?v=2`],
    ['an unknown format', () => `/content-media/${name}/640.png`],
    ['a variant of an SVG', () => '/content-media/logo-0badc0de.svg/640.webp'],
    ['a file that does not exist', () => '/content-media/missing-12345678.jpg'],
    ['a path out of the folder', () => '/content-media/..%2F..%2Fpackage.json'],
    ['a dotted path out of the folder', () => '/content-media/../../package.json'],
    ['a name not of the media form', () => '/content-media/passwd'],
  ])('refuses %s, for no cache to keep', async (_, url) => {
    const response = await server.app.inject({ url: url() });
    expect(response.statusCode).toBe(404);
    expect(response.headers['cache-control'] ?? '').not.toMatch(/max-age/);
  });

  it('has one URL per variant over HTTP too, where an empty query reaches the server as sent', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const status = (path: string) =>
      new Promise<number>((resolve, reject) => {
        // The path as written (a URL object would drop an empty query).
        request({ host: '127.0.0.1', port: new URL(address).port, path }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on('error', reject)
          .end();
      });
    const variant = `/content-media/${name}/640.webp`;
    expect(await status(variant)).toBe(200);
    expect(
      await Promise.all([`${variant}?`, `${variant}?x`, `/content-media/${name}/00640.webp`, `/content-media/${name}?`].map(status)),
    ).toEqual([404, 404, 404, 404]);
  });

  it('serves an SVG with a policy that runs nothing', async () => {
    const response = await server.app.inject({ url: '/content-media/logo-0badc0de.svg' });
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });
});

describe('POST /__editor/api/media (the editor middleware, media.ts)', () => {
  const root = tempDir('telmed-upload-');
  let http: Server;
  let port = 0;
  beforeAll(async () => {
    mkdirSync(join(root, 'content'), { recursive: true });
    // The upload needs no gate (it checks images, not the project's JSON).
    const middleware = editorMiddleware({ root, gate: {} as ProjectGate });
    http = createServer((req, res) =>
      middleware(req, res, () => {
        res.statusCode = 404;
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    port = (http.address() as { port: number }).port;
  });
  afterAll(() => {
    http.close();
    rmSync(root, { recursive: true, force: true });
  });

  const upload = (body: Buffer, headers: Record<string, string>) =>
    new Promise<{ status: number; json: Record<string, unknown> }>((resolve, reject) => {
      const req = request(
        { port, method: 'POST', path: '/__editor/api/media', headers: { 'content-length': String(body.length), ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown> }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    });

  it('stores a photo under content/media and answers its URL and size', async () => {
    const bytes = await photo(300, 200);
    const answer = await upload(bytes, { 'content-type': 'image/jpeg', 'x-file-name': encodeURIComponent('My Photo (1).jpeg') });
    expect(answer.status).toBe(201);
    expect(answer.json).toEqual({
      url: `/content-media/${mediaName('my-photo-1', 'jpeg', bytes)}`,
      width: 300,
      height: 200,
      type: 'image/jpeg',
      bytes: bytes.length,
    });
    expect(readdirSync(join(root, 'content/media'))).toEqual([mediaName('my-photo-1', 'jpeg', bytes)]);
  });

  it('refuses in plain words: too big, not an image, an SVG with a script, another origin', async () => {
    const big = Buffer.concat([await photo(8, 8), Buffer.alloc(MAX_RASTER_BYTES)]);
    expect(await upload(big, { 'content-type': 'image/jpeg', 'x-file-name': 'big.jpg' })).toEqual({
      status: 413,
      json: { message: 'This image is 8 MB; the limit is 8 MB.' },
    });
    expect(await upload(Buffer.from('MZ not a picture'), { 'content-type': 'image/png', 'x-file-name': 'x.png' })).toEqual({
      status: 415,
      json: { message: WRONG_TYPE },
    });
    expect(await upload(svg('<script>alert(1)</script>'), { 'content-type': 'image/svg+xml', 'x-file-name': 'x.svg' })).toEqual({
      status: 422,
      json: { message: SVG_SCRIPT },
    });
    const other = await upload(await photo(8, 8), { 'content-type': 'image/jpeg', 'x-file-name': 'x.jpg', origin: 'https://evil.example' });
    expect(other.status).toBe(403);
    expect(readdirSync(join(root, 'content/media'))).toHaveLength(1);
  });

  it.each(SVG_CSS_TRICKS)('refuses an SVG with %s, storing nothing', async (_, bytes, message) => {
    expect(await upload(bytes, { 'content-type': 'image/svg+xml', 'x-file-name': 'x.svg' })).toEqual({ status: 422, json: { message } });
    expect(readdirSync(join(root, 'content/media'))).toHaveLength(1);
  });
});

describe('warming the variants', () => {
  it('makes every variant of each raster image once the server is ready, none of an SVG', async () => {
    const mediaDir = tempDir('telmed-media-warm-');
    const bytes = await photo(700, 300);
    const name = mediaName('warm', 'jpeg', bytes);
    writeFileSync(join(mediaDir, name), bytes);
    writeFileSync(join(mediaDir, 'logo-0badc0de.svg'), svg('<rect width="10" height="10"/>'));
    const server = await startServer({ mediaDir, warmImages: true });
    try {
      await server.app.ready();
      const cache = join(server.dataDir, 'image-cache');
      await expect
        .poll(
          () => {
            try {
              return readdirSync(join(cache, name)).filter((f) => !f.endsWith('.tmp')).length;
            } catch {
              return 0;
            }
          },
          { timeout: 20_000 },
        )
        .toBe(10);
      expect(readdirSync(cache)).toEqual([name]);
    } finally {
      await server.cleanup();
      rmSync(mediaDir, { recursive: true, force: true });
    }
  });
});
