import type { PromoOutcome } from '../../../domain/promo';
import type { CheckoutProps } from '../../generated/blocks';

/** The message of each promo outcome, from the page's configuration ({code} filled). */
export function promoMessage(texts: NonNullable<CheckoutProps['promo']>, outcome: PromoOutcome | 'invalid', code: string): string {
  const template = {
    redeemed: texts.redeemed,
    'not-started': texts.notStarted,
    expired: texts.expired,
    'wrong-plan': texts.wrongPlan,
    'not-found': texts.notFound,
    invalid: texts.invalid,
  }[outcome];
  return template.replaceAll('{code}', code);
}

/** Spec section 9: the code is checked 800 ms after typing stops; messages clear after 5 s. */
export const PROMO_TYPING_DELAY_MS = 800;
export const PROMO_MESSAGE_MS = 5000;
