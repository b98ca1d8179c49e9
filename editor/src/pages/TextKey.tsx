import { Field, Input } from '@fluentui/react-components';
import { useEffect, useState } from 'react';

/** A string field stored on change; an empty value removes the key. Keeps an invalid draft (pattern) until it is valid. */
export function TextKey({
  label,
  value,
  placeholder,
  hint,
  error,
  pattern,
  patternMessage,
  onCommit,
}: {
  label: string;
  value: string | undefined;
  placeholder?: string;
  hint?: string;
  error?: string;
  pattern?: RegExp;
  patternMessage?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const [draft, setDraft] = useState(value ?? '');
  useEffect(() => setDraft(value ?? ''), [value]);
  const invalid = pattern && draft !== '' && !pattern.test(draft) ? patternMessage : undefined;
  const message = invalid ?? error;
  return (
    <Field label={label} hint={hint} validationMessage={message} validationState={message ? 'error' : 'none'}>
      <Input
        value={draft}
        placeholder={placeholder}
        onChange={(_, data) => {
          setDraft(data.value);
          if (!pattern || data.value === '' || pattern.test(data.value)) onCommit(data.value === '' ? undefined : data.value);
        }}
      />
    </Field>
  );
}
