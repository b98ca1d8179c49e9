/** Pure helpers of the Media list: years shown, month groups with counts, slugs and excerpts. */

/** The years the archive lists: the current one first, then the ones before (spec: 3 years). */
export function archiveYears(currentYear: number, count = 3): number[] {
  return Array.from({ length: Math.max(0, count) }, (_, index) => currentYear - index);
}

/** The most years an archive lists (the block schema's maximum of `years`). */
const MAX_YEARS = 10;

/**
 * The month a visitor picked, from the address's `month` parameter ('2025-03'), when it is one the
 * archive can list (a year of the last MAX_YEARS, a month 1-12); null for anything else, which shows
 * as no pick.
 */
export function parseMonth(value: string | null, currentYear: number): { year: number; month: number } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  if (year > currentYear || year <= currentYear - MAX_YEARS || month < 1 || month > 12) return null;
  return { year, month };
}

/** The `month` parameter of a pick ('2025-03'). */
export function formatMonth(pick: { year: number; month: number }): string {
  return `${pick.year}-${String(pick.month).padStart(2, '0')}`;
}

/** Every value of `month` that parseMonth takes (the server keys its HTML cache on these only). */
export function archiveMonths(currentYear: number): string[] {
  return archiveYears(currentYear, MAX_YEARS).flatMap((year) => Array.from({ length: 12 }, (_, i) => formatMonth({ year, month: i + 1 })));
}

export interface MonthGroup<T> {
  /** 1 (January) to 12 (December). */
  month: number;
  items: T[];
}

/** The month (1-12) of a YYYY-MM-DD date, or undefined for anything else. */
export function monthOf(date: string | null | undefined): number | undefined {
  const match = /^\d{4}-(\d{2})-\d{2}/.exec(date ?? '');
  const month = match ? Number(match[1]) : NaN;
  return month >= 1 && month <= 12 ? month : undefined;
}

/**
 * Groups articles by the month of their post_date, December down to January, keeping only months
 * that have articles (`items.length` is the count shown). Within a month the given order is kept.
 */
export function groupByMonth<T extends { post_date: string }>(articles: readonly T[]): MonthGroup<T>[] {
  const byMonth = new Map<number, T[]>();
  for (const article of articles) {
    const month = monthOf(article.post_date);
    if (month === undefined) continue;
    const list = byMonth.get(month) ?? [];
    list.push(article);
    byMonth.set(month, list);
  }
  return [...byMonth.entries()].sort(([a], [b]) => b - a).map(([month, items]) => ({ month, items }));
}

/** The URL slug of a title: one rule for the site's links and the server's sitemap. */
export { slugify } from '../../../domain/slug';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Plain text of an HTML description, for the clamped excerpt on a card: scripts and styles are
 * dropped with their content, tags become spaces, common entities are decoded.
 */
export function htmlToText(html: string | null | undefined): string {
  return (html ?? '')
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
      if (code[0] === '#') {
        const point = code[1].toLowerCase() === 'x' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
      }
      return ENTITIES[code.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}
