import { Label, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';
import { lazy, Suspense, useCallback } from 'react';

// TipTap and its toolbar load when a rich-text field is first shown, not with the editor.
const RichTextEditor = lazy(() => import('./RichTextEditor'));

const useStyles = makeStyles({
  label: { paddingTop: '2px', paddingBottom: '2px', marginBottom: '2px', display: 'block' },
  loading: {
    minHeight: '200px',
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    display: 'grid',
    placeItems: 'center',
  },
});

/**
 * rjsf widget for an HTML text (article bodies, policies, terms, FAQ answers, job and section texts):
 * a rich-text editor that can write only what the site's sanitiser keeps. The value is HTML; an
 * emptied editor gives the field's empty value.
 */
export function RichTextWidget({
  id,
  value,
  label,
  hideLabel,
  required,
  disabled,
  readonly,
  rawErrors,
  options,
  schema,
  onChange,
  onBlur,
  onFocus,
}: WidgetProps) {
  const styles = useStyles();
  const labelId = `${id}-label`;
  const change = useCallback((html: string) => onChange(html === '' ? options.emptyValue : html), [onChange, options.emptyValue]);
  const blur = useCallback(() => onBlur(id, value), [onBlur, id, value]);
  const focus = useCallback(() => onFocus(id, value), [onFocus, id, value]);
  return (
    <div>
      {labelValue(
        <Label id={labelId} htmlFor={id} required={required} disabled={disabled} className={styles.label}>
          {label}
        </Label>,
        hideLabel,
      )}
      <Suspense
        fallback={
          <div className={styles.loading}>
            <Spinner size="tiny" label="Loading the text editor…" />
          </div>
        }
      >
        <RichTextEditor
          id={id}
          labelId={labelId}
          value={value}
          disabled={disabled || readonly}
          invalid={(rawErrors?.length ?? 0) > 0}
          describedBy={ariaDescribedByIds(id, !!schema.examples)}
          onChange={change}
          onBlur={blur}
          onFocus={focus}
        />
      </Suspense>
    </div>
  );
}
