import { Checkbox, Label, Radio, RadioGroup, type RadioProps } from '@fluentui/react-components';
import {
  ariaDescribedByIds,
  descriptionId,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  enumOptionsIndexForValue,
  getOptionValueFormat,
  getTemplate,
  labelValue,
  optionId,
  schemaRequiresTrueValue,
  type WidgetProps,
} from '@rjsf/utils';
import type { ComponentProps, FocusEvent } from 'react';

/*
 * The radio group and checkbox of @rjsf/fluentui-rc, in valid HTML: Fluent's Radio and Checkbox put
 * their indicator, a div, inside their root span (a div may not be a span's child), so here the
 * indicator is a span with the same classes (its styles make it a flex box either way). A radio
 * group is named by its label through aria-labelledby: a label's `for` may name only a form control,
 * never the group's div. As in templates.tsx, no `autoFocus` (ui:autofocus).
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

/** A boolean as a checkbox, its description (if any) above it; a `const: true` field is required. */
export function CheckboxWidget(props: WidgetProps) {
  const {
    schema,
    id,
    htmlName,
    value,
    disabled,
    readonly,
    label,
    hideLabel,
    onChange,
    onBlur,
    onFocus,
    registry,
    options,
    uiSchema,
    required,
  } = props;
  const DescriptionFieldTemplate = getTemplate('DescriptionFieldTemplate', registry, options);
  const description = options.description ?? schema.description;
  return (
    <>
      {!hideLabel && description && (
        <DescriptionFieldTemplate
          id={descriptionId(id)}
          description={description}
          schema={schema}
          uiSchema={uiSchema}
          registry={registry}
        />
      )}
      <Checkbox
        id={id}
        name={htmlName || id}
        label={label}
        checked={typeof value === 'undefined' ? false : Boolean(value)}
        required={schemaRequiresTrueValue(schema) && required}
        disabled={disabled || readonly}
        onChange={({ target }) => onChange(target.checked)}
        onBlur={({ target }) => onBlur(id, target.checked)}
        onFocus={({ target }) => onFocus(id, target.checked)}
        aria-describedby={ariaDescribedByIds(id)}
        indicator={{ as: 'span' }}
      />
    </>
  );
}
