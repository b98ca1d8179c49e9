import nodemailer from 'nodemailer';
import type { Attachment } from './outbox';

/** One e-mail as it leaves: every header the outbox row fixes, the Message-ID included. */
export interface OutgoingMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  messageId: string;
  attachments: Attachment[];
}

/** Where e-mail leaves: SMTP (nodemailer) in the server; the tests use the same against a real SMTP server. */
export interface MailTransport {
  send(message: OutgoingMessage): Promise<void>;
  close(): void;
}

/** Timeouts of an SMTP exchange (ms): a stuck server costs one attempt, never a claim's whole lease. */
export const SMTP_TIMEOUTS = { connection: 10_000, greeting: 10_000, socket: 30_000 } as const;

/**
 * An SMTP transport from `SMTP_URL` (smtp://user:pass@host:587, smtps://… for TLS from the start;
 * STARTTLS is used whenever the server offers it), with a small pool of connections.
 */
export function smtpTransport(url: string, options: { maxConnections?: number } = {}): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    pool: true,
    maxConnections: options.maxConnections ?? 3,
    connectionTimeout: SMTP_TIMEOUTS.connection,
    greetingTimeout: SMTP_TIMEOUTS.greeting,
    socketTimeout: SMTP_TIMEOUTS.socket,
  });
  return {
    async send(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })),
        // Nothing in a message may make nodemailer read a local file or fetch a URL.
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
    close: () => transporter.close(),
  };
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  permanent?: unknown;
  message?: unknown;
}

/** Failures of the server's own settings: retried (the operator fixes them), never blamed on the message. */
const SETTINGS_ERRORS = new Set(['EAUTH', 'ENOAUTH', 'ECONFIG', 'EOAUTH2']);

/**
 * Whether a failed send is final. A 5xx reply (RFC 5321: permanent negative completion, except 503,
 * a wrong state of the session) refuses the message for good, and so does an envelope nodemailer
 * cannot build. Everything else is temporary: 4xx replies (421 service not available, 451 local
 * error, 452 storage), a refused or dropped connection, a timeout, and a rejected login (a setting).
 */
export function isPermanentFailure(error: unknown): boolean {
  const e = (error ?? {}) as SmtpError;
  if (typeof e.code === 'string' && SETTINGS_ERRORS.has(e.code)) return false;
  if (typeof e.responseCode === 'number') return e.responseCode >= 500 && e.responseCode < 600 && e.responseCode !== 503;
  return e.permanent === true || e.code === 'EENVELOPE';
}

/** A short description of a failed send for the log and the outbox row (code, SMTP reply). */
export function describeFailure(error: unknown): string {
  const e = (error ?? {}) as SmtpError;
  const parts = [typeof e.code === 'string' ? e.code : undefined, typeof e.message === 'string' ? e.message : String(error)];
  return parts.filter(Boolean).join(': ');
}
