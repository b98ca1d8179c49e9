/**
 * Whether a text from the content service holds markup (a tag, a comment or a character reference)
 * and so needs the sanitising rich-text renderer; plain text is shown as it is, without loading it.
 */
export function looksLikeHtml(text: string | null | undefined): boolean {
  return /<[a-z!/][^>]*>|&(#\d+|#x[0-9a-f]+|[a-z][a-z0-9]*);/i.test(text ?? '');
}
