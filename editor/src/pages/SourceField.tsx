import { Dropdown, Field, Option } from '@fluentui/react-components';
import type { SourceMeta } from '../core/types';
import { useSectionStyles } from './section-styles';

/** The value of the "none" choice of an optional source. */
const NO_SOURCE = '';

/**
 * The section's content: a choice of the catalogue's sources that serve the block's kind of item,
 * each by its title ("About us, sections"). A source the catalogue does not list (written by hand)
 * shows as it is written, with the gate's problem under it.
 */
export function SourceField({
  value,
  fromPreset,
  options,
  required,
  error,
  onCommit,
}: {
  value: string | undefined;
  fromPreset: boolean;
  options: readonly SourceMeta[];
  required: boolean;
  error?: string;
  onCommit: (value: string | undefined) => void;
}) {
  const styles = useSectionStyles();
  const current = options.find((option) => option.source === value);
  const shown = current?.title ?? value ?? '';
  const message = error ?? (required && !value ? 'Choose the content this section shows.' : undefined);
  return (
    <Field
      label="Shows"
      hint={fromPreset ? 'Chosen by the shared section (preset); a choice here replaces it.' : 'The content this section shows.'}
      validationMessage={message}
      validationState={message ? 'error' : 'none'}
    >
      <Dropdown
        value={shown}
        selectedOptions={value ? [value] : [NO_SOURCE]}
        placeholder={required ? 'Choose the content' : 'Nothing'}
        onOptionSelect={(_, data) => {
          const next = data.optionValue === NO_SOURCE ? undefined : data.optionValue;
          if (next !== value) onCommit(next);
        }}
      >
        {!required && <Option value={NO_SOURCE}>Nothing</Option>}
        {options.map((option) => (
          <Option key={option.source} value={option.source} text={option.title ?? option.source}>
            <span>
              {option.title ?? option.source}
              {option.description && <span className={styles.fromPreset}> · {option.description}</span>}
            </span>
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}
