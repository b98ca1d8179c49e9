import { Button, makeStyles, Spinner, Tab, TabList, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Publish } from './Publish';
import { type Tab as EditorTab } from './core/store-state';
import { useEditor, useStore } from './core/use-store';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalL,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  spacer: { flex: '1 1 auto' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, color: tokens.colorNeutralForeground2 },
  unsaved: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: tokens.fontWeightSemibold },
  problems: { color: tokens.colorPaletteRedForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const mod = isMac ? '⌘' : 'Ctrl+';

/** The top bar: the tabs, what is unsaved and the gate's verdict, what is saved but not published, undo, redo and save. */
export function TopBar() {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  const { dirty, past, future, problems, checking, save } = state;
  const undo = past[past.length - 1];
  const redo = future[future.length - 1];
  const saving = save.status === 'saving';
  const problemCount = problems.length;
  return (
    <header className={styles.bar}>
      <h1 className={styles.title}>Site editor</h1>
      <TabList
        selectedValue={state.selection.tab}
        onTabSelect={(_, data) => store.select({ tab: data.value as EditorTab })}
        aria-label="What to edit"
      >
        <Tab value="pages" id="tab-pages" aria-controls="panel-pages">
          Pages
        </Tab>
        <Tab value="forms" id="tab-forms" aria-controls="panel-forms">
          Forms
        </Tab>
        <Tab value="content" id="tab-content" aria-controls="panel-content">
          Content
        </Tab>
      </TabList>
      <div className={styles.spacer} />
      <div className={styles.status} role="status" aria-live="polite">
        {checking && <Spinner size="extra-tiny" label="Checking" labelPosition="after" />}
        {!checking && state.status === 'ready' && (
          <Text className={problemCount > 0 ? styles.problems : undefined}>
            {problemCount === 0 ? 'No problems' : `${problemCount} ${problemCount === 1 ? 'problem' : 'problems'}`}
          </Text>
        )}
        {dirty.length > 0 ? (
          <Text className={styles.unsaved} title={dirty.join(', ')}>
            ● {dirty.length} {dirty.length === 1 ? 'file' : 'files'} unsaved
          </Text>
        ) : (
          state.status === 'ready' && <Text>{save.status === 'saved' ? 'Saved' : 'No unsaved changes'}</Text>
        )}
      </div>
      <Publish />
      <div className={styles.actions}>
        <Tooltip content={`${undo ? `Undo ${undo.label}` : 'Nothing to undo'} (${mod}Z)`} relationship="description">
          <Button disabled={!undo} onClick={() => store.undo()} aria-keyshortcuts={isMac ? 'Meta+Z' : 'Control+Z'}>
            Undo
          </Button>
        </Tooltip>
        <Tooltip content={`${redo ? `Redo ${redo.label}` : 'Nothing to redo'} (${mod}Shift+Z)`} relationship="description">
          <Button disabled={!redo} onClick={() => store.redo()} aria-keyshortcuts={isMac ? 'Meta+Shift+Z' : 'Control+Shift+Z Control+Y'}>
            Redo
          </Button>
        </Tooltip>
        <Button
          appearance="primary"
          disabled={dirty.length === 0 || saving}
          onClick={() => void store.save()}
          aria-keyshortcuts={isMac ? 'Meta+S' : 'Control+S'}
        >
          {saving ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </header>
  );
}
