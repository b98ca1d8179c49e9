import { PassThrough, Writable } from 'node:stream';

/** A page on its way out: where the renderer writes, and what the visitor reads. */
export interface PageStream {
  /** Where the renderer writes the app's HTML (React's pipe); its end writes the template's rest. */
  destination: Writable;
  /** The whole page as it is written, for the reply; null for a render nobody waits for. */
  body: PassThrough | null;
}

/**
 * Streams a page as the renderer writes it: the template up to the app (`before`), the app, then the
 * template's rest (`after`). Each part goes out at once to `body` (when `streamed`), and `done` gets
 * the whole page once it is written (the copy the cache keeps).
 */
export function streamPage(
  { before, after }: { before: string; after: string },
  done: (html: string) => void,
  streamed: boolean,
): PageStream {
  const body = streamed ? new PassThrough() : null;
  const chunks: Buffer[] = [];
  const out = (chunk: string | Buffer) => {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    chunks.push(buffer);
    body?.write(buffer);
  };
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      out(chunk);
      callback();
    },
    final(callback) {
      out(after);
      body?.end();
      done(Buffer.concat(chunks).toString('utf8'));
      callback();
    },
  });
  out(before);
  return { destination, body };
}
