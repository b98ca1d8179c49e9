import type { CheckoutProps } from '../../generated/blocks';
import type { PromoVerdict } from '../../shop/use-promo-code';

/** The message of a promo verdict, from the page's configuration ({code} filled). */
export function promoMessage(texts: NonNullable<CheckoutProps['promo']>, outcome: PromoVerdict['outcome'], code: string): string {
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
