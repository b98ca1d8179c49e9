import { useState } from 'react';
import { Button, Input } from '@fluentui/react-components';
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { WidgetLabel } from './WidgetLabel';
import { fillSiteTexts, site } from '../../lib/site';

/** A secret text (access key, activation code) hidden by default, with a show/hide toggle. */
export function MaskedWidget({
  id,
  value,
  required,
  disabled,
  readonly,
  label,
  hideLabel,
  placeholder,
  onChange,
  onBlur,
  onFocus,
  options,
}: WidgetProps) {
  const [shown, setShown] = useState(false);
  const texts = fillSiteTexts(site).forms;
  const toggleLabel = `${shown ? (texts?.hide ?? 'Hide') : (texts?.show ?? 'Show')} ${label}`;
  return (
    <>
      <WidgetLabel id={id} label={label} hideLabel={hideLabel} required={required} disabled={disabled} />
      <Input
        id={id}
        name={id}
        type={shown ? 'text' : 'password'}
        value={typeof value === 'string' ? value : ''}
        placeholder={placeholder}
        disabled={disabled || readonly}
        autoComplete="off"
        spellCheck={false}
        aria-describedby={ariaDescribedByIds(id)}
        onChange={(_, data) => onChange(data.value === '' ? options.emptyValue : data.value)}
        onBlur={(event) => onBlur(id, event.target.value)}
        onFocus={(event) => onFocus(id, event.target.value)}
        contentAfter={
          <Button
            appearance="transparent"
            size="small"
            icon={shown ? <EyeOff20Regular /> : <Eye20Regular />}
            aria-label={toggleLabel}
            aria-pressed={shown}
            onClick={() => setShown((s) => !s)}
          />
        }
      />
    </>
  );
}
