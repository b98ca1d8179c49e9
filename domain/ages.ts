/**
 * Ages of the multi-member key assignment, shared by the site and the server. Birthdates are
 * typed MM/DD/YYYY; "today" is the calendar day in Asia/Manila, so an age changes at midnight in Manila whatever the visitor's time zone.
 *
 * Anniversaries are clamped to the end of a shorter month: someone born on 29 February turns a
 * year older on 28 February in common years, and a child born on 31 January is one month old on
 * 28 (or 29) February.
 */
import { manilaToday } from './dates';

/** A calendar day (month 1-12). */
export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

/** Adults on every multi-member card, unless a card asks for 21. */
export const ADULT_MIN_YEARS = 18;
/** Family-screen dependents: at least 6 months and at most 215 months old (under 18). */
const DEPENDENT_MIN_MONTHS = 6;
const DEPENDENT_MAX_MONTHS = 215;

/** What a card's birthdate must satisfy. */
export type AgeRule = { kind: 'minYears'; years: number } | { kind: 'monthsBetween'; min: number; max: number };

export const ADULT_RULE: AgeRule = { kind: 'minYears', years: ADULT_MIN_YEARS };
export const FAMILY_DEPENDENT_RULE: AgeRule = { kind: 'monthsBetween', min: DEPENDENT_MIN_MONTHS, max: DEPENDENT_MAX_MONTHS };

const US_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function realDay(year: number, month: number, day: number): CalendarDay | null {
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** 'MM/DD/YYYY' (two-digit month and day, four-digit year) as a real calendar day, else null (02/30/2000, 13/01/2000, 1/2/2000). */
export function parseUsDate(text: string): CalendarDay | null {
  const match = US_DATE.exec(text.trim());
  return match ? realDay(Number(match[3]), Number(match[1]), Number(match[2])) : null;
}

/** 'YYYY-MM-DD' as a calendar day, else null. */
function parseIsoDate(text: string): CalendarDay | null {
  const match = ISO_DATE.exec(text.trim());
  return match ? realDay(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** The calendar day in Manila at instant `now`. */
export function manilaCalendarDay(now: Date = new Date()): CalendarDay {
  return parseIsoDate(manilaToday(now))!;
}

/** Negative when a is before b, 0 on the same day, positive after. */
function compareDays(a: CalendarDay, b: CalendarDay): number {
  return a.year - b.year || a.month - b.month || a.day - b.day;
}

/** The day of `month` in `year` that stands for `day`, clamped to the month's length. */
const clampedDay = (year: number, month: number, day: number) => Math.min(day, daysInMonth(year, month));

/** Whole months from `birth` to `today` (negative when born later). */
export function ageInMonths(birth: CalendarDay, today: CalendarDay): number {
  const months = (today.year - birth.year) * 12 + (today.month - birth.month);
  if (months <= 0) return compareDays(today, birth) < 0 ? Math.min(months, -1) : months;
  const monthiversary = clampedDay(today.year, today.month, birth.day);
  return today.day < monthiversary ? months - 1 : months;
}

/** Whole years from `birth` to `today` (negative when born later). */
export function ageInYears(birth: CalendarDay, today: CalendarDay): number {
  return Math.floor(ageInMonths(birth, today) / 12);
}

/** Whether someone born on `birth` satisfies `rule` on `today`. */
export function meetsAgeRule(rule: AgeRule, birth: CalendarDay, today: CalendarDay): boolean {
  if (rule.kind === 'minYears') return ageInYears(birth, today) >= rule.years;
  const months = ageInMonths(birth, today);
  return months >= rule.min && months <= rule.max;
}

/** Whether `birth` is later than yesterday in Manila (today or in the future). */
export function isAfterYesterday(birth: CalendarDay, today: CalendarDay): boolean {
  return compareDays(birth, today) >= 0;
}
