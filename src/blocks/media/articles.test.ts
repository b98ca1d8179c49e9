import { describe, expect, it } from 'vitest';
import { archiveYears, groupByMonth, htmlToText, monthOf, slugify } from './articles';
import { manilaToday, manilaYear } from '../../../domain/dates';
import { formatDate } from '../../lib/dates';

const article = (id: number, post_date: string) => ({ id, post_date });

describe('media archive helpers', () => {
  it('lists the current year and the two before, newest first', () => {
    expect(archiveYears(2026)).toEqual([2026, 2025, 2024]);
    expect(archiveYears(2026, 1)).toEqual([2026]);
    expect(archiveYears(2026, 0)).toEqual([]);
  });

  it('groups articles by month from December down to January, only months with articles, with counts', () => {
    const groups = groupByMonth([
      article(1, '2025-12-01'),
      article(2, '2025-11-12'),
      article(3, '2025-06-18'),
      article(4, '2025-06-02'),
      article(5, '2025-01-14'),
      article(6, '2025-10-05'),
    ]);
    expect(groups.map((g) => [g.month, g.items.length])).toEqual([
      [12, 1],
      [11, 1],
      [10, 1],
      [6, 2],
      [1, 1],
    ]);
    // Within a month the server's order (newest first) is kept.
    expect(groups[3].items.map((a) => a.id)).toEqual([3, 4]);
  });

  it('gives no months for an empty year and skips unreadable dates', () => {
    expect(groupByMonth([])).toEqual([]);
    expect(groupByMonth([article(1, 'soon'), article(2, '2025-13-01'), article(3, '2025-02-03')]).map((g) => g.month)).toEqual([2]);
    expect(monthOf('2024-09-30')).toBe(9);
    expect(monthOf(undefined)).toBeUndefined();
  });

  it('slugs a title: lowercase, spaces to hyphens, other punctuation dropped', () => {
    expect(slugify('How e-prescriptions work')).toBe('how-e-prescriptions-work');
    expect(slugify('Rainy season illnesses: leptospirosis, flu and colds')).toBe('rainy-season-illnesses-leptospirosis-flu-and-colds');
    expect(slugify("  Doctors' night shift  -  24/7!  ")).toBe('doctors-night-shift-247');
    expect(slugify('Kalusugan sa Pasko & Bagong Taon')).toBe('kalusugan-sa-pasko-and-bagong-taon');
    expect(slugify('Año Nuevo, Résumé')).toBe('ano-nuevo-resume');
    expect(slugify('!!!')).toBe('');
  });

  it('turns an HTML description into plain text for the card excerpt, dropping scripts', () => {
    expect(htmlToText('<p>One &amp; two</p><ul><li>three</li></ul><script>alert("x")</script><p>four&nbsp;&#x21;</p>')).toBe(
      'One & two three four !',
    );
    expect(htmlToText(null)).toBe('');
  });
});

describe('dates', () => {
  it('shows a calendar day as M/D/YYYY without leading zeros', () => {
    expect(formatDate('2025-03-08')).toBe('3/8/2025');
    expect(formatDate('2024-12-31')).toBe('12/31/2024');
  });

  it('shows a timestamp as its Manila calendar day', () => {
    // 16:30 UTC on 31 December is already 1 January in Manila (UTC+8).
    expect(formatDate('2025-12-31T16:30:00.000Z')).toBe('1/1/2026');
    expect(formatDate('2025-06-02T01:30:00.000Z')).toBe('6/2/2025');
  });

  it('gives an empty string for missing or unreadable dates', () => {
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it('computes the year and day in Asia/Manila', () => {
    expect(manilaYear(new Date('2025-12-31T15:59:59Z'))).toBe(2025);
    expect(manilaYear(new Date('2025-12-31T16:00:00Z'))).toBe(2026);
    expect(manilaToday(new Date('2026-03-01T20:00:00Z'))).toBe('2026-03-02');
  });
});
