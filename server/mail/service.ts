import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isObject } from '../../domain/guards';
import type { Emails } from '../../src/generated/config';
import type { Product } from '../product';
import { ROOT_DIR } from '../root';
import type { Db } from '../db';
import type { MailFrame } from './layout';
import { OutboxStore } from './outbox';
import { MailSender, type RetryPolicy, type SenderLog, type SenderOptions } from './sender';
import { smtpTransport, type MailTransport } from './transport';

/** The e-mail texts of pages.config.json (`emails`, checked by `npm run validate`). */
export function readEmailTexts(configPath: string = join(ROOT_DIR, 'pages.config.json')): Emails {
  const config = JSON.parse(readFileSync(configPath, 'utf8')) as unknown;
  const emails = isObject(config) ? config.emails : undefined;
  if (!isObject(emails) || !isObject(emails.keys) || !isObject(emails.forms)) {
    throw new Error('pages.config.json has no "emails" texts (npm run validate says what is missing)');
  }
  return emails as unknown as Emails;
}

/** How the server sends e-mail: SMTP_URL and MAIL_FROM, or nothing (demo mode without SMTP_URL). */
export interface MailSettings {
  smtpUrl?: string;
  from?: string;
  /** A transport instead of SMTP_URL's (tests of the sender's failure handling use a real SMTP server too). */
  transport?: MailTransport;
  retry?: Partial<RetryPolicy>;
  leaseMs?: number;
  pollMs?: number;
}

/** What the routes use to write e-mails; the sender, when one runs, drains what they write. */
export interface MailService {
  outbox: OutboxStore;
  /** The product, public URL and texts an e-mail is composed with, at this moment. */
  frame(): MailFrame;
  /** Call after a transaction that wrote to the outbox committed: the sender looks at once. */
  notify(): void;
  /** The background sender (none without SMTP_URL: the e-mails wait in the outbox). */
  sender?: MailSender;
}

export function createMailService(options: {
  db: Db;
  product: Product;
  publicUrl: string;
  now: () => Date;
  settings: MailSettings;
  log: SenderLog;
  onOutcome?: SenderOptions['onOutcome'];
}): MailService {
  const texts = readEmailTexts();
  const messageDomain = new URL(options.publicUrl).hostname;
  const outbox = new OutboxStore(options.db, messageDomain);
  const { settings } = options;
  const transport = settings.transport ?? (settings.smtpUrl ? smtpTransport(settings.smtpUrl) : undefined);
  const sender =
    transport && settings.from
      ? new MailSender({
          db: options.db,
          messageDomain,
          transport,
          from: settings.from,
          log: options.log,
          now: options.now,
          retry: settings.retry,
          leaseMs: settings.leaseMs,
          pollMs: settings.pollMs,
          onOutcome: options.onOutcome,
        })
      : undefined;
  return {
    outbox,
    frame: () => ({ product: options.product, origin: options.publicUrl, texts, now: options.now() }),
    notify: () => sender?.wake(),
    sender,
  };
}
