import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  SearchBox,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { blockDescription, blockTitle, newSection, sourceUse } from '../core/model';
import type { BlockMeta, SectionValue } from '../core/types';

const useStyles = makeStyles({
  surface: { maxWidth: '720px', width: '90vw' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))',
    gap: tokens.spacingHorizontalS,
    maxHeight: '55vh',
    overflowY: 'auto',
  },
  card: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    width: '100%',
    height: '100%',
    padding: tokens.spacingHorizontalM,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    textAlign: 'left',
    font: 'inherit',
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, outline: `1px solid ${tokens.colorBrandStroke1}` },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: '1px' },
  },
  title: { fontWeight: tokens.fontWeightSemibold },
  type: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  description: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground2 },
});

/** Every block type (title and description of its schema) to add a section of. */
export function BlockPalette({
  blocks,
  onPick,
  onClose,
}: {
  blocks: readonly BlockMeta[];
  onPick: (section: SectionValue) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
    return blocks.filter((block) => {
      const text = `${block.type} ${blockTitle(block, block.type)} ${blockDescription(block) ?? ''}`.toLowerCase();
      return words.every((word) => text.includes(word));
    });
  }, [blocks, filter]);
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>Add a section</DialogTitle>
          <DialogContent className={styles.content}>
            <Field label="Filter the blocks">
              <SearchBox value={filter} onChange={(_, data) => setFilter(data.value)} />
            </Field>
            <ul className={styles.grid} aria-label="Blocks">
              {shown.map((block) => (
                <li key={block.type}>
                  <button
                    type="button"
                    className={styles.card}
                    onClick={() => {
                      onPick(newSection(block));
                      onClose();
                    }}
                  >
                    <span className={styles.title}>{blockTitle(block, block.type)}</span>
                    <span className={styles.description}>{blockDescription(block)}</span>
                    {sourceUse(block) === 'required' && <span className={styles.type}>Shows content you choose</span>}
                  </button>
                </li>
              ))}
              {shown.length === 0 && <li>No block matches.</li>}
            </ul>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
