import { Select } from '@fluentui/react-components';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from './WidgetLabel';
import { useSource } from '../../api/sources';

/**
 * A native select (light and accessible on phones), marked required when the schema or
 * `ui:options.required` says so. Its options are the schema's enum, or, with
 * ui:options optionsSource, the `optionLabel` field of a content source's items (the job titles of
 * the application form), loaded at run time.
 */
export function SelectWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  label,
  hideLabel,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  options,
}: WidgetProps) {
  const source = typeof options.optionsSource === 'string' ? options.optionsSource : undefined;
  const field = typeof options.optionLabel === 'string' ? options.optionLabel : 'title';
  const { data } = useSource<Record<string, unknown>>(source);
  // Choices given by the page at run time (ui:options choices), e.g. dependents 1 to the plan's maximum.
  const given = Array.isArray(options.choices) ? (options.choices as { value: string | number; label: string }[]) : null;
  const enumChoices =
    given ?? (options.enumOptions ?? []).map((option) => ({ value: option.value as string | number, label: option.label }));
  const choices: { value: string; label: string }[] = source
    ? [...new Set((data ?? []).map((item) => String(item[field] ?? '')).filter(Boolean))].map((v) => ({ value: v, label: v }))
    : enumChoices.map((choice) => ({ value: String(choice.value), label: choice.label }));
  const toValue = (text: string) => {
    if (text === '') return options.emptyValue;
    return source ? text : enumChoices.find((choice) => String(choice.value) === text)?.value;
  };
  // ui:options required: a field the page makes required (the schema cannot say so, e.g. dependents).
  const marked = required || options.required === true;
  return (
    <>
      <WidgetLabel id={id} label={label} hideLabel={hideLabel} required={marked} disabled={disabled} />
      <Select
        id={id}
        name={id}
        aria-required={marked || undefined}
        value={value === undefined || value === null ? '' : String(value)}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(_, data) => onChange(toValue(data.value))}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      >
        <option value="">{placeholder ?? ''}</option>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </Select>
    </>
  );
}
