import { useCallback, useEffect, useRef, useState } from 'react';
import { MAX_QUANTITY, normalizeQuantity, type CartAction } from '../../shop/cart';
import { QUANTITY_MESSAGE, QUANTITY_MINIMUM, readQuantity } from '../../shop/quantity-rule';
import { Stepper } from './Stepper';

/** The quantity input is debounced 500 ms. */
const QUANTITY_DEBOUNCE_MS = 500;

interface Props {
  id: string;
  labelId: string;
  quantity: number;
  dispatch: (action: CartAction) => void;
  increaseLabel: string;
  decreaseLabel: string;
}

/**
 * The editable quantity (multiple purchase): minus, a number input, plus. What is typed reaches the
 * cart 500 ms after the last keystroke; a value below 1 (or none) is forced to 1 and the message of
 * forms/cart-quantity.json is shown. Minus acts only from 2 on (the reducer's rule).
 */
export function QuantityInput({ id, labelId, quantity, dispatch, increaseLabel, decreaseLabel }: Props) {
  const [draft, setDraft] = useState(String(quantity));
  const [invalid, setInvalid] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pending = useRef<string | null>(null);
  const errorId = `${id}-error`;

  const commit = useCallback(
    (text: string) => {
      const value = readQuantity(text);
      setInvalid(value === null);
      const next = value === null ? 1 : normalizeQuantity(value);
      dispatch({ type: 'setQuantity', quantity: next });
      setDraft(String(next));
    },
    [dispatch],
  );

  /** Sends what is still waiting for its debounce (before a button acts, or when the menu closes). */
  const flush = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const text = pending.current;
    pending.current = null;
    if (text !== null) commit(text);
  }, [commit]);

  // The cart may change elsewhere (plus/minus, another tab): show it unless an edit is waiting.
  useEffect(() => {
    if (pending.current === null) setDraft(String(quantity));
  }, [quantity]);

  const flushRef = useRef(flush);
  flushRef.current = flush;
  useEffect(() => () => flushRef.current(), []);

  return (
    <div className="quantity-input">
      <Stepper
        labelledBy={labelId}
        value={quantity}
        canDecrease={quantity >= 2}
        onIncrease={() => {
          flush();
          setInvalid(false);
          dispatch({ type: 'increment' });
        }}
        onDecrease={() => {
          flush();
          setInvalid(false);
          dispatch({ type: 'decrement' });
        }}
        increaseLabel={increaseLabel}
        decreaseLabel={decreaseLabel}
      >
        <input
          id={id}
          className="stepper__input"
          type="number"
          inputMode="numeric"
          min={QUANTITY_MINIMUM}
          max={MAX_QUANTITY}
          step={1}
          value={draft}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            pending.current = text;
            if (timer.current !== null) clearTimeout(timer.current);
            timer.current = setTimeout(flush, QUANTITY_DEBOUNCE_MS);
          }}
          onBlur={flush}
        />
      </Stepper>
      {invalid && (
        <p id={errorId} className="quantity-input__error" role="alert">
          {QUANTITY_MESSAGE}
        </p>
      )}
    </div>
  );
}
