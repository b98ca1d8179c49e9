import type { ReactNode } from 'react';

interface Props {
  /** id of the element naming the group (e.g. 'Household members'). */
  labelledBy: string;
  value: number;
  canDecrease: boolean;
  onIncrease: () => void;
  onDecrease: () => void;
  increaseLabel: string;
  decreaseLabel: string;
  /** Replaces the plain value (e.g. an editable quantity input). */
  children?: ReactNode;
}

/**
 * Minus, value, plus. The minus button is aria-disabled rather than disabled when it cannot act, so
 * that keyboard focus stays on it when the value reaches its floor.
 */
export function Stepper({ labelledBy, value, canDecrease, onIncrease, onDecrease, increaseLabel, decreaseLabel, children }: Props) {
  return (
    <div className="stepper" role="group" aria-labelledby={labelledBy}>
      <button
        type="button"
        className="stepper__button"
        aria-label={decreaseLabel}
        aria-disabled={!canDecrease}
        onClick={() => canDecrease && onDecrease()}
      >
        <span aria-hidden="true">−</span>
      </button>
      {children ?? (
        <span className="stepper__value" aria-live="polite">
          {value}
        </span>
      )}
      <button type="button" className="stepper__button" aria-label={increaseLabel} onClick={onIncrease}>
        <span aria-hidden="true">+</span>
      </button>
    </div>
  );
}
