import { makeStyles, MessageBar, MessageBarBody, Spinner, tokens } from '@fluentui/react-components';
import { createContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { ConfirmProvider } from '../../../editor/src/core/confirm';
import { ErrorBoundary } from '../../../editor/src/core/ErrorBoundary';
import { HostContext } from '../../../editor/src/core/host';
import { NARROW } from '../../../editor/src/core/narrow';
import type { Selection } from '../../../editor/src/core/store-state';
import { EditorStore } from '../../../editor/src/core/store';
import { StoreContext, useEditor, useStore } from '../../../editor/src/core/use-store';
import { fillPlaceholders } from '../../../domain/text';
import { OutcomeBar, type Outcome } from '../ui';
import { EditLock } from './EditLock';
import { studioEditorApi, studioEditorHost, type LoadedRelease, type SaveRefusal } from './editor-host';
import { PublishBar } from './PublishBar';
import { useAutosave } from './useAutosave';

const useStyles = makeStyles({
  // The editor's columns scroll on their own: the screen takes the window's height below the header.
  screen: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    height: 'calc(100vh - 96px)',
    minHeight: '520px',
    // Narrow: the columns stack (the tab's NARROW rules) and the page scrolls.
    [NARROW]: { height: 'auto' },
  },
  center: { margin: 'auto' },
});

/** Starts the screen's editor again (after the draft changed on the server), with an outcome to show. */
export const RestartContext = createContext<(outcome?: Outcome) => void>(() => undefined);

/** A studio editor screen's words: its name (for a failure of the tab) and its loading and failed states. */
export interface FrameTexts {
  title: string;
  loading: string;
  /** With `{message}`: why the project did not load. */
  failed: string;
}

/**
 * A studio screen around a tab of the site's editor (the same components as `npm run edit`) on
 * the studio's editor API: the person's draft loaded and saved as they type (autosave), the publish
 * bar that makes the draft, whatever tabs it spans, the next release, the edit lock and a save's
 * refusal, the outcome of the last step, and the loading and failed states. Publishing, discarding
 * or a restart asked by the tab (RestartContext) starts the editor again on the release the site shows.
 */
export function StudioEditorFrame({ tab, texts, children }: { tab: Selection['tab']; texts: FrameTexts; children: ReactNode }) {
  const [generation, setGeneration] = useState(0);
  const [outcome, setOutcome] = useState<Outcome>();
  const restart = (next?: Outcome) => {
    setOutcome(next);
    setGeneration((value) => value + 1);
  };
  return (
    <FrameEditor key={generation} tab={tab} texts={texts} outcome={outcome} onRestart={restart}>
      {children}
    </FrameEditor>
  );
}

interface EditorProps {
  texts: FrameTexts;
  onRestart: (outcome?: Outcome) => void;
  children: ReactNode;
}

function FrameEditor({ tab, outcome, ...props }: EditorProps & { tab: Selection['tab']; outcome?: Outcome }) {
  const styles = useStyles();
  const [loaded, setLoaded] = useState<LoadedRelease>();
  const [refusal, setRefusal] = useState<SaveRefusal>();
  // The unsaved files go to the preview at once (no pause: the API keeps one send in flight).
  const [store] = useState(() => new EditorStore(studioEditorApi(setLoaded, setRefusal), 0));
  const [host] = useState(studioEditorHost);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    store.select({ tab });
    void store.load();
  }, [store, tab]);
  useAutosave(store);

  return (
    <HostContext.Provider value={host}>
      <StoreContext.Provider value={store}>
        <ConfirmProvider>
          <div className={styles.screen}>
            <OutcomeBar outcome={outcome} />
            <Editor loaded={loaded} refusal={refusal} {...props} />
          </div>
        </ConfirmProvider>
      </StoreContext.Provider>
    </HostContext.Provider>
  );
}

function Editor({ loaded, refusal, texts, onRestart, children }: EditorProps & { loaded?: LoadedRelease; refusal?: SaveRefusal }) {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  if (state.status === 'loading') return <Spinner className={styles.center} label={texts.loading} />;
  if (state.status === 'failed' || !loaded)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{fillPlaceholders(texts.failed, { message: state.loadError ?? '' })}</MessageBarBody>
      </MessageBar>
    );
  return (
    <>
      <PublishBar loaded={loaded} onRestart={onRestart} />
      <EditLock store={store} refusal={refusal} onReload={() => onRestart()} />
      <ErrorBoundary what={texts.title}>
        <RestartContext.Provider value={onRestart}>{children}</RestartContext.Provider>
      </ErrorBoundary>
    </>
  );
}
