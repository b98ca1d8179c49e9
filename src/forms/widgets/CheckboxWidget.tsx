import { Checkbox } from '@fluentui/react-components';
import { ariaDescribedByIds, descriptionId, getTemplate, schemaRequiresTrueValue, type WidgetProps } from '@rjsf/utils';

/*
 * @rjsf/fluentui-rc's checkbox in valid HTML. Fluent's Checkbox puts its indicator, a div, inside its
 * root span (a div may not be a span's child): here the indicator is a span (`as`), with the same
 * classes (its styles make it a flex box either way). As in templates.tsx, no `autoFocus`
 * (ui:autofocus).
 */

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
