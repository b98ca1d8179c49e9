import { Field, Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useEffect, useState } from 'react';

/** A peso amount as the field shows it: two decimals, no grouping (so that it can be typed back). */
export function formatPesos(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(2) : '';
}

/** What was typed, as a number of pesos; grouping commas and a ₱ are allowed; undefined when it is no number. */
export function parsePesos(text: string): number | undefined {
  const plain = text.replace(/[₱,\s]/g, '');
  if (!/^-?\d{0,12}(?:\.\d*)?$/.test(plain) || !/\d/.test(plain)) return undefined;
  return Number(plain);
}

/**
 * rjsf widget for an amount in pesos (a plan's price and discount, a promo code's discount): a number
 * input with a ₱ prefix that shows two decimals once left, and stores a number. The uiSchema option
 * `pesoHint` is shown under it (for a price: "Pesos a year, VAT excluded."). Text that is no number
 * is kept in the input and stored as the field's empty value, so the schema's own message shows.
 */
export function PesoWidget({
  id,
  value,
  label,
  hideLabel,
  required,
  disabled,
  readonly,
  rawErrors,
  options,
  schema,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const [text, setText] = useState(() => formatPesos(value));
  const [editing, setEditing] = useState(false);
  // A value changed from outside (undo, a file changed on disk) shows when the input is not being typed in.
  useEffect(() => {
    if (!editing) setText(formatPesos(value));
  }, [value, editing]);
  const hint = typeof options.pesoHint === 'string' ? options.pesoHint : undefined;
  return (
    <Field
      label={hideLabel ? undefined : label}
      required={required}
      hint={hint}
      validationState={(rawErrors?.length ?? 0) > 0 ? 'error' : 'none'}
    >
      <Input
        id={id}
        inputMode="decimal"
        contentBefore={<span aria-hidden="true">₱</span>}
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
        onChange={(_, data) => {
          setText(data.value);
          const amount = parsePesos(data.value);
          onChange(amount === undefined ? options.emptyValue : amount);
        }}
        onFocus={(event) => {
          setEditing(true);
          onFocus(id, event.target.value);
        }}
        onBlur={(event) => {
          setEditing(false);
          const amount = parsePesos(event.target.value);
          if (amount !== undefined) setText(formatPesos(amount));
          onBlur(id, amount);
        }}
      />
    </Field>
  );
}
