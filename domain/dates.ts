/**
 * Calendar days of the business, in Asia/Manila whatever the machine's time zone: promo windows, ages, article years,
 * the seeding day. Manila is UTC+8 all year (no daylight saving time), so its calendar day is the
 * UTC date eight hours later; the site and the server compute it with this one module.
 */

const MANILA_OFFSET_MS = 8 * 3600 * 1000;

/** The calendar day in Manila at instant `now`, as YYYY-MM-DD. */
export function manilaToday(now: Date = new Date()): string {
  return new Date(now.getTime() + MANILA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The current year in Manila (on New Year's Eve after 16:00 UTC it is already the next year there). */
export function manilaYear(now: Date = new Date()): number {
  return Number(manilaToday(now).slice(0, 4));
}

/** Whole days from one YYYY-MM-DD date to another (negative when `to` comes first). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Adds whole days to a YYYY-MM-DD date (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}
