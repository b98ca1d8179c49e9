import { escapeHtml } from '../../domain/html';
import { fillPlaceholders } from '../../domain/text';
import { html, SafeHtml } from '../shop/html';
import type { Emails } from '../../src/generated/config';
import type { Product } from '../product';

/**
 * The shared frame of the server's e-mails: the HTML part (tables and inline styles, which every
 * mail client renders; no scripts, no external CSS) with the logo and product name on top, and the
 * plain-text part beside it. Every value is escaped; editors' texts come from pages.config.json
 * (`emails`), filled with `fill` below.
 */

export interface MailFrame {
  product: Product;
  /** The site's public origin (PUBLIC_URL): the logo and every link are made absolute with it. */
  origin: string;
  texts: Emails;
  now: Date;
}

/** The product's variables every e-mail text may use. */
export function commonValues(frame: MailFrame): Record<string, string | number> {
  return { product: frame.product.name, short: frame.product.short, year: frame.now.getFullYear(), site: frame.origin };
}

/** An editor's text with its placeholders filled (plain text). */
export function fill(frame: MailFrame, text: string, values: Readonly<Record<string, string | number>> = {}): string {
  return fillPlaceholders(text, { ...commonValues(frame), ...values });
}

/**
 * The same text as HTML: the text and plain values escaped, `markup` values (already HTML, such as
 * a link) inserted as they are.
 */
export function fillHtml(
  frame: MailFrame,
  text: string,
  values: Readonly<Record<string, string | number>> = {},
  markup: Readonly<Record<string, SafeHtml>> = {},
): SafeHtml {
  const all = { ...commonValues(frame), ...values };
  const out = text
    .split(/(\{\w+\})/)
    .map((part) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      if (name !== undefined && Object.hasOwn(markup, name)) return markup[name].html;
      if (name !== undefined && Object.hasOwn(all, name)) return escapeHtml(all[name]);
      return escapeHtml(part);
    })
    .join('');
  return new SafeHtml(out);
}

const COLORS = { primary: '#258bf5', ink: '#1f2d3d', muted: '#5b6b7b', line: '#d6dee8', page: '#f3f6fa' } as const;
const FONT = 'font-family:Arial,Helvetica,sans-serif;';

/** A link styled as a button (a table cell, so that Outlook shows it too). */
export function button(href: string, label: string): SafeHtml {
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="background:${COLORS.primary};border-radius:6px"><a href="${href}" style="display:inline-block;padding:12px 20px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none">${label}</a></td></tr></table>`;
}

export const paragraph = (content: SafeHtml | string) =>
  html`<p style="margin:0 0 16px;${FONT}font-size:16px;line-height:24px;color:${COLORS.ink}">${content}</p>`;

export const heading = (content: string) =>
  html`<h2 style="margin:8px 0 12px;${FONT}font-size:18px;line-height:24px;color:${COLORS.ink}">${content}</h2>`;

/**
 * A table of rows, with a header row when `header` is given; `mono` columns are set in a fixed-width
 * font (codes); line breaks within a value are kept.
 */
export function dataTable(
  rows: ReadonlyArray<readonly string[]>,
  options: { header?: readonly string[]; mono?: readonly number[] } = {},
): SafeHtml {
  const cell = `padding:8px 12px;border:1px solid ${COLORS.line};${FONT}font-size:15px;color:${COLORS.ink};vertical-align:top;white-space:pre-wrap;`;
  const monoCell = `${cell}font-family:Consolas,Menlo,monospace;letter-spacing:1px;`;
  const mono = options.mono ?? [];
  const header = options.header
    ? html`<tr>${options.header.map((h) => html`<th align="left" style="${cell}background:${COLORS.page}">${h}</th>`)}</tr>`
    : '';
  return html`<table role="presentation" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 16px;width:100%">
${header}${rows.map((row) => html`<tr>${row.map((value, i) => html`<td style="${mono.includes(i) ? monoCell : cell}">${value}</td>`)}</tr>`)}
</table>`;
}

/** The complete HTML part: a hidden preheader, the logo and product name, the content, the footer. */
export function htmlDocument(frame: MailFrame, options: { title: string; preheader?: string; content: SafeHtml[] }): string {
  const logo = new URL(frame.texts.logo, frame.origin).href;
  const footer = fill(frame, frame.texts.footer);
  return html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title}</title>
</head>
<body style="margin:0;padding:0;background:${COLORS.page}">
${options.preheader ? html`<div style="display:none;max-height:0;overflow:hidden">${options.preheader}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${COLORS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff;border:1px solid ${COLORS.line};border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid ${COLORS.line}">
<img src="${logo}" width="40" height="40" alt="" style="vertical-align:middle;border:0">
<span style="${FONT}font-size:20px;font-weight:bold;color:${COLORS.ink};vertical-align:middle;padding-left:8px">${frame.product.name}</span>
</td></tr>
<tr><td style="padding:24px">
${options.content}
</td></tr>
</table>
<p style="margin:16px 0 0;${FONT}font-size:12px;color:${COLORS.muted}">${footer}</p>
</td></tr></table>
</body>
</html>
`.html;
}
