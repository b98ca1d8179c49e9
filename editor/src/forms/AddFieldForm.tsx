import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { FIELD_KIND_LABELS, FORM_FIELD_KINDS, uniqueFieldName, type FieldKind } from './field-kinds';

const useStyles = makeStyles({
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '12rem' },
});

/** "Add a field": its label (the name in the data is made from it, unique among `taken`) and its kind. */
export function AddFieldForm({
  taken,
  onAdd,
}: {
  /** The names a new field must not take (form-read.ts takenNames). */
  taken: ReadonlySet<string>;
  onAdd: (kind: FieldKind, label: string, name: string) => void;
}) {
  const styles = useStyles();
  const [newLabel, setNewLabel] = useState('');
  const [newKind, setNewKind] = useState<FieldKind>('text');
  const [addError, setAddError] = useState<string | undefined>();
  const nextName = newLabel.trim() === '' ? undefined : uniqueFieldName(newLabel.trim(), taken);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const label = newLabel.trim();
    if (label === '' || nextName === undefined) {
      setAddError('Give the new field a label');
      return;
    }
    onAdd(newKind, label, nextName);
    setNewLabel('');
    setAddError(undefined);
  };
  return (
    <form className={styles.add} onSubmit={add}>
      <Field
        className={styles.grow}
        label="Label"
        validationMessage={addError}
        hint={nextName ? `Name in the data: ${nextName}` : 'The name in the data is made from the label'}
      >
        <Input
          value={newLabel}
          onChange={(_, data) => {
            setNewLabel(data.value);
            if (data.value.trim() !== '') setAddError(undefined);
          }}
        />
      </Field>
      <Field label="Kind">
        <Select value={newKind} onChange={(_, data) => setNewKind(data.value as FieldKind)}>
          {FORM_FIELD_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {FIELD_KIND_LABELS[kind]}
            </option>
          ))}
        </Select>
      </Field>
      <Button type="submit" appearance="primary" icon={<Add20Regular />}>
        Add field
      </Button>
    </form>
  );
}
