import { describe, expect, it } from 'vitest';
import { manilaDayOf, manilaToday, promoOutcome, type PromoCheck } from '../../domain/promo';

const promo: PromoCheck = {
  id: 7,
  name: 'Welcome offer',
  discount: 149.9,
  valid_start: '2026-03-10',
  valid_end: '2026-03-20',
  shop_plan_id: 1,
};

describe('promoOutcome', () => {
  it('follows the window from the start day to the end day inclusive', () => {
    expect(promoOutcome(promo, 1, '2026-03-09')).toBe('not-started');
    expect(promoOutcome(promo, 1, '2026-03-10')).toBe('redeemed');
    expect(promoOutcome(promo, 1, '2026-03-15')).toBe('redeemed');
    expect(promoOutcome(promo, 1, '2026-03-20')).toBe('redeemed');
    expect(promoOutcome(promo, 1, '2026-03-21')).toBe('expired');
    expect(promoOutcome(promo, 1, '2025-12-31')).toBe('not-started');
    expect(promoOutcome(promo, 1, '2027-01-01')).toBe('expired');
  });

  it('refuses a promo of another plan, whatever the day', () => {
    expect(promoOutcome(promo, 2, '2026-03-15')).toBe('wrong-plan');
    expect(promoOutcome(promo, 2, '2026-03-25')).toBe('wrong-plan');
    // ids may arrive as text from an API
    expect(promoOutcome({ ...promo, shop_plan_id: '1' as unknown as number }, 1, '2026-03-15')).toBe('redeemed');
  });

  it('says not found for no promo or a result without an id', () => {
    expect(promoOutcome(null, 1, '2026-03-15')).toBe('not-found');
    expect(promoOutcome(undefined, 1, '2026-03-15')).toBe('not-found');
    expect(promoOutcome({ ...promo, id: null as unknown as number }, 1, '2026-03-15')).toBe('not-found');
  });

  it('reads date-time bounds: local times as Manila days, zoned times converted to Manila', () => {
    const at = (valid_start: string, valid_end: string) => ({ ...promo, valid_start, valid_end });
    expect(promoOutcome(at('2026-03-10 00:00:00', '2026-03-20 23:59:59'), 1, '2026-03-20')).toBe('redeemed');
    // 2026-03-20T16:30Z is 2026-03-21 00:30 in Manila: the window ends on the 21st
    expect(promoOutcome(at('2026-03-10', '2026-03-20T16:30:00Z'), 1, '2026-03-21')).toBe('redeemed');
    expect(promoOutcome(at('2026-03-10', '2026-03-20T15:59:59Z'), 1, '2026-03-21')).toBe('expired');
    expect(promoOutcome(at('2026-03-10T00:00:00+08:00', '2026-03-20'), 1, '2026-03-10')).toBe('redeemed');
  });

  it('leaves a side of the window open when its bound is missing', () => {
    expect(promoOutcome({ ...promo, valid_start: null as unknown as string }, 1, '2000-01-01')).toBe('redeemed');
    expect(promoOutcome({ ...promo, valid_end: undefined as unknown as string }, 1, '2099-01-01')).toBe('redeemed');
  });
});

describe('manilaToday', () => {
  it('is the calendar day in Asia/Manila (UTC+8) around UTC midnight', () => {
    expect(manilaToday(new Date('2026-01-01T15:59:59.999Z'))).toBe('2026-01-01');
    expect(manilaToday(new Date('2026-01-01T16:00:00Z'))).toBe('2026-01-02');
    expect(manilaToday(new Date('2026-01-01T16:30:00Z'))).toBe('2026-01-02');
    expect(manilaToday(new Date('2026-01-01T23:59:59Z'))).toBe('2026-01-02');
    expect(manilaToday(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02');
    expect(manilaToday(new Date('2025-12-31T16:00:00Z'))).toBe('2026-01-01');
  });

  it('agrees with Intl for Asia/Manila', () => {
    const intl = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Manila', year: 'numeric', month: '2-digit', day: '2-digit' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2026, 0, 3); t += 37 * 60 * 1000) {
      expect(manilaToday(new Date(t))).toBe(intl.format(new Date(t)));
    }
  });

  it('a promo ending today stays redeemable until Manila midnight', () => {
    const endsJan1 = { ...promo, valid_start: '2025-12-01', valid_end: '2026-01-01' };
    expect(promoOutcome(endsJan1, 1, manilaToday(new Date('2026-01-01T15:59:00Z')))).toBe('redeemed');
    expect(promoOutcome(endsJan1, 1, manilaToday(new Date('2026-01-01T16:30:00Z')))).toBe('expired');
  });
});

describe('manilaDayOf', () => {
  it('reads plain dates, local and zoned date-times; null otherwise', () => {
    expect(manilaDayOf('2026-03-10')).toBe('2026-03-10');
    expect(manilaDayOf('2026-03-10 23:59:59')).toBe('2026-03-10');
    expect(manilaDayOf('2026-03-10T23:59:59')).toBe('2026-03-10');
    expect(manilaDayOf('2026-03-10T16:00:00.000Z')).toBe('2026-03-11');
    expect(manilaDayOf('2026-03-10T20:00:00-0400')).toBe('2026-03-11');
    expect(manilaDayOf('')).toBeNull();
    expect(manilaDayOf('soon')).toBeNull();
    expect(manilaDayOf(null)).toBeNull();
  });
});
