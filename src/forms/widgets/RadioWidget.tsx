import { Label, Radio, RadioGroup, type RadioProps } from '@fluentui/react-components';
import {
  ariaDescribedByIds,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  enumOptionsIndexForValue,
  getOptionValueFormat,
  labelValue,
  optionId,
  type WidgetProps,
} from '@rjsf/utils';
import type { ComponentProps, FocusEvent } from 'react';

/*
 * @rjsf/fluentui-rc's radio group in valid HTML. Fluent's Radio puts its indicator, a div, inside its
 * root span (a div may not be a span's child): here the indicator is a span with the same classes
 * (its styles make it a flex box either way). The group is named by its label through
 * aria-labelledby: a label's `for` may name only a form control, never the group's div.
 */

/** Fluent's radio indicator as a span (its slot has no `as`, so a render function renders it). */
const SPAN_INDICATOR: RadioProps['indicator'] = {
  children: (_: unknown, props: ComponentProps<'div'>) => <span {...(props as ComponentProps<'span'>)} />,
};

/** The id of a radio group's label, which names the group. */
function groupLabelId(id: string): string {
  return `${id}__label`;
}

/** One choice of several (an enum of strings or numbers), as radio buttons. */
export function RadioWidget({
  id,
  htmlName,
  options,
  value,
  required,
  disabled,
  readonly,
  label,
  hideLabel,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const { enumOptions, enumDisabled, emptyValue, inline } = options;
  const format = getOptionValueFormat(options);
  const decode = (text: string) => enumOptionValueDecoder(text, enumOptions, format, emptyValue);
  const selectedIndex = enumOptionsIndexForValue(value, enumOptions) ?? undefined;
  const labelled = !hideLabel && Boolean(label);
  return (
    <>
      {labelValue(
        <Label id={groupLabelId(id)} required={required}>
          {label || undefined}
        </Label>,
        hideLabel,
      )}
      <RadioGroup
        id={id}
        name={htmlName || id}
        layout={inline ? 'horizontal' : 'vertical'}
        value={selectedIndex as string | undefined}
        onChange={(_, data) => onChange(decode(data.value))}
        onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, decode(target?.value))}
        onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, decode(target?.value))}
        aria-labelledby={labelled ? groupLabelId(id) : undefined}
        aria-describedby={ariaDescribedByIds(id)}
      >
        {Array.isArray(enumOptions) &&
          enumOptions.map((option, index) => {
            const itemDisabled = Array.isArray(enumDisabled) && enumDisabled.includes(option.value);
            return (
              <Radio
                key={String(option.value)}
                id={optionId(id, index)}
                label={option.label}
                value={enumOptionValueEncoder(option.value, index, format)}
                disabled={disabled || itemDisabled || readonly}
                indicator={SPAN_INDICATOR}
              />
            );
          })}
      </RadioGroup>
    </>
  );
}
