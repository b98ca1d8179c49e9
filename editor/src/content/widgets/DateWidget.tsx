import { Field, Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/**
 * rjsf widget for a day written `YYYY-MM-DD` (post dates, a promo code's window): a Fluent input of
 * type date inside a Fluent Field. The browser's own date picker was chosen over
 * `@fluentui/react-datepicker-compat`: its value is already `YYYY-MM-DD` (no time zone to convert, so
 * no day shifts by one in Manila), it is keyboard- and screen-reader-accessible in every browser,
 * follows the user's locale, and adds no package (the compat picker is a pre-1.0 package of its own).
 */
export function DateWidget({
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
  const text = typeof value === 'string' ? value : '';
  return (
    <Field label={hideLabel ? undefined : label} required={required} validationState={(rawErrors?.length ?? 0) > 0 ? 'error' : 'none'}>
      <Input
        id={id}
        type="date"
        value={text}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
        // An emptied or half-typed date gives the field's empty value: the browser reports '' until it is whole.
        onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : data.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </Field>
  );
}
