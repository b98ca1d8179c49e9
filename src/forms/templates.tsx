import { Input, Label, Text, Textarea, type InputProps } from '@fluentui/react-components';
import { RichDescription, SchemaExamples } from '@rjsf/core';
import {
  ariaDescribedByIds,
  errorId,
  examplesId,
  getInputProps,
  labelValue,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type WidgetProps,
} from '@rjsf/utils';
import { useCallback, type ChangeEvent, type FocusEvent, type MouseEvent } from 'react';

/*
 * The @rjsf/fluentui-rc templates our forms use that style themselves with Griffel's makeStyles at
 * run time: the same markup and Fluent components, their few styles as CSS classes (`.rjsf-*` in
 * src/app/site.css). Fluent's own components ship their styles precompiled; these four calls were
 * the only reason the browser downloaded Griffel's CSS compiler (stylis, rtl-css-js), ~10 kB.
 * Unlike them, no `autoFocus` (ui:autofocus): a field that takes the focus on its own skips what
 * comes before it for a screen reader user; our forms never asked for it.
 */

type TextEvent = ChangeEvent<HTMLInputElement | HTMLTextAreaElement>;
type TextFocus = FocusEvent<HTMLInputElement | HTMLTextAreaElement>;

/** Change, blur and focus handlers of a text widget: an emptied field takes the form's empty value. */
function useTextHandlers({ id, onChange, onBlur, onFocus, options }: WidgetProps) {
  return {
    onChange: ({ target }: TextEvent) => onChange(target.value === '' ? options.emptyValue : target.value),
    onBlur: ({ target }: TextFocus) => onBlur(id, target.value),
    onFocus: ({ target }: TextFocus) => onFocus(id, target.value),
  };
}

/** The input types a placeholder is allowed on (HTML): not a date, time, color or range. */
const PLACEHOLDER_TYPES = new Set(['text', 'search', 'url', 'tel', 'email', 'password', 'number']);

function FieldLabel({ id, label, required, disabled, hideLabel }: WidgetProps) {
  return labelValue(
    <Label htmlFor={id} required={required} disabled={disabled} className="rjsf-label">
      {label}
    </Label>,
    hideLabel,
  );
}

/** A text (or e-mail, number, date, ...) input with its label, as @rjsf/fluentui-rc renders it. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, type, value, onChange, onChangeOverride, options, schema, registry } =
    props;
  const { ClearButton } = registry.templates.ButtonTemplates;
  const handlers = useTextHandlers(props);
  const inputProps = getInputProps(schema, type, options) as Omit<InputProps, 'type'> & { type?: InputProps['type'] };
  const handleClear = useCallback(
    (event: MouseEvent) => {
      event.preventDefault();
      event.stopPropagation();
      onChange(options.emptyValue);
    },
    [onChange, options.emptyValue],
  );
  return (
    <>
      <FieldLabel {...props} />
      <Input
        id={id}
        name={htmlName || id}
        placeholder={placeholder && PLACEHOLDER_TYPES.has(inputProps.type ?? 'text') ? placeholder : undefined}
        required={required}
        disabled={disabled || readonly}
        {...inputProps}
        input={{ className: 'rjsf-input', list: schema.examples ? examplesId(id) : undefined }}
        value={value || value === 0 ? String(value) : ''}
        onChange={onChangeOverride ?? handlers.onChange}
        onFocus={handlers.onFocus}
        onBlur={handlers.onBlur}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
      />
      {options.allowClearTextInputs && !readonly && !disabled && value && <ClearButton registry={registry} onClick={handleClear} />}
      <SchemaExamples id={id} schema={schema} />
    </>
  );
}

/** A multi-line text field (`ui:widget: textarea`), 5 rows unless `ui:options.rows` says otherwise. */
export function TextareaWidget(props: WidgetProps) {
  const { id, htmlName, placeholder, required, readonly, disabled, value, onChangeOverride, options, schema } = props;
  const handlers = useTextHandlers(props);
  const rows = typeof options.rows === 'string' || typeof options.rows === 'number' ? Number(options.rows) : 5;
  return (
    <>
      <FieldLabel {...props} />
      <Textarea
        id={id}
        name={htmlName || id}
        placeholder={placeholder}
        required={required}
        disabled={disabled || readonly}
        value={value || value === 0 ? String(value) : ''}
        onChange={onChangeOverride ?? handlers.onChange}
        onFocus={handlers.onFocus}
        onBlur={handlers.onBlur}
        aria-describedby={ariaDescribedByIds(id, !!schema.examples)}
        rows={rows}
      />
    </>
  );
}

/** A field's description under its label. */
export function DescriptionField({ id, description, registry, uiSchema }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <Text block id={id} className="rjsf-description">
      <RichDescription description={description} registry={registry} uiSchema={uiSchema} />
    </Text>
  );
}

/** The errors of one field, each the spec's message, referenced by the field's aria-describedby. */
export function FieldErrorTemplate({ errors = [], fieldPathId }: FieldErrorProps) {
  if (errors.length === 0) return null;
  const id = errorId(fieldPathId);
  return (
    <ul className="rjsf-errors">
      {errors.map((error, index) => (
        <li key={index}>
          <small id={id}>{error}</small>
        </li>
      ))}
    </ul>
  );
}
