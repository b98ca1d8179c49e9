import { useEffect, useId, useState, type FormEvent } from 'react';
import form from '../../generated/form-files/promo-code.json';
import { checkPromotionCode } from '../../api/promotions';
import { logError } from '../../lib/log';
import { fillSiteText, withValues } from '../../lib/site';
import { planToCartPlan } from '../../shop/cart';
import { useCart } from '../../shop/cart-store';
import type { BlockHooks, BlockRenderProps } from '../types';
import './styles.css';

/** The promo-shop card's message shows for 3 s. */
export const INVALID_CODE_MS = 3000;

/**
 * The field, its rule and texts come from forms/promo-code.json (its own required message: 'This
 * field is required.' with the period), read as data rather than through the form machinery: one text field
 * does not need rjsf, and the shop page stays within the budget of a page without a form.
 */
const field = form.schema.properties.code;
const REQUIRED_MESSAGE: string = field.errorMessage.minLength;
const MIN_LENGTH: number = field.minLength;
const hints = form.uiSchema.code;

type Message = { kind: 'required' | 'invalid'; text: string } | null;

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'promoCode'> = {
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/**
 * The promo shop's code card: a code that unlocks a plan of the page's promotion becomes the promo
 * cart's current plan (stored as promoPlan); a code that unlocks nothing shows 'Invalid code!' for
 * 3 s. Once a plan is unlocked the card gives way to it (planGrid with unlockedOnly).
 */
export default function PromoCodeBlock({ props, params }: BlockRenderProps<'promoCode'>) {
  const { texts } = props;
  const { state, dispatch } = useCart('promo');
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<Message>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const inputId = `${id}-code`;
  const messageId = `${id}-message`;
  const titleId = `${id}-title`;

  useEffect(() => {
    if (message?.kind !== 'invalid') return;
    const timer = setTimeout(() => setMessage(null), INVALID_CODE_MS);
    return () => clearTimeout(timer);
  }, [message]);

  const ownerId = Number(params[props.ownerParam]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const typed = code.trim();
    if (typed.length < MIN_LENGTH) {
      setMessage({ kind: 'required', text: REQUIRED_MESSAGE });
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const plan = Number.isSafeInteger(ownerId) ? await checkPromotionCode(props.checkPath, ownerId, typed) : null;
      if (plan) {
        dispatch({ type: 'setPlan', plan: { ...planToCartPlan(plan), unlockCode: typed } });
        setCode('');
      } else {
        setMessage({ kind: 'invalid', text: texts.invalidCode });
      }
    } catch (error) {
      logError('promotion code', error);
      setMessage({ kind: 'invalid', text: texts.invalidCode });
    } finally {
      setBusy(false);
    }
  };

  if (state.plan) {
    return (
      <section id="promo" className="content-section promo-code promo-code--unlocked" aria-label={texts.title}>
        {texts.unlocked && (
          <p role="status" className="promo-code__unlocked">
            {withValues(texts.unlocked, { plan: state.plan.name })}
          </p>
        )}
        {texts.changeCode && (
          <button type="button" className="promo-code__change" onClick={() => dispatch({ type: 'setPlan', plan: null })}>
            {texts.changeCode}
          </button>
        )}
      </section>
    );
  }

  return (
    <section id="promo" className="content-section promo-code" aria-labelledby={titleId}>
      <div className="form-card promo-code__card">
        <h2 id={titleId} className="promo-code__title">
          {texts.title}
        </h2>
        {texts.intro && <p className="promo-code__intro">{texts.intro}</p>}
        <form className="promo-code__form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={inputId} className="promo-code__label">
            {fillSiteText(field.title)}
            <span aria-hidden="true" className="promo-code__required">
              {' *'}
            </span>
          </label>
          <div className="promo-code__row">
            <input
              id={inputId}
              name="code"
              className="promo-code__input"
              value={code}
              placeholder={hints['ui:placeholder'] ? fillSiteText(hints['ui:placeholder']) : undefined}
              autoComplete={hints['ui:autocomplete']}
              required
              aria-invalid={message !== null}
              aria-describedby={messageId}
              onChange={(event) => {
                setCode(event.target.value);
                if (message?.kind === 'required') setMessage(null);
              }}
            />
            <button type="submit" className="promo-code__submit" disabled={busy}>
              {fillSiteText(form.flow.submitLabel)}
            </button>
          </div>
          <p id={messageId} className="promo-code__message" role="alert">
            {message?.text ?? ''}
          </p>
        </form>
      </div>
    </section>
  );
}
