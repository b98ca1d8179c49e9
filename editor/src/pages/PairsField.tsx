import { Button, Combobox, Dropdown, Field, Input, Option } from '@fluentui/react-components';
import { useState } from 'react';
import { isObject } from '../../../domain/guards';
import { useSectionStyles } from './section-styles';

/** A map of names to texts (query, bind): one row a key, the key picked from `keys` when there are choices. */
export function PairsField({
  legend,
  description,
  value,
  presetValue,
  keys,
  valueOptions,
  noKeysText,
  keyLabel,
  valueLabel,
  valuePlaceholder,
  errors,
  onSet,
}: {
  legend: string;
  description: string;
  value: Record<string, string>;
  presetValue: Record<string, string>;
  /** The keys to choose from; undefined: any name (typed); []: none (the catalogue says so). */
  keys: readonly string[] | undefined;
  /** Choices for the values (e.g. the item's field paths), typed freely otherwise. */
  valueOptions?: readonly string[];
  noKeysText?: string;
  keyLabel: string;
  valueLabel: string;
  valuePlaceholder?: string;
  errors: Record<string, string | undefined>;
  onSet: (key: string, value: string | undefined, rename?: string) => void;
}) {
  const styles = useSectionStyles();
  const entries = Object.entries({ ...presetValue, ...value });
  const free = (keys ?? []).filter((key) => !(key in value) && !(key in presetValue));
  const [adding, setAdding] = useState('');
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      <span className={styles.fromPreset}>{description}</span>
      <div className={styles.pairs}>
        {entries.map(([key, item]) => {
          const inherited = !(key in value);
          return (
            <div className={styles.row} key={key}>
              <Field label={keyLabel} className={styles.grow}>
                <Input value={key} readOnly />
              </Field>
              <Field
                label={valueLabel}
                className={styles.grow}
                hint={inherited ? 'From the preset' : undefined}
                validationMessage={errors[key]}
                validationState={errors[key] ? 'error' : 'none'}
              >
                {valueOptions && valueOptions.length > 0 ? (
                  <Combobox
                    freeform
                    value={item}
                    placeholder={valuePlaceholder}
                    selectedOptions={valueOptions.includes(item) ? [item] : []}
                    onChange={(event) => onSet(key, event.target.value)}
                    onOptionSelect={(_, data) => data.optionValue !== undefined && onSet(key, data.optionValue)}
                  >
                    {valueOptions
                      .filter((option) => option.toLowerCase().includes(valueOptions.includes(item) ? '' : item.toLowerCase()))
                      .slice(0, 200)
                      .map((option) => (
                        <Option key={option} value={option}>
                          {option}
                        </Option>
                      ))}
                  </Combobox>
                ) : (
                  <Input value={item} placeholder={valuePlaceholder} onChange={(_, data) => onSet(key, data.value)} />
                )}
              </Field>
              <Button
                aria-label={`Remove ${key}`}
                disabled={inherited}
                title={inherited ? 'Set by the preset' : undefined}
                onClick={() => onSet(key, undefined)}
              >
                ✕
              </Button>
            </div>
          );
        })}
      </div>
      {keys !== undefined && keys.length === 0 ? (
        <span className={styles.fromPreset}>{noKeysText}</span>
      ) : (
        <div className={styles.row}>
          {keys !== undefined ? (
            <Field label={`Add a ${keyLabel.toLowerCase()}`} className={styles.grow}>
              <Dropdown
                placeholder={free.length ? 'Choose' : 'All are set'}
                disabled={free.length === 0}
                selectedOptions={adding ? [adding] : []}
                value={adding}
                onOptionSelect={(_, data) => setAdding(data.optionValue ?? '')}
              >
                {free.map((key) => (
                  <Option key={key} value={key}>
                    {key}
                  </Option>
                ))}
              </Dropdown>
            </Field>
          ) : (
            <Field label={`Add a ${keyLabel.toLowerCase()}`} className={styles.grow}>
              <Input value={adding} onChange={(_, data) => setAdding(data.value.trim())} />
            </Field>
          )}
          <Button
            disabled={!adding || adding in value || adding in presetValue}
            onClick={() => {
              onSet(adding, '');
              setAdding('');
            }}
          >
            Add
          </Button>
        </div>
      )}
    </fieldset>
  );
}

/** The text entries of a map (query, bind); anything else reads as none. */
export function textMap(value: unknown): Record<string, string> {
  return isObject(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
}
