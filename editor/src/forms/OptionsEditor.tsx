import { Button, Field, Input, Text } from '@fluentui/react-components';
import { Add20Regular, ArrowDown20Regular, ArrowUp20Regular, Delete20Regular } from '@fluentui/react-icons';
import { asText, type FieldCardProps } from './field-props';
import { useFieldStyles } from './field-styles';
import { setOptions } from './field-settings-ops';

/** Options beyond this many are shown, not edited, here. */
const MAX_EDITED_OPTIONS = 50;

/** The options of a select field: one input per option (and its label when the form gives labels), add, remove, move. */
export function OptionsEditor({ field, ctx, change }: Pick<FieldCardProps, 'field' | 'ctx' | 'change'>) {
  const styles = useFieldStyles();
  const { name, schema, ui } = field;
  const values = Array.isArray(schema.enum) ? schema.enum : [];
  const labels = Array.isArray(ui['ui:enumNames']) ? ui['ui:enumNames'].map(asText) : undefined;
  // A fragment's field keeps its options there; a long list (the countries) is not edited one input at a time.
  if (field.ref !== undefined || values.length > MAX_EDITED_OPTIONS || !values.every((v) => typeof v === 'string')) {
    return (
      <Text size={200} className={styles.note}>
        {values.length} options, given by {field.origin ? `the fragment ${field.origin}` : 'the schema'}.
      </Text>
    );
  }
  const options = values as string[];
  const write = (next: string[], nextLabels?: string[]) => change((draft) => setOptions(draft, name, next, ctx, nextLabels));
  const without = <T,>(list: T[], i: number) => list.filter((_, j) => j !== i);
  const swap = <T,>(list: T[], i: number, j: number) => {
    const copy = [...list];
    [copy[i], copy[j]] = [copy[j], copy[i]];
    return copy;
  };
  const duplicates = options.filter((option, i) => options.indexOf(option) !== i);
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Options</legend>
      {options.map((option, i) => (
        <div key={i} className={styles.row}>
          <Field
            className={styles.grow}
            label={`Option ${i + 1}`}
            validationMessage={
              option === '' ? 'An option cannot be empty' : duplicates.includes(option) ? 'This option is listed twice' : undefined
            }
          >
            <Input
              value={option}
              onChange={(_, data) =>
                write(
                  options.map((o, j) => (j === i ? data.value : o)),
                  labels,
                )
              }
            />
          </Field>
          {labels && (
            <Field className={styles.grow} label={`Label of option ${i + 1}`}>
              <Input
                value={labels[i] ?? ''}
                onChange={(_, data) =>
                  write(
                    options,
                    options.map((_o, j) => (j === i ? data.value : (labels[j] ?? ''))),
                  )
                }
              />
            </Field>
          )}
          <Button
            appearance="subtle"
            icon={<ArrowUp20Regular />}
            aria-label={`Move option ${i + 1} up`}
            disabledFocusable={i === 0}
            onClick={() => write(swap(options, i, i - 1), labels && swap(labels, i, i - 1))}
          />
          <Button
            appearance="subtle"
            icon={<ArrowDown20Regular />}
            aria-label={`Move option ${i + 1} down`}
            disabledFocusable={i === options.length - 1}
            onClick={() => write(swap(options, i, i + 1), labels && swap(labels, i, i + 1))}
          />
          <Button
            appearance="subtle"
            icon={<Delete20Regular />}
            aria-label={`Remove option ${i + 1}`}
            disabledFocusable={options.length === 1}
            onClick={() => write(without(options, i), labels && without(labels, i))}
          />
        </div>
      ))}
      <div>
        <Button
          icon={<Add20Regular />}
          onClick={() => {
            let n = options.length + 1;
            while (options.includes(`Option ${n}`)) n++;
            write([...options, `Option ${n}`], labels && [...labels, `Option ${n}`]);
          }}
        >
          Add an option
        </Button>
      </div>
    </fieldset>
  );
}
