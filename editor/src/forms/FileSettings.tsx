import { Field, Input, SpinButton, type SpinButtonOnChangeData } from '@fluentui/react-components';
import { asText, type FieldCardProps } from './field-props';
import { useFieldStyles } from './field-styles';
import { setUiHint, setUiOption } from './field-settings-ops';
import { isObject } from './types';

/** A file field's settings: accepted types, largest size, help text, and the messages of a refused file. */
export function FileSettings({ field, ctx, change }: Pick<FieldCardProps, 'field' | 'ctx' | 'change'>) {
  const styles = useFieldStyles();
  const { name, ui } = field;
  const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>File</legend>
      <Field label="Accepted types" hint="Extensions or MIME types, comma-separated (.pdf,.docx)">
        <Input
          value={asText(options.accept)}
          onChange={(_, data) => change((draft) => setUiOption(draft, name, 'accept', data.value, ctx))}
        />
      </Field>
      <Field label="Largest file (MB)">
        <SpinButton
          value={typeof options.maxBytes === 'number' ? Math.round((options.maxBytes / 1048576) * 10) / 10 : 5}
          min={0.1}
          step={1}
          onChange={(_, data: SpinButtonOnChangeData) => {
            const mb = data.value ?? Number.parseFloat(data.displayValue ?? '');
            if (Number.isFinite(mb) && mb > 0) change((draft) => setUiOption(draft, name, 'maxBytes', Math.round(mb * 1048576), ctx));
          }}
        />
      </Field>
      <Field label="Help text">
        <Input
          value={asText(ui['ui:help'])}
          onChange={(_, data) => change((draft) => setUiHint(draft, name, 'ui:help', data.value, ctx))}
        />
      </Field>
      <Field label="Message when the type is not accepted">
        <Input
          value={asText(options.typeMessage)}
          onChange={(_, data) => change((draft) => setUiOption(draft, name, 'typeMessage', data.value, ctx))}
        />
      </Field>
      <Field label="Message when the file is too large">
        <Input
          value={asText(options.sizeMessage)}
          onChange={(_, data) => change((draft) => setUiOption(draft, name, 'sizeMessage', data.value, ctx))}
        />
      </Field>
    </fieldset>
  );
}
