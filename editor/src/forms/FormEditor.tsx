import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Button, Field, Input, Select, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { bundleForm } from './bundle';
import { FieldCard, fieldElementId, type Change } from './FieldCard';
import { FIELD_KIND_LABELS, FORM_FIELD_KINDS, uniqueFieldName, type FieldKind } from './field-kinds';
import { addField, fieldLabel, groupProblems, moveField, readForm, removeField, takenNames } from './form-ops';
import { FormPreview } from './FormPreview';
import { FlowTexts, MailTexts } from './FormTexts';
import { ProblemList } from './ProblemList';
import type { Diagnostic, FormFile, Fragments } from './types';

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
  list: { margin: 0, padding: 0 },
  add: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end', flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '12rem' },
  note: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  visuallyHidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
});

const DRAG_INSTRUCTIONS =
  'To reorder a field, press Space or Enter on its handle to pick it up, the up and down arrow keys to move it, ' +
  'Space or Enter to drop it, Escape to cancel. The Move up and Move down buttons do the same one step at a time.';

/**
 * The editor of one form file (forms/<name>.json): its fields in ui:order (reorder by drag and drop,
 * by keyboard or with the move buttons; remove; add a field of a kind), each field's label, required
 * flag and messages, the flow's texts, the e-mail recipients, and a live preview of the form with
 * its validation. Every change goes to `onChange` as an immer recipe on the form file (form-ops.ts);
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
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const [pendingFocus, setPendingFocus] = useState<string | undefined>();
  const [newLabel, setNewLabel] = useState('');
  const [newKind, setNewKind] = useState<FieldKind>('text');
  const [addError, setAddError] = useState<string | undefined>();
  const fieldsHeading = useRef<HTMLHeadingElement>(null);

  const change: Change = (edit) => onChange(edit);
  const labelOf = (name: UniqueIdentifier) => {
    const field = view.fields.find((f) => f.name === name);
    return field ? fieldLabel(field) : String(name);
  };
  const position = (name: UniqueIdentifier) => names.indexOf(String(name)) + 1;

  // Focus follows a field that moved, was added, or the list after a removal (set below, applied once the form re-rendered).
  useEffect(() => {
    if (pendingFocus === undefined) return;
    const element = pendingFocus === '' ? fieldsHeading.current : document.getElementById(pendingFocus);
    element?.focus();
    setPendingFocus(undefined);
  }, [pendingFocus, view]);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${labelOf(active.id)}, position ${position(active.id)} of ${names.length}.`,
    onDragOver: ({ active, over }) =>
      over
        ? `${labelOf(active.id)} is over position ${position(over.id)} of ${names.length}.`
        : `${labelOf(active.id)} is over no position.`,
    onDragEnd: ({ active, over }) =>
      over ? `${labelOf(active.id)} dropped at position ${position(over.id)} of ${names.length}.` : `${labelOf(active.id)} dropped.`,
    onDragCancel: ({ active }) => `Moving ${labelOf(active.id)} was cancelled; it stays at position ${position(active.id)}.`,
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = String(active.id);
    const to = String(over.id);
    change((draft) => moveField(draft, from, to, ctx));
  };

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

  const nextName = newLabel.trim() === '' ? undefined : uniqueFieldName(newLabel.trim(), takenNames(view.form));
  const add = (event: FormEvent) => {
    event.preventDefault();
    const label = newLabel.trim();
    if (label === '' || nextName === undefined) {
      setAddError('Give the new field a label');
      return;
    }
    const kind = newKind;
    change((draft) => void addField(draft, kind, label, ctx));
    setExpanded((open) => new Set(open).add(nextName));
    setAnnouncement(`${FIELD_KIND_LABELS[kind]} field ${label} added at the end (name ${nextName}).`);
    setPendingFocus(fieldElementId(idBase, 'toggle', nextName));
    setNewLabel('');
    setAddError(undefined);
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
          <h2 className={styles.title}>Form {key}</h2>
          <Text size={200} className={styles.note}>
            <span className={styles.mono}>{path}</span>
            {problems.length > 0 ? ` · ${problems.length} ${problems.length === 1 ? 'problem' : 'problems'} to fix before saving` : ''}
          </Text>
        </div>
        <ProblemList problems={formProblems} label="Problems of the form" />

        <section aria-labelledby={ids.fields}>
          <h3 id={ids.fields} ref={fieldsHeading} tabIndex={-1} className={styles.heading}>
            Fields ({names.length})
          </h3>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
          >
            <SortableContext items={names} strategy={verticalListSortingStrategy}>
              <ul className={styles.list} aria-label="Fields of the form, in order">
                {view.fields.map((field, index) => (
                  <FieldCard
                    key={field.name}
                    field={field}
                    index={index}
                    count={names.length}
                    ctx={ctx}
                    change={change}
                    problems={grouped.byField.get(field.name) ?? []}
                    expanded={expanded.has(field.name)}
                    idBase={idBase}
                    defaultRequired={view.defaultRequired}
                    onToggle={() => toggle(field.name)}
                    onMove={(offset) => move(field.name, offset)}
                    onRemove={() => remove(field.name)}
                  />
                ))}
              </ul>
            </SortableContext>
          </DndContext>
          {names.length === 0 && <Text className={styles.note}>The form has no fields yet.</Text>}
        </section>

        <section aria-labelledby={ids.add}>
          <h3 id={ids.add} className={styles.heading}>
            Add a field
          </h3>
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
        <FormPreview form={preview} idPrefix={`${idBase}-preview-${key}`} />
      </section>

      <div aria-live="polite" role="status" className={styles.visuallyHidden}>
        {announcement}
      </div>
    </div>
  );
}
