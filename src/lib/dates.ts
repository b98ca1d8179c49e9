/**
 * Calendar dates as the site shows them (DECISIONS.md: dates are shown M/D/YYYY; "media years" and
 * similar business days are computed in Asia/Manila, UTC+8 all year).
 */
export const TIME_ZONE = 'Asia/Manila';

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

const manilaParts = new Intl.DateTimeFormat('en-CA', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Manila at instant `now`, as YYYY-MM-DD. */
export function manilaDay(now: Date = new Date()): string {
  const parts = Object.fromEntries(manilaParts.formatToParts(now).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** The current year in Manila (on New Year's Eve after 16:00 UTC it is already the next year there). */
export function manilaYear(now: Date = new Date()): number {
  return Number(manilaDay(now).slice(0, 4));
}

/**
 * A date as M/D/YYYY. A calendar day (YYYY-MM-DD) is shown as it is; a full timestamp is first
 * converted to its Manila calendar day. Anything unreadable gives an empty string.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  const day = DAY_ONLY.exec(value) ? value : timestampDay(value);
  const match = day ? DAY_ONLY.exec(day) : null;
  if (!match) return '';
  const [, year, month, date] = match;
  return `${Number(month)}/${Number(date)}/${year}`;
}

function timestampDay(value: string): string | null {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : manilaDay(instant);
}
