import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { memo } from 'react';
import { useListStyles } from '../core/list-styles';
import { SectionItem, type SectionSummary } from './SectionItem';

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a section, press space or enter to pick it up, the up and down arrow keys to move it, space or enter again to drop it, or escape to cancel.',
};

/**
 * The sortable list (dnd-kit: pointer and keyboard, announced). Its props change only with what the
 * items show, so an edit of a section's props does not render the list again.
 */
export const SortableSections = memo(function SortableSections({
  ids,
  summaries,
  counts,
  selected,
  label,
  onSelect,
  onMove,
}: {
  ids: string[];
  summaries: SectionSummary[];
  counts: number[];
  selected: number | null;
  label: string;
  onSelect: (index: number) => void;
  onMove: (from: number, to: number) => void;
}) {
  const list = useListStyles();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const name = (id: UniqueIdentifier) => {
    const index = ids.indexOf(String(id));
    const summary = summaries[index];
    return summary ? `${summary.title} (section ${index + 1})` : 'the section';
  };
  const count = ids.length;
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}. It is at position ${position(active.id)} of ${count}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is over position ${position(over.id)} of ${count}.` : `${name(active.id)} is no longer over the list.`,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} was dropped at position ${position(over.id)} of ${count}.` : `${name(active.id)} was dropped.`,
    onDragCancel: ({ active }) => `Moving was cancelled. ${name(active.id)} stays at position ${position(active.id)} of ${count}.`,
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over) onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: INSTRUCTIONS }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol className={list.list} aria-label={label}>
          {ids.map((id, index) => (
            <SectionItem
              key={id}
              id={id}
              index={index}
              count={ids.length}
              summary={summaries[index]}
              selected={index === selected}
              problems={counts[index]}
              onSelect={onSelect}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
});
