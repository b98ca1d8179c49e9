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
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, makeStyles, mergeClasses, tokens, Toolbar, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { memo, useCallback, useMemo, useRef, useState } from 'react';
import { blockTitle, pageTitle, problemsBySection, resolvedSection, sectionTitles } from '../core/model';
import { useEditor, useStore } from '../state';
import type { Diagnostic, PagesConfigValue, PageValue, SectionValue } from '../core/types';
import { BlockPalette } from './BlockPalette';
import { useListStyles } from './PageList';

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'stretch',
    backgroundColor: tokens.colorNeutralBackground1,
    borderLeft: '3px solid transparent',
  },
  current: { backgroundColor: tokens.colorBrandBackground2, borderLeftColor: tokens.colorBrandStroke1 },
  dragging: { boxShadow: tokens.shadow16, zIndex: 1, position: 'relative', opacity: 0.95 },
  handle: {
    flex: '0 0 28px',
    border: 'none',
    background: 'none',
    cursor: 'grab',
    color: tokens.colorNeutralForeground3,
    fontSize: '16px',
    touchAction: 'none',
    ':hover': { color: tokens.colorNeutralForeground1, backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  select: { paddingLeft: tokens.spacingHorizontalXS, borderLeft: 'none', flex: '1 1 auto', minWidth: 0 },
  badges: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  position: { color: tokens.colorNeutralForeground3, fontWeight: tokens.fontWeightRegular, minWidth: '1.5em' },
  empty: { padding: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground3 },
});

/** What an outline item shows of a section: its type, preset, source and id (not its props). */
interface Summary {
  type: string;
  /** The section's name (model.ts sectionTitle) and its block's title. */
  title: string;
  block: string;
  preset?: string;
  source?: string;
  id?: string;
}

let nextId = 0;

/**
 * An id per section that follows it: a section object kept by immer (unchanged, or moved) keeps its
 * id, and a section edited in place (a new object at the same index) keeps the id of the one it
 * replaced; an inserted one gets a new id. The same ids keep the same array.
 */
function useStableIds(sections: readonly SectionValue[]): string[] {
  const previous = useRef<{ sections: readonly SectionValue[]; ids: string[] }>({ sections: [], ids: [] });
  return useMemo(() => {
    const before = previous.current;
    const byObject = new Map(before.sections.map((section, i) => [section as object, before.ids[i]]));
    const used = new Set<string>();
    const ids: (string | undefined)[] = sections.map((section) => {
      const id = byObject.get(section);
      if (id !== undefined && !used.has(id)) {
        used.add(id);
        return id;
      }
      return undefined;
    });
    // An edit in place: the same length, the index's old section no longer in the list.
    if (sections.length === before.sections.length) {
      ids.forEach((id, i) => {
        if (id === undefined && !used.has(before.ids[i])) {
          ids[i] = before.ids[i];
          used.add(before.ids[i]);
        }
      });
    }
    const next = ids.map((id) => id ?? `section-${++nextId}`);
    const same = next.length === before.ids.length && next.every((id, i) => id === before.ids[i]);
    previous.current = { sections, ids: same ? before.ids : next };
    return previous.current.ids;
  }, [sections]);
}

/** A value that keeps its first object while its JSON stays the same. */
function useSameJson<T>(value: T): T {
  const kept = useRef<{ json: string; value: T } | null>(null);
  const json = JSON.stringify(value);
  if (!kept.current || kept.current.json !== json) kept.current = { json, value };
  return kept.current.value;
}

interface ItemProps {
  id: string;
  index: number;
  count: number;
  summary: Summary;
  selected: boolean;
  problems: number;
  onSelect: (index: number) => void;
}

const SectionItem = memo(function SectionItem({ id, index, count, summary, selected, problems, onSelect }: ItemProps) {
  const styles = useStyles();
  const list = useListStyles();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  const title = summary.title;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={mergeClasses(styles.row, selected && styles.current, isDragging && styles.dragging)}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        {...attributes}
        {...listeners}
        aria-label={`Move ${title}, section ${index + 1} of ${count}`}
      >
        <span aria-hidden="true">⠿</span>
      </button>
      <button
        type="button"
        className={mergeClasses(list.item, styles.select)}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(index)}
      >
        <span className={list.name}>
          <span className={styles.position} aria-hidden="true">
            {index + 1}
          </span>
          {title}
          {problems > 0 && (
            <Badge color="danger" size="small" appearance="filled">
              {problems} {problems === 1 ? 'problem' : 'problems'}
            </Badge>
          )}
        </span>
        <span className={styles.badges}>
          {summary.preset && (
            <Badge appearance="tint" color="brand" size="small">
              Preset: {summary.preset}
            </Badge>
          )}
          {summary.block !== summary.title && <span className={list.meta}>{summary.block}</span>}
        </span>
      </button>
    </li>
  );
});

const INSTRUCTIONS: ScreenReaderInstructions = {
  draggable:
    'To move a section, press space or enter to pick it up, the up and down arrow keys to move it, space or enter again to drop it, or escape to cancel.',
};

/**
 * The sortable list (dnd-kit: pointer and keyboard, announced). Its props change only with what the
 * items show, so an edit of a section's props does not render the list again.
 */
