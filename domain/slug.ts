/**
 * The URL slug of a title (spec: lowercase, spaces turned to hyphens). Accents are folded, other
 * punctuation dropped, and runs of spaces or hyphens become one hyphen. Shared by the site (media
 * article links) and the server (the sitemap lists the same URLs).
 */
export function slugify(title: string): string {
  return title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .trim()
    .replace(/[\s-]+/g, '-')
    .replace(/^-+|-+$/g, '');
}
