import { makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { ContentTab } from '../../../editor/src/content/ContentTab';
import { ConfirmProvider } from '../../../editor/src/core/confirm';
import { ErrorBoundary } from '../../../editor/src/core/ErrorBoundary';
import { HostContext } from '../../../editor/src/core/host';
import { NARROW } from '../../../editor/src/core/narrow';
import { EditorStore } from '../../../editor/src/core/store';
import { StoreContext, useEditor, useStore } from '../../../editor/src/core/use-store';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { OutcomeBar, type Outcome } from '../ui';
import { EditLock } from './EditLock';
import { studioEditorApi, studioEditorHost, type LoadedRelease, type SaveRefusal } from './editor-host';
import { ItemPane, RestartContext } from './ItemPane';
import { PublishBar } from './PublishBar';
import { useAutosave } from './useAutosave';

const T = TEXTS.content;

const useStyles = makeStyles({
  // The editor's columns scroll on their own: the screen takes the window's height below the header.
  screen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    height: 'calc(100vh - 96px)',
    minHeight: '520px',
    // Narrow: the columns stack (ContentTab) and the page scrolls.
    [NARROW]: { height: 'auto' },
  },
  center: { margin: 'auto' },
});

/**
 * `/content`: the Content tab of the site's editor (editor/src, the same components as `npm run
 * edit`), on the studio's editor API, with the item's history, its scheduling and its page in the
 * production preview beside its form (ItemPane, the tab's Preview slot) and the item's edit lock above it. Changes are saved into the person's draft as they type; the
 * publish bar makes the draft the next release. Publishing or discarding starts the editor again on
 * the release the site shows.
 */
export function ContentScreen() {
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const restart = (next?: Outcome) => {
    setOutcome(next);
    setGeneration((value) => value + 1);
  };
  return <ContentEditor key={generation} outcome={outcome} onRestart={restart} />;
}

function ContentEditor({ outcome, onRestart }: { outcome?: Outcome; onRestart: (outcome?: Outcome) => void }) {
  const styles = useStyles();
  const [loaded, setLoaded] = useState<LoadedRelease>();
  const [refusal, setRefusal] = useState<SaveRefusal>();
  // The unsaved content goes to the preview at once (no pause: the API keeps one send in flight).
  const [store] = useState(() => new EditorStore(studioEditorApi(setLoaded, setRefusal), 0));
  const [host] = useState(studioEditorHost);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    store.select({ tab: 'content' });
    void store.load();
  }, [store]);
  useAutosave(store);

  return (
    <HostContext.Provider value={host}>
      <StoreContext.Provider value={store}>
        <ConfirmProvider>
          <div className={styles.screen}>
            <OutcomeBar outcome={outcome} />
            <Editor loaded={loaded} refusal={refusal} onRestart={onRestart} />
          </div>
        </ConfirmProvider>
      </StoreContext.Provider>
    </HostContext.Provider>
  );
}

function Editor({ loaded, refusal, onRestart }: { loaded?: LoadedRelease; refusal?: SaveRefusal; onRestart: (outcome?: Outcome) => void }) {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  if (state.status === 'loading') return <Spinner className={styles.center} label={T.loading} />;
  if (state.status === 'failed' || !loaded)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{fillPlaceholders(T.failed, { message: state.loadError ?? '' })}</MessageBarBody>
      </MessageBar>
    );
  return (
    <>
      <PublishBar loaded={loaded} onRestart={onRestart} />
      <EditLock store={store} refusal={refusal} onReload={() => onRestart()} />
      <ErrorBoundary what={T.title}>
        <RestartContext.Provider value={onRestart}>
          <ContentTab Preview={ItemPane} />
        </RestartContext.Provider>
      </ErrorBoundary>
    </>
  );
}
