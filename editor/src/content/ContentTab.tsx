import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import type { ErrorSchema } from '@rjsf/utils';
import { useEffect, useMemo, type ComponentType } from 'react';
import { ProblemList } from '../core/Banners';
import { useConfirm } from '../core/confirm';
import { plainMessage } from '../core/messages';
import { applyChanges, type Change } from '../core/json';
import { NARROW } from '../core/narrow';
import { useEditor, useStore } from '../core/use-store';
import { PAGES_FILE, type ContentFileValue, type PagesConfigValue } from '../core/types';
import {
  displayOrder,
  duplicateItem,
  itemErrorSchema,
  itemLabel,
  itemProblems,
  moveItem,
  newItem,
  problemCounts,
  productNames,
} from '../core/content-model';
import { ItemForm } from './ItemForm';
import { ItemList } from './ItemList';
import { ResourceList } from './ResourceList';

const useStyles = makeStyles({
  layout: {
    flex: '1 1 auto',
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(280px, 340px) minmax(360px, 520px) minmax(320px, 1fr)',
    gap: '1px',
    backgroundColor: tokens.colorNeutralStroke2,
    // Narrow: one column as tall as its content; the page scrolls (NARROW).
    [NARROW]: { flex: 'none', gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  noPreview: { gridTemplateColumns: 'minmax(240px, 340px) minmax(320px, 1fr)', [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)' } },
  column: {
    minWidth: 0,
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    [NARROW]: { overflowY: 'visible' },
  },
  navColumn: { minWidth: 0, minHeight: 0, display: 'flex', flexDirection: 'column', backgroundColor: tokens.colorNeutralBackground1 },
  // Narrow: each list keeps a screenful at most and scrolls inside, so the form stays a swipe away.
  resources: {
    flex: '1 1 55%',
    minHeight: '140px',
    overflowY: 'auto',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    [NARROW]: { flex: 'none', maxHeight: '40vh' },
  },
  items: { flex: '1 1 45%', minHeight: 0, display: 'flex', flexDirection: 'column', [NARROW]: { flex: 'none', maxHeight: '50vh' } },
  // Narrow: the preview stacks under the form, its frame scaled to the column and most of a screen tall.
  preview: { [NARROW]: { height: '75vh', minHeight: '420px' } },
  panel: { padding: tokens.spacingHorizontalL },
  panelTitle: { margin: `0 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold },
  hint: { color: tokens.colorNeutralForeground3, display: 'block', marginBottom: tokens.spacingVerticalM },
});

/** What shows the page of a resource beside its form (the dev editor's ContentPreview). */
export type ContentPreviewPane = ComponentType<{ resource: string; item: unknown }>;

/**
 * The Content tab: the content files by their human names (grouped, with item counts), the chosen
 * resource's items by title, the chosen item's form, and the page that shows it, with the unsaved
 * change in it. Items are added (the next free id, today's dates), duplicated, moved (by
 * `precedence` where the resource is ordered by it), and removed after a confirmation. The page
 * beside them is the host's `Preview`; a host without one (the studio) shows the lists and the form.
 */
export function ContentTab({ Preview }: { Preview?: ContentPreviewPane }) {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  const confirm = useConfirm();
  const { content, files, problems } = state;
  const selected = content.find((meta) => meta.file === state.selection.content) ?? content[0];
  const file = selected ? (files[selected.file] as ContentFileValue | undefined) : undefined;
  const items = useMemo(() => (Array.isArray(file?.items) ? file.items : []), [file]);
  const order = useMemo(() => (selected ? displayOrder(selected, items) : []), [selected, items]);
  const itemIndex = state.selection.content === selected?.file ? (state.selection.item ?? null) : null;
  const item = itemIndex !== null ? items[itemIndex] : undefined;
  const counts = useMemo(() => problemCounts(problems), [problems]);
  const ownProblems = useMemo(
    // In the editor's words, as on the Pages tab (messages.ts); a message that only repeats another is dropped.
    () =>
      selected && itemIndex !== null
        ? itemProblems(problems, selected.file, itemIndex)
            .map((problem) => ({ ...problem, message: plainMessage(problem) }))
            .filter((problem) => problem.message !== '')
        : [],
    [problems, selected, itemIndex],
  );
  const errorSchema = useMemo(() => itemErrorSchema(ownProblems, itemIndex ?? 0) as ErrorSchema, [ownProblems, itemIndex]);

  useEffect(() => {
    performance.mark('editor:content-ready');
  }, []);

  if (!selected) return <p className={styles.panel}>The project has no content files.</p>;
  const path = selected.file;
  const names = productNames(state.files[PAGES_FILE] as PagesConfigValue | undefined);
  const name = itemIndex !== null ? itemLabel(selected, item, names) : '';

  const edit = (recipe: (value: ContentFileValue) => number | null | undefined, label: string, coalesce?: string) => {
    let after: number | null | undefined;
    store.change(
      label,
      (draft) => {
        after = recipe(draft[path] as ContentFileValue);
      },
      { coalesce },
    );
    if (after !== undefined) store.select({ content: path, item: after });
  };
  const add = () => edit((value) => value.items.push(newItem(selected, value.items)) - 1, `add to ${selected.name}`);
  const duplicate = () =>
    itemIndex !== null && edit((value) => value.items.push(duplicateItem(selected, value.items, itemIndex)) - 1, `duplicate ${name}`);
  const move = (by: -1 | 1) => itemIndex !== null && edit((value) => moveItem(selected, value, itemIndex, by), `move ${name}`);
  const remove = async () => {
    if (itemIndex === null) return;
    const ok = await confirm({
      title: `Remove “${name}”?`,
      message: `It is removed from ${selected.name} when you save; Undo brings it back until then.`,
      confirmLabel: 'Remove',
    });
    if (ok) edit((value) => (value.items.splice(itemIndex, 1), null), `remove ${name}`);
  };
  const onChange = (changes: Change[]) => {
    if (itemIndex === null) return;
    store.change(
      `edit ${name}`,
      (draft) => {
        const target = (draft[path] as ContentFileValue).items[itemIndex];
        applyChanges(target, changes);
      },
      { coalesce: `content:${path}:${itemIndex}:${changes.map((change) => change.path.join('.')).join('|')}` },
    );
  };

  return (
    <div className={Preview ? styles.layout : `${styles.layout} ${styles.noPreview}`}>
      <nav className={styles.navColumn} aria-label="Content and items">
        <div className={styles.resources}>
          <ResourceList
            content={content}
            selected={selected}
            files={files}
            counts={counts}
            dirty={state.dirty}
            onChoose={(meta) => store.select({ content: meta.file, item: null })}
          />
        </div>
        <div className={styles.items}>
          <ItemList
            selected={selected}
            items={items}
            order={order}
            itemIndex={itemIndex}
            names={names}
            problems={problems}
            onSelect={(index) => store.select({ content: path, item: index })}
            onAdd={add}
            onDuplicate={duplicate}
            onMove={move}
            onRemove={() => void remove()}
          />
        </div>
      </nav>
      <section className={`${styles.column} ${styles.panel}`} aria-label="Item">
        {item && itemIndex !== null ? (
          <>
            <h2 className={styles.panelTitle}>{name}</h2>
            <Text className={styles.hint}>
              {selected.name}
              {selected.orderBy ? ' · listed on the site in the order shown on the left' : ''}
            </Text>
            {state.draftsRefused && (
              <MessageBar intent="warning">
                <MessageBarBody>The preview shows the last version without problems until these are fixed.</MessageBarBody>
              </MessageBar>
            )}
            <ItemForm key={`${path}#${itemIndex}`} meta={selected} value={item} extraErrors={errorSchema} onChange={onChange} />
            {ownProblems.some((problem) => problem.pointer === `/items/${itemIndex}`) && (
              <ProblemList problems={ownProblems.filter((problem) => problem.pointer === `/items/${itemIndex}`)} />
            )}
          </>
        ) : (
          <>
            <h2 className={styles.panelTitle}>{selected.name}</h2>
            <Text className={styles.hint}>
              {items.length} {items.length === 1 ? 'item' : 'items'}. Pick one on the left to edit it, or add one.
            </Text>
            <Button appearance="primary" onClick={add}>
              Add to {selected.name}
            </Button>
          </>
        )}
      </section>
      {Preview && (
        <section className={`${styles.navColumn} ${styles.preview}`} aria-label="Preview">
          <Preview resource={selected.resource} item={item} />
        </section>
      )}
    </div>
  );
}
