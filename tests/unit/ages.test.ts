import { describe, expect, it } from 'vitest';
import {
  ADULT_RULE,
  ageInMonths,
  ageInYears,
  FAMILY_DEPENDENT_RULE,
  isAfterYesterday,
  manilaCalendarDay,
  meetsAgeRule,
  parseUsDate,
  type AgeRule,
  type CalendarDay,
} from '../../domain/ages';

const day = (iso: string): CalendarDay => {
  const [year, month, date] = iso.split('-').map(Number);
  return { year, month, day: date };
};
/** Manila midnight of a calendar day, as a UTC instant (UTC+8). */
const manilaMidnight = (iso: string) => new Date(`${iso}T00:00:00+08:00`);
const oneMsBefore = (date: Date) => new Date(date.getTime() - 1);

const ADULT_21: AgeRule = { kind: 'minYears', years: 21 };

/** Whether someone born on `birth` meets `rule` at instant `now` (today in Manila). */
const meets = (rule: AgeRule, birth: string, now: Date) => meetsAgeRule(rule, day(birth), manilaCalendarDay(now));

describe('parseUsDate (MM/DD/YYYY)', () => {
  it('reads real days only', () => {
    expect(parseUsDate('05/20/2008')).toEqual({ year: 2008, month: 5, day: 20 });
    expect(parseUsDate(' 02/29/2024 ')).toEqual({ year: 2024, month: 2, day: 29 });
    for (const bad of ['02/29/2023', '02/30/2000', '13/01/2000', '00/10/2000', '04/31/2000', '5/20/2008', '2008-05-20', '05/20/08', '']) {
      expect(parseUsDate(bad), bad).toBeNull();
    }
  });
});

describe('the Manila day', () => {
  it('turns at midnight in Manila (16:00 UTC), whatever the machine’s zone', () => {
    expect(manilaCalendarDay(new Date('2026-05-19T15:59:59.999Z'))).toEqual(day('2026-05-19'));
    expect(manilaCalendarDay(new Date('2026-05-19T16:00:00Z'))).toEqual(day('2026-05-20'));
  });
});

describe('18 or older', () => {
  const birth = '2008-05-20';
  const birthday = manilaMidnight('2026-05-20');

  it('fails the day before the 18th birthday, passes on it and after', () => {
    expect(meets(ADULT_RULE, birth, manilaMidnight('2026-05-19'))).toBe(false);
    expect(meets(ADULT_RULE, birth, birthday)).toBe(true);
    expect(meets(ADULT_RULE, birth, manilaMidnight('2026-05-21'))).toBe(true);
  });

  it('is decided by the Manila day: the last millisecond before Manila midnight is still the day before', () => {
    expect(meets(ADULT_RULE, birth, oneMsBefore(birthday))).toBe(false);
    expect(meets(ADULT_RULE, birth, new Date('2026-05-19T16:00:00Z'))).toBe(true);
  });

  it('counts a 29 February birthday on 28 February in common years', () => {
    expect(ageInYears(day('2008-02-29'), day('2026-02-27'))).toBe(17);
    expect(ageInYears(day('2008-02-29'), day('2026-02-28'))).toBe(18);
    expect(ageInYears(day('2008-02-29'), day('2028-02-28'))).toBe(19);
    expect(ageInYears(day('2008-02-29'), day('2028-02-29'))).toBe(20);
  });

  it('fails a birthdate in the future', () => {
    expect(meets(ADULT_RULE, '2030-01-01', birthday)).toBe(false);
  });
});

describe('21 or older', () => {
  const birth = '2005-05-20';
  it('fails the day before the 21st birthday, passes on it and after', () => {
    expect(meets(ADULT_21, birth, manilaMidnight('2026-05-19'))).toBe(false);
    expect(meets(ADULT_21, birth, oneMsBefore(manilaMidnight('2026-05-20')))).toBe(false);
    expect(meets(ADULT_21, birth, manilaMidnight('2026-05-20'))).toBe(true);
    expect(meets(ADULT_21, birth, manilaMidnight('2026-05-21'))).toBe(true);
  });
});

describe('family dependents: 6 to 215 months', () => {
  it('fails the day before 6 months, passes on the day and after', () => {
    const birth = '2025-11-20';
    expect(ageInMonths(day(birth), day('2026-05-19'))).toBe(5);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-19'))).toBe(false);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, oneMsBefore(manilaMidnight('2026-05-20')))).toBe(false);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-20'))).toBe(true);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-21'))).toBe(true);
  });

  it('passes at 215 months (the day before the 18th birthday), fails from 216 months (the birthday) on', () => {
    const birth = '2008-05-20';
    expect(ageInMonths(day(birth), day('2026-04-20'))).toBe(215);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-04-20'))).toBe(true);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-19'))).toBe(true);
    expect(ageInMonths(day(birth), day('2026-05-19'))).toBe(215);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-20'))).toBe(false);
    expect(meets(FAMILY_DEPENDENT_RULE, birth, manilaMidnight('2026-05-21'))).toBe(false);
  });

  it('counts a month from the 31st at the end of a shorter month', () => {
    expect(ageInMonths(day('2026-01-31'), day('2026-02-27'))).toBe(0);
    expect(ageInMonths(day('2026-01-31'), day('2026-02-28'))).toBe(1);
    expect(ageInMonths(day('2026-01-31'), day('2026-03-30'))).toBe(1);
    expect(ageInMonths(day('2026-01-31'), day('2026-03-31'))).toBe(2);
  });

  it('fails newborns and birthdates in the future', () => {
    expect(meets(FAMILY_DEPENDENT_RULE, '2026-05-20', manilaMidnight('2026-05-20'))).toBe(false);
    expect(ageInMonths(day('2026-05-25'), day('2026-05-20'))).toBeLessThan(0);
    expect(meets(FAMILY_DEPENDENT_RULE, '2026-08-01', manilaMidnight('2026-05-20'))).toBe(false);
  });
});

describe('isAfterYesterday', () => {
  it('is true for today and later, false for yesterday and earlier', () => {
    const today = day('2026-05-20');
    expect(isAfterYesterday(day('2026-05-20'), today)).toBe(true);
    expect(isAfterYesterday(day('2026-06-01'), today)).toBe(true);
    expect(isAfterYesterday(day('2026-05-19'), today)).toBe(false);
  });
});
