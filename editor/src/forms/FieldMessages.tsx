import { Field, Input, Text } from '@fluentui/react-components';
import { asText, type FieldCardProps } from './field-props';
import { useFieldStyles } from './field-styles';
import { setMessage } from './field-settings-ops';
import { isObject } from './types';

/** What each message keyword is about, for its input's label ("Message when …"). */
const MESSAGE_LABELS: Record<string, string> = {
  maxLength: 'too long',
  minLength: 'left empty or too short',
  pattern: 'not in the expected format (pattern)',
  'x-text': 'it holds control characters',
  format: 'not a valid value (format)',
  enum: 'not one of the options',
  minimum: 'below the minimum',
  maximum: 'above the maximum',
  exclusiveMinimum: 'not above the minimum',
  exclusiveMaximum: 'not below the maximum',
  type: 'of the wrong type',
  const: 'not the expected value',
  'x-maxDate': 'the date is too late',
};

/** Keywords whose errors a visitor may see, in the order the messages are listed. */
const MESSAGE_KEYWORDS = Object.keys(MESSAGE_LABELS);

/** A field's messages: one for every error, or one per rule of the field that a visitor can break. */
export function FieldMessages({
  field,
  ctx,
  change,
  defaultRequired,
}: Pick<FieldCardProps, 'field' | 'ctx' | 'change' | 'defaultRequired'>) {
  const styles = useFieldStyles();
  const { name, schema } = field;
  const messages = isObject(schema.errorMessage) ? schema.errorMessage : undefined;
  const catchAll = typeof schema.errorMessage === 'string' ? schema.errorMessage : undefined;
  // `type` only where a visitor can get it wrong (a number typed as text); every field has a type.
  const numeric = schema.type === 'number' || schema.type === 'integer';
  const keywords = MESSAGE_KEYWORDS.filter(
    (keyword) => (messages && keyword in messages) || (keyword in schema && (keyword !== 'type' || numeric)),
  );
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Messages</legend>
      {catchAll !== undefined ? (
        <Field label="Message for every error">
          <Input value={catchAll} onChange={(_, data) => change((draft) => setMessage(draft, name, undefined, data.value, ctx))} />
        </Field>
      ) : keywords.length === 0 ? (
        <Text size={200} className={styles.note}>
          This field has no rule that needs a message.
        </Text>
      ) : (
        keywords.map((keyword) => (
          <Field
            key={keyword}
            label={`Message when ${MESSAGE_LABELS[keyword]}`}
            hint={keyword === 'minLength' && defaultRequired ? `Empty: the form's default, “${defaultRequired}”` : undefined}
          >
            <Input
              value={asText(messages?.[keyword])}
              placeholder={keyword === 'minLength' ? defaultRequired : undefined}
              onChange={(_, data) => change((draft) => setMessage(draft, name, keyword, data.value, ctx))}
            />
          </Field>
        ))
      )}
    </fieldset>
  );
}
