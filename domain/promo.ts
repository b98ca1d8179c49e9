import { manilaToday } from './dates';

/** Re-exported: the checkout block and the e2e tests read today's date from here (domain/dates.ts holds it). */
export { manilaToday };

/**
 * The five outcomes of a standard-checkout promo code: the plan must match
 * and the window runs from the start day to the end day inclusive, in Asia/Manila.
 */
export type PromoOutcome = 'redeemed' | 'not-started' | 'expired' | 'wrong-plan' | 'not-found';

export interface PromoCheck {
  id: number;
  name?: string | null;
  discount: number;
  valid_start: string;
  valid_end: string;
  shop_plan_id: number;
}

/**
 * The Manila calendar day (YYYY-MM-DD) of a window bound: a plain date or a local date-time
 * ('2026-01-31', '2026-01-31 23:59:59') is a Manila day as written; a date-time with a zone
 * ('2026-01-31T16:00:00Z', '...+08:00') is converted. Null when absent or unreadable.
 */
export function manilaDayOf(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return null;
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text) && text.length > 10) {
    const instant = new Date(text);
    return Number.isNaN(instant.getTime()) ? null : manilaToday(instant);
  }
  return text.slice(0, 10);
}

/**
 * A promo's outcome for a plan on a day (YYYY-MM-DD, Manila): not found, wrong plan, then the
 * window from the start day to the end day inclusive. A missing bound leaves that side open.
 */
export function promoOutcome(promo: PromoCheck | null | undefined, planId: number, today: string): PromoOutcome {
  if (!promo || promo.id === undefined || promo.id === null) return 'not-found';
  if (Number(promo.shop_plan_id) !== Number(planId)) return 'wrong-plan';
  const start = manilaDayOf(promo.valid_start);
  const end = manilaDayOf(promo.valid_end);
  if (start !== null && today < start) return 'not-started';
  if (end !== null && today > end) return 'expired';
  return 'redeemed';
}
