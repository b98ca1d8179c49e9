import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Text, makeStyles, tokens } from '@fluentui/react-components';
import { formTitle } from '../core/form-paths';
import { AddFieldForm } from './AddFieldForm';
import { bundleForm } from './bundle';
import { fieldElementId } from './field-props';
import { FIELD_KIND_LABELS, FORM_FIELD_KINDS, type FieldKind } from './field-kinds';
import { FieldList } from './FieldList';
import { addField, moveField, removeField } from './field-ops';
import { fieldLabel, readForm, takenNames } from './form-read';
import { groupProblems } from './form-problems';
import { FormPreview } from './FormPreview';
import { FlowTexts, MailTexts } from './FormTexts';
import { ProblemList } from './ProblemList';
import type { Change, Diagnostic, FormFile, Fragments } from './types';

export { FORM_FIELD_KINDS };
export type { FieldKind, FormFile };

export interface FormEditorProps {
  /** The form file's path relative to the project root ('forms/contact.json'). */
  path: string;
  /** The form file's JSON, `$ref`s as written. */
  value: FormFile;
  /** forms/fragments/*.json parsed, by path ('forms/fragments/email.json'). */
  fragments: Record<string, unknown>;
  /** The gate's problems of this file (pointers relative to the file). */
  problems: Diagnostic[];
  /** Receives every change as an immer recipe on the form file. */
  onChange: (recipe: (draft: FormFile) => void) => void;
}

const useStyles = makeStyles({
  root: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
    gap: tokens.spacingHorizontalXXL,
    alignItems: 'start',
    '@media (max-width: 1100px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  preview: {
    position: 'sticky',
    top: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  heading: { margin: `0 0 ${tokens.spacingVerticalS}`, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  title: { margin: 0, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3 },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

/**
 * The editor of one form file (forms/<name>.json): its fields in ui:order (reorder by drag and drop,
 * by keyboard or with the move buttons; remove; add a field of a kind), each field's label, required
 * flag and messages, the flow's texts, the e-mail recipients, and a live preview of the form with
 * its validation. Every change goes to `onChange` as an immer recipe on the form file (field-ops.ts, field-settings-ops.ts, flow-ops.ts);
 * the gate's problems show on the field they point at, the others above the fields.
 */
export function FormEditor({ path, value, fragments, problems, onChange }: FormEditorProps) {
  const styles = useStyles();
  const idBase = useId().replace(/:/g, '');
  const ctx = useMemo(() => ({ file: path, fragments: fragments as Fragments }), [path, fragments]);
  const view = useMemo(() => readForm(value, ctx), [value, ctx]);
  const preview = useMemo(() => bundleForm(value, ctx, { expand: true }).data, [value, ctx]);
  const names = useMemo(() => view.fields.map((field) => field.name), [view]);
  const grouped = useMemo(() => groupProblems(problems, value, names), [problems, value, names]);
  const taken = useMemo(() => takenNames(view.form), [view]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<string | undefined>();
  const fieldsHeading = useRef<HTMLHeadingElement>(null);

  const change: Change = (edit) => onChange(edit);
  const labelOf = (name: string) => {
    const field = view.fields.find((f) => f.name === name);
    return field ? fieldLabel(field) : name;
  };

  // Focus follows a field that moved, was added, or the list after a removal (set below, applied once the form re-rendered).
  useEffect(() => {
    if (pendingFocus === undefined) return;
    const element = pendingFocus === '' ? fieldsHeading.current : document.getElementById(pendingFocus);
    element?.focus();
    setPendingFocus(undefined);
  }, [pendingFocus, view]);

  const reorder = (from: string, to: string) => change((draft) => moveField(draft, from, to, ctx));

  const move = (name: string, offset: -1 | 1) => {
    const index = names.indexOf(name);
    const target = names[index + offset];
    if (target === undefined) return;
    change((draft) => moveField(draft, name, target, ctx));
    setAnnouncement(`${labelOf(name)} moved to position ${index + offset + 1} of ${names.length}.`);
    setPendingFocus(fieldElementId(idBase, offset < 0 ? 'up' : 'down', name));
  };

  const remove = (name: string) => {
    const index = names.indexOf(name);
    const label = labelOf(name);
    change((draft) => removeField(draft, name, ctx));
    setAnnouncement(`${label} removed.`);
    const next = names[index + 1] ?? names[index - 1];
    setPendingFocus(next === undefined ? '' : fieldElementId(idBase, 'toggle', next));
  };

  const toggle = (name: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const add = (kind: FieldKind, label: string, name: string) => {
    change((draft) => void addField(draft, kind, label, ctx));
    setExpanded((open) => new Set(open).add(name));
    setAnnouncement(`${FIELD_KIND_LABELS[kind]} field ${label} added at the end (name ${name}).`);
    setPendingFocus(fieldElementId(idBase, 'toggle', name));
  };

  const formProblems = [...view.issues, ...grouped.form];
  const key = typeof value?.key === 'string' ? value.key : path;
  const ids = {
    fields: `${idBase}-fields`,
    add: `${idBase}-add`,
    flow: `${idBase}-flow`,
    mail: `${idBase}-mail`,
    preview: `${idBase}-preview`,
  };

  return (
    <div className={styles.root}>
      <div className={styles.column}>
        <div>
          <h2 className={styles.title}>Form: {formTitle(path)}</h2>
          {problems.length > 0 && (
            <Text size={200} className={styles.note}>
              {`${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before saving`}
            </Text>
          )}
        </div>
        <ProblemList problems={formProblems} label="Problems of the form" />

        <section aria-labelledby={ids.fields}>
          <h3 id={ids.fields} ref={fieldsHeading} tabIndex={-1} className={styles.heading}>
            Fields ({names.length})
          </h3>
          <FieldList
            fields={view.fields}
            ctx={ctx}
            change={change}
            problems={grouped.byField}
            expanded={expanded}
            idBase={idBase}
            defaultRequired={view.defaultRequired}
            onToggle={toggle}
            onMove={move}
            onRemove={remove}
            onReorder={reorder}
          />
          {names.length === 0 && <Text className={styles.note}>The form has no fields yet.</Text>}
        </section>

        <section aria-labelledby={ids.add}>
          <h3 id={ids.add} className={styles.heading}>
            Add a field
          </h3>
          <AddFieldForm taken={taken} onAdd={add} />
        </section>

        <section aria-labelledby={ids.flow}>
          <h3 id={ids.flow} className={styles.heading}>
            Texts
          </h3>
          <FlowTexts form={view.form} ctx={ctx} change={change} problems={grouped.flow} headingId={ids.flow} />
        </section>

        <section aria-labelledby={ids.mail}>
          <h3 id={ids.mail} className={styles.heading}>
            E-mail
          </h3>
          <MailTexts form={view.form} ctx={ctx} change={change} problems={grouped.mail} headingId={ids.mail} />
        </section>
      </div>

      <section className={styles.preview} aria-labelledby={ids.preview}>
        <h3 id={ids.preview} className={styles.heading}>
          Preview
        </h3>
        <FormPreview form={preview} file={path} source={value} idPrefix={`${idBase}-preview-${key}`} />
      </section>

      <div aria-live="polite" role="status" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}
