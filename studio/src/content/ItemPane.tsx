import { makeStyles, Toolbar, tokens } from '@fluentui/react-components';
import { useContext, useState } from 'react';
import { itemLabel } from '../../../editor/src/core/content-model';
import { useEditor } from '../../../editor/src/core/use-store';
import TEXTS from '../../texts.json';
import { OutcomeBar, type Outcome } from '../ui';
import { RestartContext } from './EditorFrame';
import { ItemHistory, type ItemRef } from './ItemHistory';
import { ItemSchedule } from './ItemSchedule';
import { previewPath } from './preview-path';
import { PreviewPane } from './PreviewPane';

const useStyles = makeStyles({
  tools: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, padding: `0 ${tokens.spacingHorizontalS}` },
});

/** The open item as the history and schedule name it, or undefined when no item with an id is open. */
function useOpenItem(item: unknown): ItemRef | undefined {
  const state = useEditor();
  const meta = state.content.find((entry) => entry.file === state.selection.content) ?? state.content[0];
  const id = (item as { id?: unknown } | undefined)?.id;
  if (!meta || (typeof id !== 'string' && typeof id !== 'number')) return undefined;
  const kind = typeof meta.schema.title === 'string' ? meta.schema.title : '';
  return { file: meta.file, id: String(id), name: itemLabel(meta, item), kind };
}

/**
 * The studio's pane beside an item's form (the Content tab's Preview slot): the open item's tools
 * (its History and Schedule…) above the preview of its page.
 */
export function ItemPane({ resource, item }: { resource: string; item: unknown }) {
  const styles = useStyles();
  const restart = useContext(RestartContext);
  const open = useOpenItem(item);
  const [outcome, setOutcome] = useState<Outcome>();
  return (
    <>
      {open && (
        <Toolbar size="small" className={styles.tools} aria-label={TEXTS.item.tools}>
          <ItemHistory item={open} onOpened={restart} />
          <ItemSchedule key={`${open.file}#${open.id}`} item={open} value={item} onScheduled={setOutcome} />
        </Toolbar>
      )}
      <OutcomeBar outcome={outcome} />
      <PreviewPane path={previewPath(resource, item)} />
    </>
  );
}
