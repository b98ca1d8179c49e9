import { manilaToday, manilaYear } from '../../domain/dates';

/**
 * Calendar dates as the site shows them: M/D/YYYY, with "media years" and similar business days
 * computed in Asia/Manila (domain/dates.ts).
 */

/** Re-exported for the media block: the current year in Manila. */
export { manilaYear };

const DAY_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

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
  return Number.isNaN(instant.getTime()) ? null : manilaToday(instant);
}
