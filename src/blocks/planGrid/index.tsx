import { useId } from 'react';
import type { Plan } from '../../generated/api';
import { planToCartPlan } from '../../shop/cart';
import { useCart } from '../../shop/cart-store';
import { pesoText } from '../../shop/format';
import type { BlockHooks, BlockRenderProps } from '../types';
import './styles.css';

/** What the engine needs beside the component (BlockHooks, src/blocks/types.ts). */
export const block: BlockHooks<'planGrid'> = {
  // Works only with JavaScript: the engine shows the site's noscript text in its place without it.
  needsScript: true,
};

/**
 * The plan cards of a shop, in precedence order: name, yearly price (VAT exclusive), the headline and
 * strengths, and an add-to-cart button. A cart holds one plan, so every button is disabled while the
 * cart has a line; the plan in the cart says so on its button.
 */
export default function PlanGridBlock({ props, items }: BlockRenderProps<'planGrid', Plan>) {
  const headingId = useId();
  const { texts } = props;
  const { state, dispatch } = useCart(props.cartKind);
  const plans = props.unlockedOnly ? items.filter((plan) => plan.id === state.plan?.id) : items;
  if (plans.length === 0) return null;
  const inCart = state.item?.id ?? null;
  const full = state.item !== null;
  return (
    <section id={props.anchor} className="content-section plan-grid" aria-labelledby={texts.title ? headingId : undefined}>
      {texts.title && (
        <h2 id={headingId} className="section-title plan-grid__title">
          {texts.title}
        </h2>
      )}
      {texts.vatNote && <p className="plan-grid__note">{texts.vatNote}</p>}
      <ul className="plan-grid__list">
        {plans.map((plan) => {
          const cardHeading = `${headingId}-plan-${plan.id}`;
          const price = planToCartPlan(plan).price;
          return (
            <li key={plan.id} className="plan-grid__cell">
              <article className={inCart === plan.id ? 'plan-card plan-card--in-cart' : 'plan-card'} aria-labelledby={cardHeading}>
                <h3 id={cardHeading} className="plan-card__name">
                  {plan.name}
                </h3>
                <p className="plan-card__price">
                  <span className="plan-card__amount">{pesoText(price)}</span> <span className="plan-card__per">{texts.perYear}</span>
                </p>
                <p className="plan-card__headline">{texts.headline}</p>
                <ul className="plan-card__strengths">
                  {texts.strengths.map((strength) => (
                    <li key={strength}>
                      <svg className="plan-card__check" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                        <path d="M6.2 11.6 2.9 8.3l1-1 2.3 2.3 5.9-5.9 1 1z" fill="currentColor" />
                      </svg>
                      {strength}
                    </li>
                  ))}
                </ul>
                <button
                  type="button"
                  className="plan-card__add"
                  disabled={full}
                  onClick={() => dispatch({ type: 'add', plan: planToCartPlan(plan) })}
                >
                  {inCart === plan.id ? texts.addedLabel : texts.addLabel}
                </button>
              </article>
            </li>
          );
        })}
      </ul>
      {texts.fullCartNote && (
        <p className="plan-grid__full" role="status">
          {full ? texts.fullCartNote : null}
        </p>
      )}
    </section>
  );
}
