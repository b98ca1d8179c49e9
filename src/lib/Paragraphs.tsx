import { RichText } from './RichText';

/** Paragraphs of a plain-text description: blocks separated by blank lines, trimmed, empty ones dropped. */
export function splitParagraphs(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** True when a description carries HTML markup (a tag) rather than plain text. */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return /<\/?[a-z][\s\S]*?>/i.test(text ?? '');
}

/**
 * A content-service description: plain text (paragraphs separated by blank lines, as the resource
 * schemas document) becomes <p> elements; HTML, if an editor wrote some, is sanitised by RichText.
 */
export function Paragraphs({ text, className }: { text: string | null | undefined; className?: string }) {
  if (looksLikeHtml(text)) return <RichText html={text} className={className} />;
  return (
    <div className={className}>
      {splitParagraphs(text).map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}
