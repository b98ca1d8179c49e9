import { Field, Input, Textarea } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

/**
 * A text field stored as it changes (`onCommit`), that keeps what is typed while `validate` finds it
 * invalid (and says why) instead of storing it; a new stored value replaces the draft. The page's
 * settings and a section's anchor use it.
 */
export function DraftField({
  label,
  value,
  placeholder,
  hint,
  error,
  multiline,
  validate,
  onCommit,
}: {
  label: string;
  value: string;
  placeholder?: string;
  hint?: string;
  /** The gate's problem with the stored value, shown while the draft is valid. */
  error?: string;
  multiline?: boolean;
  validate?: (draft: string) => string | undefined;
  onCommit: (value: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const message = validate?.(draft) ?? error;
  const change = (next: string) => {
    setDraft(next);
    if (!validate?.(next)) onCommit(next);
  };
  return (
    <Field label={label} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      {multiline ? (
        <Textarea value={draft} placeholder={placeholder} onChange={(_, data) => change(data.value)} resize="vertical" />
      ) : (
        <Input value={draft} placeholder={placeholder} onChange={(_, data) => change(data.value)} />
      )}
    </Field>
  );
}
