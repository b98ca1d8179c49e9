import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { memo } from 'react';
import { useListStyles } from '../core/list-styles';

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
});

/** What an outline item shows of a section: its type, preset, source and id (not its props). */
export interface SectionSummary {
  type: string;
  /** The section's name (model.ts sectionTitle) and its block's title. */
  title: string;
  block: string;
  preset?: string;
  source?: string;
  id?: string;
}

interface ItemProps {
  id: string;
  index: number;
  count: number;
  summary: SectionSummary;
  selected: boolean;
  problems: number;
  onSelect: (index: number) => void;
}

/** One section of the outline: its drag handle and the button that selects it (name, problems, preset, kind). */
export const SectionItem = memo(function SectionItem({ id, index, count, summary, selected, problems, onSelect }: ItemProps) {
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
