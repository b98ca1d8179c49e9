import { Input, Label } from '@fluentui/react-components';
import { FluentScope } from '../../lib/FluentScope';
import type { PromoCodeState } from '../../shop/use-promo-code';
import type { BlockProps } from '../types';
import { promoMessage } from './promo';

/**
 * The promo-code field, a chunk of its own (Fluent UI's Input): the pipeline checks the code
 * (usePromoCode); this says what it found, until the verdict clears.
 */
export default function PromoField({ texts, promo }: { texts: NonNullable<BlockProps<'checkout'>['promo']>; promo: PromoCodeState }) {
  const { verdict } = promo;
  const tone = verdict ? (verdict.outcome === 'redeemed' ? ' checkout-promo__message--ok' : ' checkout-promo__message--error') : '';
  return (
    <FluentScope>
      <div className="checkout-promo">
        <Label htmlFor="promo">{texts.label}</Label>
        <Input
          id="promo"
          value={promo.code}
          placeholder={texts.placeholder || undefined}
          onChange={(_, data) => promo.setCode(data.value)}
          autoComplete="off"
        />
        <p role="status" aria-live="polite" className={`checkout-promo__message${tone}`}>
          {verdict ? promoMessage(texts, verdict.outcome, verdict.code) : ''}
        </p>
      </div>
    </FluentScope>
  );
}
