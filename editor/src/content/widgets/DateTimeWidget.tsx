import { Field, Input } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';

/** The site's time zone: Manila, UTC+8 all year (no daylight saving time). */
const MANILA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A stored time (full ISO 8601, any offset) as the browser's date-and-time input shows it in Manila: YYYY-MM-DDTHH:MM:SS; '' when it is not a time. */
export function manilaLocal(iso: unknown): string {
  if (typeof iso !== 'string' || iso === '') return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : new Date(time + MANILA_OFFSET_MS).toISOString().slice(0, 19);
}

/** A time typed in Manila (YYYY-MM-DDTHH:MM, seconds optional) as stored: full ISO 8601 in UTC (…Z); undefined when it is not whole. */
export function isoFromManila(local: string): string | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2})?$/.exec(local);
  if (!match) return undefined;
  const time = Date.parse(`${match[1]}${match[2] ?? ':00'}Z`);
  return Number.isNaN(time) ? undefined : new Date(time - MANILA_OFFSET_MS).toISOString();
}

/**
 * rjsf widget for a moment written in full ISO 8601 (an article's "Created at"): the browser's own
 * date-and-time input, in Manila time (the site's), stored as the same ISO text in UTC
 * (`2024-05-15T01:30:00.000Z`), as the content files write it. Seconds are kept when the minute
 * is not changed.
 */
export function DateTimeWidget({
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
  return (
    <Field label={hideLabel ? undefined : label} required={required} validationState={(rawErrors?.length ?? 0) > 0 ? 'error' : 'none'}>
      <Input
        id={id}
        type="datetime-local"
        step={1}
        value={manilaLocal(value)}
        disabled={disabled}
        readOnly={readonly}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
        // An emptied or half-typed time gives the field's empty value: the browser reports '' until it is whole.
        onChange={(_, data) => onChange(isoFromManila(data.value) ?? options.emptyValue)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </Field>
  );
}
