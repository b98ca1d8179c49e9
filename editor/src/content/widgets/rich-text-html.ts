import { sanitizeRichText } from '../../../../src/lib/RichText';
import { looksLikeHtml, splitParagraphs } from '../../../../src/lib/Paragraphs';

/** The longest rich text the editor accepts from a file or a paste (2 MB of HTML; an article is a few kB). */
export const RICH_TEXT_MAX_CHARS = 2_000_000;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What the rich-text editor opens: HTML as it is; plain text (job and section descriptions, FAQ
 * answers, as their schemas allow) as one paragraph per block separated by blank lines, the way the
 * site shows it.
 */
export function toEditorHtml(value: unknown): string {
  const text = typeof value === 'string' ? value.slice(0, RICH_TEXT_MAX_CHARS) : '';
  if (looksLikeHtml(text)) return text;
  return splitParagraphs(text)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');
}

/**
 * The HTML the editor stores: the site's own sanitiser (`sanitizeRichText`: its allowlist and its URL
 * rule), so that what is saved is exactly what the site keeps, then written the way the site's
 * content is written:
 * - links carry only href and title: the site adds target and rel itself when it renders a link to
 *   another site, so they are not stored;
 * - a list item holding one paragraph and nothing else is written without the paragraph
 *   (`<li>text</li>`), which the site renders the same;
 * - an editor holding nothing (one empty paragraph) stores the empty string.
 */
export function cleanRichText(html: string): string {
  const clean = sanitizeRichText(html.slice(0, RICH_TEXT_MAX_CHARS));
  const template = document.createElement('template');
  template.innerHTML = clean;
  const root = template.content;
  for (const link of root.querySelectorAll('a')) {
    link.removeAttribute('target');
    link.removeAttribute('rel');
  }
  for (const item of root.querySelectorAll('li')) {
    const only = item.firstElementChild;
    if (item.childNodes.length === 1 && only?.tagName === 'P') only.replaceWith(...only.childNodes);
  }
  const text = root.textContent ?? '';
  if (text.trim() === '' && !root.querySelector('img')) return '';
  return template.innerHTML;
}
