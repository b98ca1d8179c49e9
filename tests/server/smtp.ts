import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

/** A message as the SMTP server received it: the envelope and the parsed e-mail. */
export interface Received {
  from: string;
  to: string[];
  raw: Buffer;
  mail: ParsedMail;
}

/**
 * What the server answers at the end of a message: undefined accepts it (250); a number refuses it
 * with that reply code (421, 451, 550 ...). Called after the whole message arrived.
 */
export type Answer = (count: number, session: SMTPServerSession, raw: Buffer) => number | undefined | Promise<number | undefined>;

/**
 * A real SMTP server on a free loopback port (the `smtp-server` package, the receiving end of the
 * tests): every message it accepts is parsed with `mailparser` and kept in `received`.
 */
export async function startSmtp(options: { answer?: Answer } = {}) {
  const received: Received[] = [];
  let answered = 0;
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 20 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void (async () => {
          const raw = Buffer.concat(chunks);
          const code = await options.answer?.(++answered, session, raw);
          if (code !== undefined) {
            const error = new Error(code >= 500 ? 'Mailbox unavailable' : 'Try again later') as Error & { responseCode: number };
            error.responseCode = code;
            callback(error);
            return;
          }
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            mail: await simpleParser(raw),
          });
          callback();
          for (const wake of waiters.splice(0)) wake();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** How many messages were answered, accepted or not. */
    answered: () => answered,
    /** Resolves once `count` messages were accepted (or rejects after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`expected ${count} e-mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 200));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received.slice(0, count);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
