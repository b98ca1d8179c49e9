import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { cacheControl } from '../../server/page-cache';
import { streamPage } from '../../server/page-stream';

/** Reads a stream to its end. */
async function text(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

describe('streamPage', () => {
  it('sends the template around what the renderer writes, and hands the whole page over once written', async () => {
    let kept: string | undefined;
    const { destination, body } = streamPage({ before: '<html><div id="root">', after: '</div></html>' }, (html) => (kept = html), true);
    if (!body) throw new Error('no body for a streamed page');
    const read = text(body);
    Readable.from(['<h1>Plans', '</h1>']).pipe(destination);
    expect(await read).toBe('<html><div id="root"><h1>Plans</h1></div></html>');
    expect(kept).toBe('<html><div id="root"><h1>Plans</h1></div></html>');
  });

  it('streams the parts as they come, before the renderer has finished', async () => {
    const { destination, body } = streamPage({ before: '<head>', after: '<tail>' }, () => {}, true);
    const first = new Promise<string>((resolve) => body?.once('data', (chunk: Buffer) => resolve(chunk.toString())));
    destination.write('<shell>');
    expect(await first).toBe('<head>');
    destination.end();
  });

  it('keeps the page without a body for a render in the background', async () => {
    const kept = new Promise<string>((resolve) => {
      const { destination, body } = streamPage({ before: 'a', after: 'c' }, resolve, false);
      expect(body).toBeNull();
      destination.end('b');
    });
    expect(await kept).toBe('abc');
  });
});

describe('cacheControl', () => {
  it('lets a shared cache keep a public page a second, never stale while it asks again, stale only on an error', () => {
    expect(cacheControl(200, false, 30, 60_000)).toBe('public, max-age=0, s-maxage=1, stale-if-error=60');
    expect(cacheControl(200, false, 30, 60_000)).not.toMatch(/stale-while-revalidate/);
    expect(cacheControl(200, false, 30, 0)).toBe('public, max-age=0, s-maxage=1');
  });

  it('keeps a private screen, and any page when the server caches none, out of shared caches', () => {
    expect(cacheControl(200, true, 30, 60_000)).toBe('private, no-cache');
    expect(cacheControl(200, false, 0, 60_000)).toBe('private, no-cache');
  });

  it('lets no cache store the not-found page', () => {
    expect(cacheControl(404, false, 30, 60_000)).toBe('no-store');
  });
});