const SortableList = memo(function SortableList({
  ids,
  summaries,
  counts,
  selected,
  label,
  onSelect,
  onMove,
}: {
  ids: string[];
  summaries: Summary[];
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

/** The selected page's sections in order: select, add, remove, duplicate, move (buttons, drag and drop, keyboard). */
export const SectionOutline = memo(function SectionOutline({
  config,
  pageIndex,
  page,
  selected,
}: {
  config: PagesConfigValue;
  pageIndex: number;
  page: PageValue;
  selected: number | null;
}) {
  const styles = useStyles();
  const list = useListStyles();
  const store = useStore();
  const { blocks, problems, sources } = useEditor();
  const [palette, setPalette] = useState(false);
  const sections = useMemo(() => page.sections ?? [], [page.sections]);
  const ids = useStableIds(sections);
  const presets = config.presets;
  const byType = useMemo(() => new Map(blocks.map((block) => [block.type, block])), [blocks]);
  const titles = sectionTitles(sections, { pages: [], presets }, blocks, sources);
  const summaries = useSameJson(
    sections.map((section, index): Summary => {
      const resolved = section.preset ? resolvedSection(section, { pages: [], presets }) : section;
      const block = byType.get(section.type);
      return {
        type: section.type,
        title: titles[index],
        block: blockTitle(block, section.type),
        preset: section.preset,
        source: resolved.source,
        id: resolved.id,
      };
    }),
  );
  const sectionProblems = useMemo(() => problemsBySection(problems as Diagnostic[], pageIndex), [problems, pageIndex]);
  const counts = useSameJson(sections.map((_, index) => sectionProblems.get(index)?.length ?? 0));
  const current = selected !== null ? sections[selected] : undefined;

  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= sections.length) return;
    const title = blockTitle(byType.get(sections[from].type), sections[from].type);
    store.changePages(
      `Move ${title}`,
      (draft) => {
        const list = draft.pages[pageIndex].sections;
        if (list) draft.pages[pageIndex].sections = arrayMove(list, from, to);
      },
      { select: { section: to } },
    );
  };

  const moveRef = useRef(move);
  moveRef.current = move;
  const onMove = useCallback((from: number, to: number) => moveRef.current(from, to), []);

  const onSelect = useCallback((index: number) => store.select({ section: index }), [store]);

  const remove = () => {
    if (selected === null || !current) return;
    store.changePages(
      `Remove ${blockTitle(byType.get(current.type), current.type)}`,
      (draft) => void draft.pages[pageIndex].sections?.splice(selected, 1),
      {
        select: { section: sections.length > 1 ? Math.min(selected, sections.length - 2) : null },
      },
    );
  };

  /** The selected section as the store has it now (the list may render a moment behind an edit). */
  const live = (): SectionValue | undefined => (selected === null ? undefined : store.pages?.pages[pageIndex]?.sections?.[selected]);

  const duplicate = () => {
    const current = live();
    if (selected === null || !current) return;
    const copy = structuredClone(current);
    // Two sections with one id would be one anchor (and one React key): the copy has none of its own.
    if (copy.id) delete copy.id;
    store.changePages(
      `Duplicate ${blockTitle(byType.get(current.type), current.type)}`,
      (draft) => void draft.pages[pageIndex].sections?.splice(selected + 1, 0, copy),
      {
        select: { section: selected + 1 },
      },
    );
  };

  const detach = () => {
    const current = live();
    const presets = store.pages?.presets;
    if (selected === null || !current?.preset) return;
    const resolved = resolvedSection(current, { pages: [], presets });
    const { preset: _preset, ...plain } = resolved;
    store.changePages(`Detach ${blockTitle(byType.get(current.type), current.type)} from preset ${current.preset}`, (draft) => {
      const list = draft.pages[pageIndex].sections;
      if (list) list[selected] = structuredClone(plain) as SectionValue;
    });
  };

  const insert = (section: SectionValue) => {
    const at = selected === null ? sections.length : selected + 1;
    store.changePages(
      `Add ${blockTitle(byType.get(section.type), section.type)}`,
      (draft) => {
        const target = draft.pages[pageIndex];
        (target.sections ??= []).splice(at, 0, section);
      },
      { select: { section: at } },
    );
  };

  return (
    <>
      <h2 className={list.heading} id="sections-heading">
        Sections of {pageTitle(page)}
      </h2>
      <Toolbar size="small" aria-label="Section actions" className={list.toolbar}>
        <ToolbarButton appearance="primary" onClick={() => setPalette(true)}>
          Add section
        </ToolbarButton>
        <ToolbarButton onClick={duplicate} disabled={!current}>
          Duplicate
        </ToolbarButton>
        <ToolbarButton onClick={remove} disabled={!current}>
          Remove
        </ToolbarButton>
        <Tooltip content="Move up" relationship="label">
          <ToolbarButton onClick={() => selected !== null && move(selected, selected - 1)} disabled={!current || selected === 0}>
            ↑
          </ToolbarButton>
        </Tooltip>
        <Tooltip content="Move down" relationship="label">
          <ToolbarButton
            onClick={() => selected !== null && move(selected, selected + 1)}
            disabled={!current || selected === sections.length - 1}
          >
            ↓
          </ToolbarButton>
        </Tooltip>
        {current?.preset && <ToolbarButton onClick={detach}>Detach from preset</ToolbarButton>}
      </Toolbar>
      {sections.length === 0 ? (
        <p className={styles.empty}>{page.redirect ? `This page only redirects to ${page.redirect}.` : 'No sections yet: add one.'}</p>
      ) : (
        <SortableList
          ids={ids}
          summaries={summaries}
          counts={counts}
          selected={selected}
          label={`Sections of ${pageTitle(page)}`}
          onSelect={onSelect}
          onMove={onMove}
        />
      )}
      {palette && <BlockPalette blocks={blocks} onPick={insert} onClose={() => setPalette(false)} />}
    </>
  );
});
