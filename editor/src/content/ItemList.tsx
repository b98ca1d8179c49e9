import { CounterBadge, Toolbar, ToolbarButton, Tooltip } from '@fluentui/react-components';
import { itemLabel, itemProblems, type ProductNames } from '../core/content-model';
import type { ContentFileValue, ContentMeta, Diagnostic } from '../core/types';
import { useContentListStyles } from './content-list-styles';

/**
 * A content file's items by title, in the order the site lists them (`order`: their indexes), each
 * with its number of problems, and the toolbar that adds, duplicates, moves and removes the chosen one.
 */
export function ItemList({
  selected,
  items,
  order,
  itemIndex,
  names,
  problems,
  onSelect,
  onAdd,
  onDuplicate,
  onMove,
  onRemove,
}: {
  selected: ContentMeta;
  items: ContentFileValue['items'];
  order: readonly number[];
  itemIndex: number | null;
  names: ProductNames;
  problems: readonly Diagnostic[];
  onSelect: (index: number) => void;
  onAdd: () => void;
  onDuplicate: () => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const styles = useContentListStyles();
  const path = selected.file;
  const position = itemIndex !== null ? order.indexOf(itemIndex) : -1;
  return (
    <>
      <h2 className={styles.heading} id="content-items-heading">
        {selected.name}
      </h2>
      <Toolbar size="small" className={styles.toolbar} aria-label={`Items of ${selected.name}`}>
        <ToolbarButton className={styles.tool} onClick={onAdd}>
          Add
        </ToolbarButton>
        <ToolbarButton className={styles.tool} disabled={itemIndex === null} onClick={onDuplicate}>
          Duplicate
        </ToolbarButton>
        <Tooltip content="Move up" relationship="label">
          <ToolbarButton className={styles.tool} disabled={position <= 0} onClick={() => onMove(-1)}>
            ↑
          </ToolbarButton>
        </Tooltip>
        <Tooltip content="Move down" relationship="label">
          <ToolbarButton className={styles.tool} disabled={position < 0 || position >= order.length - 1} onClick={() => onMove(1)}>
            ↓
          </ToolbarButton>
        </Tooltip>
        <ToolbarButton className={styles.tool} disabled={itemIndex === null} onClick={onRemove}>
          Remove…
        </ToolbarButton>
      </Toolbar>
      <ul className={styles.itemList} aria-labelledby="content-items-heading">
        {order.map((index) => {
          const problemCount = itemProblems(problems, path, index).length;
          return (
            <li key={`${String(items[index]?.id)}-${index}`}>
              <button
                type="button"
                className={`${styles.row} ${index === itemIndex ? styles.selected : ''}`}
                aria-current={index === itemIndex ? 'true' : undefined}
                onClick={() => onSelect(index)}
              >
                <span className={styles.rowName}>{itemLabel(selected, items[index], names)}</span>
                {problemCount > 0 && (
                  <CounterBadge count={problemCount} color="danger" size="small" aria-label={`${problemCount} problems`} />
                )}
              </button>
            </li>
          );
        })}
      </ul>
    </>
  );
}
