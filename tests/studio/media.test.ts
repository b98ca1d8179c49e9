import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { all, sql } from '../../server/db';
import { MAX_RASTER_BYTES } from '../../server/images/check';
import { FROM_STUDIO, useStudio, type TestAccount } from './helpers';

/**
 * The studio's media library: every image with its uses in the live release, uploads stored in the
 * database (checked as the dev upload checks them) and served by the site, deletes refused while the
 * live release uses an image.
 */

const API = '/api/studio/media';
const BANNER = 'home-banner-32b06228.jpg';
const SLIDERS = 'content/home-sliders.json';

interface Entry {
  name: string;
  url: string;
  size: number;
  inFiles: boolean;
  stored: boolean;
  uses: Array<{ file: string; resource: string; item: string | null; altMissing: boolean }>;
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3366cc' } })
    .png()
    .toBuffer();

describe('the studio media library', () => {
  const studio = useStudio();
  let editor: TestAccount;
  let session: string;
  let uploaded: Entry;

  const upload = async (bytes: Buffer, type: string, cookie: string | null = session, headers: Record<string, string> = FROM_STUDIO) => {
    const response = await studio.started.studio.inject({
      method: 'POST',
      url: API,
      headers: {
        ...headers,
        'content-type': type,
        'x-file-name': encodeURIComponent('My Photo (1).png'),
        ...(cookie === null ? {} : { cookie }),
      },
      payload: bytes,
    });
    return { status: response.statusCode, body: response.json() as { message?: string; media?: Entry } };
  };
  const list = async () =>
    ((await studio.started.studio.inject({ url: API, headers: { cookie: session } })).json() as { media: Entry[] }).media;
  const remove = async (name: string) => {
    const response = await studio.started.studio.inject({
      method: 'DELETE',
      url: `${API}/${name}`,
      headers: { ...FROM_STUDIO, cookie: session },
    });
    return { status: response.statusCode, body: response.json() as { message?: string; uses?: unknown[] } };
  };

  it("lists the files' images with their uses in the live release", async () => {
    editor = await studio.account('editor@media.example', ['editor']);
    session = await studio.signIn(editor);
    const banner = (await list()).find((entry) => entry.name === BANNER);
    expect(banner).toMatchObject({ inFiles: true, stored: false, url: `/content-media/${BANNER}` });
    expect(banner!.uses).toContainEqual(
      expect.objectContaining({
        file: SLIDERS,
        resource: 'Home page banners',
        item: 'Talk to a doctor anytime, anywhere',
        altMissing: false,
      }),
    );
  });

  it('refuses uploads: no session (401), no Content right (403), no CSRF header (403)', async () => {
    const bytes = await png();
    expect((await upload(bytes, 'image/png', null)).status).toBe(401);
    const staff = await studio.account('staff@media.example', ['staff']);
    expect((await upload(bytes, 'image/png', await studio.signIn(staff))).status).toBe(403);
    expect((await upload(bytes, 'image/png', session, { origin: FROM_STUDIO.origin })).status).toBe(403);
    expect(await all(studio.started.db.query, sql`SELECT name FROM content_media`)).toEqual([]);
  });

  it('refuses a wrong type, a file too big and an SVG with a script, in words', async () => {
    const text = await upload(Buffer.from('hello, not an image'), 'image/png');
    expect(text).toEqual({ status: 415, body: { message: 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.' } });
    expect((await upload(Buffer.from('{}'), 'application/json')).status).toBe(415);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(MAX_RASTER_BYTES)]);
    const tooBig = await upload(big, 'image/jpeg');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toMatch(/the limit is 8 MB/);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect(await upload(svg, 'image/svg+xml')).toEqual({
      status: 422,
      body: { message: 'This SVG contains a script, so it cannot be used.' },
    });
    expect(await all(studio.started.db.query, sql`SELECT name FROM content_media`)).toEqual([]);
  });

  it('stores an upload under its cleaned, hashed name, with an audit row; the site serves it and its variants', async () => {
    const bytes = await png();
    const stored = await upload(bytes, 'image/png');
    expect(stored.status).toBe(201);
    uploaded = stored.body.media!;
    expect(uploaded).toMatchObject({ stored: true, inFiles: false, size: bytes.length, uses: [] });
    expect(uploaded.name).toMatch(/^my-photo-1-[0-9a-f]{8}\.png$/);
    expect((await upload(bytes, 'image/png')).status).toBe(200);
    expect((await list()).map((entry) => entry.name)).toContain(uploaded.name);
    const audit = await all<{ action: string; target: string }>(
      studio.started.db.query,
      sql`SELECT action, target FROM studio_audit WHERE action LIKE 'content.media.%'`,
    );
    expect(audit).toEqual([{ action: 'content.media.upload', target: uploaded.name }]);

    const original = await studio.started.site.inject({ url: uploaded.url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const variant = await studio.started.site.inject({ url: `${uploaded.url}/320.webp` });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
    expect((await studio.started.site.inject({ url: '/content-media/nothing-12345678.png' })).statusCode).toBe(404);
  });

  it("serves an image's bytes to the studio's own page; refuses an unknown name and a staff account", async () => {
    const get = (name: string, cookie = session) => studio.started.studio.inject({ url: `${API}/${name}`, headers: { cookie } });
    const mine = await get(uploaded.name);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('image/png');
    expect(mine.headers['cache-control']).toBe('private, max-age=86400, immutable');
    expect(mine.headers['content-security-policy']).toContain("default-src 'none'");
    expect(mine.rawPayload.equals(await png())).toBe(true);
    const banner = await get(BANNER);
    expect(banner.statusCode).toBe(200);
    expect(banner.headers['content-type']).toBe('image/jpeg');
    expect((await get('nothing-12345678.png')).statusCode).toBe(404);
    expect((await get('..%2Fsecrets.png')).statusCode).toBe(404);
    const staff = await studio.signIn(await studio.account('staff2@media.example', ['staff']));
    expect((await get(BANNER, staff)).statusCode).toBe(403);
  });

  it('refuses to delete an image the live release uses, naming the uses; an image of the files is not deleted', async () => {
    // The uploaded image becomes the home banner: the gate finds it in the database.
    const editorApi = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      studio.started.studio.inject({ method, url: `/api/studio/editor${url}`, headers: { ...FROM_STUDIO, cookie: session }, payload });
    const project = (await editorApi('GET', '/project')).json() as {
      release: number;
      files: Record<string, { value: { items: Array<{ background_image: { main: string } }> }; hash: string }>;
    };
    const value = structuredClone(project.files[SLIDERS].value);
    value.items[1].background_image = { main: uploaded.url };
    expect((await editorApi('POST', '/save', { files: { [SLIDERS]: { value, baseHash: project.files[SLIDERS].hash } } })).statusCode).toBe(
      200,
    );
    const published = await editorApi('POST', '/publish', { baseRelease: project.release });
    expect(published.statusCode, published.body).toBe(200);

    const used = await remove(uploaded.name);
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/in use.*Home page banners.*content\/home-sliders\.json/);
    expect(used.body.uses).toHaveLength(1);
    const files = await remove(BANNER);
    expect(files.status).toBe(409);
    expect(files.body.message).toMatch(/in use/);
    expect((await remove('nothing-12345678.png')).status).toBe(404);
    expect((await remove('..%2Fapp.db')).status).toBe(404);
  }, 60_000);

  it('deletes a stored image no content uses', async () => {
    const other = await upload(
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
        .png()
        .toBuffer(),
      'image/png',
    );
    const name = other.body.media!.name;
    expect(await remove(name)).toEqual({ status: 200, body: { deleted: name } });
    expect((await list()).map((entry) => entry.name)).not.toContain(name);
    expect((await studio.started.site.inject({ url: `/content-media/${name}` })).statusCode).toBe(404);
    expect((await remove(name)).status).toBe(404);
  });
});
