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
import { makeStyles } from '@fluentui/react-components';
import { useMemo } from 'react';
import { FieldCard } from './FieldCard';
import { fieldLabel, type FieldView } from './form-read';
import type { Change, Diagnostic, FormContext } from './types';

const useStyles = makeStyles({
  list: { margin: 0, padding: 0 },
});

const DRAG_INSTRUCTIONS =
  'To reorder a field, press Space or Enter on its handle to pick it up, the up and down arrow keys to move it, ' +
  'Space or Enter to drop it, Escape to cancel. The Move up and Move down buttons do the same one step at a time.';

/**
 * The form's fields in order, each a card, reordered by drag and drop (pointer or keyboard, each step
 * announced) as well as by the cards' move buttons.
 */
export function FieldList({
  fields,
  ctx,
  change,
  problems,
  expanded,
  idBase,
  defaultRequired,
  onToggle,
  onMove,
  onRemove,
  onReorder,
}: {
  fields: readonly FieldView[];
  ctx: FormContext;
  change: Change;
  /** The gate's problems by field name. */
  problems: ReadonlyMap<string, Diagnostic[]>;
  expanded: ReadonlySet<string>;
  idBase: string;
  defaultRequired?: string;
  onToggle: (name: string) => void;
  onMove: (name: string, offset: -1 | 1) => void;
  onRemove: (name: string) => void;
  /** A drop of field `from` on the place of field `to`. */
  onReorder: (from: string, to: string) => void;
}) {
  const styles = useStyles();
  const names = useMemo(() => fields.map((field) => field.name), [fields]);
  const labelOf = (name: UniqueIdentifier) => {
    const field = fields.find((f) => f.name === name);
    return field ? fieldLabel(field) : String(name);
  };
  const position = (name: UniqueIdentifier) => names.indexOf(String(name)) + 1;
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
    onReorder(String(active.id), String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
    >
      <SortableContext items={names} strategy={verticalListSortingStrategy}>
        <ul className={styles.list} aria-label="Fields of the form, in order">
          {fields.map((field, index) => (
            <FieldCard
              key={field.name}
              field={field}
              index={index}
              count={names.length}
              ctx={ctx}
              change={change}
              problems={problems.get(field.name) ?? []}
              expanded={expanded.has(field.name)}
              idBase={idBase}
              defaultRequired={defaultRequired}
              onToggle={() => onToggle(field.name)}
              onMove={(offset) => onMove(field.name, offset)}
              onRemove={() => onRemove(field.name)}
            />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}
