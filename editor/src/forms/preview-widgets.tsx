import { Input, MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { ariaDescribedByIds, type ErrorListProps, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from '../../../src/forms/widgets/WidgetLabel';

/**
 * The preview's versions of the site's own widgets (src/forms/widgets), which the Fluent theme of
 * rjsf does not have: a file input whose value is the chosen file's name, and a masked text; and
 * its error summary, as the site's (src/forms/theme.tsx) a list under a title that is no heading.
 */

/** `ui:widget: file`: the value is the file's name (the site sends the file itself with a multipart submission). */
export function PreviewFileWidget(props: WidgetProps) {
  const { id, required, disabled, readonly, onChange, onBlur, options } = props;
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  return (
    <>
      <WidgetLabel {...props} />
      <input
        id={id}
        name={id}
        type="file"
        accept={accept}
        required={required}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => onChange(event.target.files?.[0]?.name ?? options.emptyValue)}
        onBlur={(event) => onBlur(id, event.target.value)}
      />
    </>
  );
}

/** `ui:widget: masked`: a secret text (access key, activation code). */
export function PreviewMaskedWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, placeholder, onChange, onBlur, onFocus, options } = props;
  return (
    <>
      <WidgetLabel {...props} />
      <Input
        id={id}
        name={id}
        type="password"
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoComplete="off"
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : data.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
      />
    </>
  );
}

/** The summary of the preview's errors above the fields. */
export function PreviewErrorList({ errors }: ErrorListProps) {
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>Please correct the following:</MessageBarTitle>
        <ul>
          {errors.map((error, index) => (
            <li key={index}>{error.stack}</li>
          ))}
        </ul>
      </MessageBarBody>
    </MessageBar>
  );
}
