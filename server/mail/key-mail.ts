import { html } from '../shop/html';
import { money } from '../shop/provider';
import type { IssuedKey, Order } from '../shop/store';
import { button, dataTable, fill, fillHtml, heading, htmlDocument, paragraph, type MailFrame } from './layout';
import type { OutgoingMail } from './outbox';

/** The key-activation screen the e-mail links to (under the public URL). */
export const ACTIVATION_PATH = '/shop/assignment';

const buyerName = (order: Order) =>
  [order.billing.first_name, order.billing.last_name]
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join(' ');

/**
 * The e-mail of a paid order: every access key and activation code issued for it in a table, and
 * the activation link on the public URL. Its texts are `emails.keys` of pages.config.json.
 */
export function keyMail(order: Order, keys: readonly IssuedKey[], frame: MailFrame): OutgoingMail {
  const t = frame.texts.keys;
  const name = buyerName(order);
  const link = new URL(ACTIVATION_PATH, frame.origin).href;
  const values = {
    name,
    order: order.id,
    plan: order.plan_name,
    quantity: order.quantity,
    total: money(order.total, order.currency),
    count: keys.length,
    link,
  };
  const text = (template: string) => fill(frame, template, values);
  const greeting = name ? text(t.greeting) : text(t.greetingNoName);
  const title = keys.length === 1 ? text(t.keysTitleOne) : text(t.keysTitleMany);
  const rows = keys.map((key, i) => [String(i + 1), key.access_key, key.activation_code]);

  const plain = [
    greeting,
    '',
    text(t.intro),
    '',
    `${title}:`,
    '',
    ...rows.flatMap(([n, key, code]) => [`${n}. ${t.keyColumn}: ${key}`, `   ${t.codeColumn}: ${code}`, '']),
    text(t.activate),
    text(t.privacy),
    '',
    fill(frame, frame.texts.signature),
    '',
    '--',
    fill(frame, frame.texts.footer),
  ].join('\n');

  const subject = text(t.subject);
  const htmlPart = htmlDocument(frame, {
    title: subject,
    preheader: text(t.preheader),
    content: [
      paragraph(greeting),
      paragraph(text(t.intro)),
      heading(title),
      dataTable(rows, { header: ['#', t.keyColumn, t.codeColumn], mono: [1, 2] }),
      paragraph(fillHtml(frame, t.activate, values, { link: html`<a href="${link}">${link}</a>` })),
      button(link, text(t.activateButton)),
      paragraph(text(t.privacy)),
      paragraph(fill(frame, frame.texts.signature)),
    ],
  });
  return { kind: 'keys', to: [order.email], subject, text: plain, html: htmlPart, orderId: order.id };
}
