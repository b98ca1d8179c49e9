import { useEffect, useRef, useState } from 'react';
import { toCentavos } from '../../domain/money';
import { manilaToday, promoOutcome, type PromoOutcome } from '../../domain/promo';
import { checkPromoCode } from '../api/shop';
import { logError } from '../lib/log';
import type { AppliedPromo } from './checkouts';

/** The code is checked 800 ms after typing stops; messages clear after 5 s. */
const PROMO_TYPING_DELAY_MS = 800;
const PROMO_MESSAGE_MS = 5000;

/** What the last check of a code found ('invalid': the check itself failed); the page words it. */
export interface PromoVerdict {
  outcome: PromoOutcome | 'invalid';
  code: string;
}

/** The promo-code field's state: the text typed, the verdict shown, the promo applied to the totals. */
export interface PromoCodeState {
  code: string;
  setCode: (code: string) => void;
  /** Cleared PROMO_MESSAGE_MS after it was given; the promo stays applied. */
  verdict: PromoVerdict | null;
  applied: AppliedPromo | null;
}

/**
 * The standard checkout's promo code: checked against the plan on sale
 * (`planId`; null: nothing to check against) PROMO_TYPING_DELAY_MS after typing stops, on today's
 * date in Manila; a redeemed code is applied, anything else (or an empty field) applies none.
 */
export function usePromoCode(planId: number | null): PromoCodeState {
  const [code, setCode] = useState('');
  const [verdict, setVerdict] = useState<PromoVerdict | null>(null);
  const [applied, setApplied] = useState<AppliedPromo | null>(null);
  const latest = useRef('');

  useEffect(() => {
    const typed = code.trim();
    latest.current = typed;
    if (!typed || planId === null) {
      setApplied(null);
      return;
    }
    const timer = setTimeout(() => {
      checkPromoCode(typed)
        .then((promo) => {
          if (latest.current !== typed) return;
          const outcome = promoOutcome(promo, planId, manilaToday());
          setVerdict({ outcome, code: typed });
          setApplied(outcome === 'redeemed' && promo ? { id: promo.id, code: typed, discount: toCentavos(promo.discount) } : null);
        })
        .catch((error: unknown) => {
          logError('promo code', error);
          if (latest.current === typed) setVerdict({ outcome: 'invalid', code: typed });
          setApplied(null);
        });
    }, PROMO_TYPING_DELAY_MS);
    return () => clearTimeout(timer);
  }, [code, planId]);

  useEffect(() => {
    if (!verdict) return;
    const timer = setTimeout(() => setVerdict(null), PROMO_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [verdict]);

  return { code, setCode, verdict, applied };
}
