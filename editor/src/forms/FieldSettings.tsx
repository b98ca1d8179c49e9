import { Checkbox, Field, Input, SpinButton, Text, type SpinButtonOnChangeData } from '@fluentui/react-components';
import { asText, type FieldCardProps } from './field-props';
import { useFieldStyles } from './field-styles';
import { setRequired } from './field-ops';
import { setMaxLength, setRequiredMessage, setTitle, setUiHint } from './field-settings-ops';
import { FieldMessages } from './FieldMessages';
import { FileSettings } from './FileSettings';
import { OptionsEditor } from './OptionsEditor';

/** The kinds of field a visitor types into, which may show a placeholder. */
const PLACEHOLDER_KINDS = new Set(['text', 'long-text', 'email', 'phone', 'number', 'select']);

/** The settings of an expanded field. */
export function FieldSettings({ field, ctx, change, defaultRequired }: FieldCardProps) {
  const styles = useFieldStyles();
  const { name, schema, ui } = field;
  const ownField = field.ref === undefined;

  return (
    <>
      <Text size={200} className={styles.note}>
        Name in the data: <span className={styles.mono}>{name}</span>
        {field.origin && (
          <>
            {' '}
            · from the fragment <span className={styles.mono}>{field.origin}</span>
          </>
        )}
      </Text>
      {field.ref ? (
        <>
          <Field label="Label of the fragment">
            <Input value={field.fragmentTitle ?? ''} readOnly />
          </Field>
          <Field label="Label in this form" hint="Empty: the fragment's label">
            <Input
              value={field.titleOverride ?? ''}
              placeholder={field.fragmentTitle}
              onChange={(_, data) => change((draft) => setTitle(draft, name, data.value, ctx))}
            />
          </Field>
        </>
      ) : (
        <Field label="Label">
          <Input value={asText(schema.title)} onChange={(_, data) => change((draft) => setTitle(draft, name, data.value, ctx))} />
        </Field>
      )}
      <Checkbox
        label="Required"
        checked={field.required}
        onChange={(_, data) => change((draft) => setRequired(draft, name, data.checked === true, ctx))}
      />
      {field.required && (
        <Field label="Message when left empty" hint={defaultRequired ? `Empty: the form's default, “${defaultRequired}”` : undefined}>
          <Input
            value={field.requiredMessage === defaultRequired ? '' : (field.requiredMessage ?? '')}
            placeholder={defaultRequired}
            onChange={(_, data) => change((draft) => setRequiredMessage(draft, name, data.value, ctx))}
          />
        </Field>
      )}
      {field.kind === 'select' && <OptionsEditor {...{ field, ctx, change }} />}
      {ownField && typeof schema.maxLength === 'number' && (
        <Field label="Maximum length (characters)">
          <SpinButton
            value={schema.maxLength}
            min={1}
            max={100000}
            onChange={(_, data: SpinButtonOnChangeData) => {
              const next = data.value ?? Number.parseInt(data.displayValue ?? '', 10);
              if (Number.isInteger(next) && next >= 1) change((draft) => setMaxLength(draft, name, next, ctx));
            }}
          />
        </Field>
      )}
      {PLACEHOLDER_KINDS.has(field.kind) && (
        <Field label="Placeholder">
          <Input
            value={asText(ui['ui:placeholder'])}
            onChange={(_, data) => change((draft) => setUiHint(draft, name, 'ui:placeholder', data.value, ctx))}
          />
        </Field>
      )}
      {field.kind === 'file' && <FileSettings {...{ field, ctx, change }} />}
      <FieldMessages {...{ field, ctx, change, defaultRequired }} />
    </>
  );
}
