import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from './WidgetLabel';
import type { FormContext } from '../form-context';

/**
 * A file input whose value is the chosen file's name (so `required` works); the File itself is
 * kept in the form context for the multipart submission, and its type and size are checked by
 * the form's customValidate with the messages of the form file (ui:options typeMessage, sizeMessage).
 */
export function FileWidget({ id, name, required, disabled, readonly, label, hideLabel, onChange, onBlur, options, registry }: WidgetProps) {
  const context = registry.formContext as FormContext;
  const accept = typeof options.accept === 'string' ? options.accept : undefined;
  return (
    <>
      <WidgetLabel id={id} label={label} hideLabel={hideLabel} required={required} disabled={disabled} />
      <input
        id={id}
        name={id}
        type="file"
        className="file-input"
        accept={accept}
        disabled={disabled || readonly}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) context.files.set(name, file);
          else context.files.delete(name);
          onChange(file ? file.name : options.emptyValue);
        }}
        onBlur={(event) => onBlur(id, event.target.value)}
      />
    </>
  );
}
