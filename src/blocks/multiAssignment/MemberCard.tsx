import { memo } from 'react';
import { lazyCode } from '../../lib/lazy-code';
import { Part } from '../../lib/Part';
import type { CardFormProps } from './types';

/** The card's form: Fluent UI and rjsf, a chunk of its own (card-form.part.tsx). */
export const cardFormCode = lazyCode(() => import('./card-form.part'));
const CardForm = cardFormCode.Component;

/** The card form's place until its code is in (a client render): about the height of its fields. */
const FORM_PLACEHOLDER = (
  <div className="block-skeleton__shape member-card__placeholder" role="progressbar" aria-busy="true" aria-label="Loading" />
);

/** The form part, memoised: see CardFormProps. */
const CardFormPart = memo(function CardFormPart(props: CardFormProps) {
  return (
    <Part fallback={FORM_PLACEHOLDER}>
      <CardForm {...props} />
    </Part>
  );
});

export interface MemberCardProps extends CardFormProps {
  title: string;
  /** Present on removable (dependent) cards. */
  remove?: { label: string; onRemove: () => void; disabled: boolean };
}

/** One member's card: heading, remove button (dependents), and the form part with the card's request state. */
export function MemberCard({ title, remove, ...form }: MemberCardProps) {
  const headingId = `${form.cardKey}-title`;
  const state = form.result.status;
  return (
    <section className={`member-card member-card--${state}`} aria-labelledby={headingId} data-card={form.cardKey}>
      <div className="member-card__head">
        <h3 id={headingId} className="member-card__title" tabIndex={-1}>
          {title}
        </h3>
        {remove && state !== 'success' && (
          <button
            type="button"
            className="member-card__remove"
            onClick={remove.onRemove}
            disabled={remove.disabled}
            aria-label={remove.label}
            title={remove.label}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path
                fill="currentColor"
                d="M9 3v1H4v2h1v13a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V6h1V4h-5V3H9Zm-2 3h10v13H7V6Zm2 2v9h2V8H9Zm4 0v9h2V8h-2Z"
              />
            </svg>
          </button>
        )}
      </div>
      <CardFormPart {...form} />
    </section>
  );
}
