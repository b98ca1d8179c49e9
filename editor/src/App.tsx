import { makeStyles, MessageBar, MessageBarBody, MessageBarTitle, Spinner, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect } from 'react';
import { Banners } from './core/Banners';
import { ConfirmProvider } from './core/confirm';
import { ErrorBoundary } from './core/ErrorBoundary';
import { NARROW } from './core/narrow';
import { PagesTab } from './pages/PagesTab';
import { PreviewPane } from './pages/PreviewPane';
import { useEditor, useStore } from './core/use-store';
import { TopBar } from './TopBar';

const FormsTab = lazy(() => import('./DevFormsTab').then((module) => ({ default: module.DevFormsTab })));
const ContentTab = lazy(() => import('./content/ContentWithPreview').then((module) => ({ default: module.ContentWithPreview })));

const useStyles = makeStyles({
  app: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1,
  },
  // Narrow: the Content tab's columns stack and this area scrolls (NARROW).
  main: { flex: '1 1 auto', minHeight: 0, display: 'flex', flexDirection: 'column', [NARROW]: { overflowY: 'auto' } },
  center: { margin: 'auto' },
  failed: { margin: tokens.spacingVerticalXXL },
});

/** Whether a key press happens in a dialog (its fields keep their own Ctrl+Z). */
function inDialog(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Ctrl/Cmd+Z undo, Ctrl/Cmd+Shift+Z and Ctrl+Y redo, Ctrl/Cmd+S save. */
function useShortcuts() {
  const store = useStore();
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || inDialog(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) store.undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && event.ctrlKey && !event.shiftKey)) store.redo();
      else if (key === 's' && !event.shiftKey) void store.save();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [store]);
}

export function App() {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  useShortcuts();
  useEffect(() => store.startPolling(), [store]);
  const unsaved = state.dirty.length > 0;
  useEffect(() => {
    if (state.status === 'ready') performance.mark('editor:ready');
  }, [state.status]);
  useEffect(() => {
    if (!unsaved) return;
    const onLeave = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onLeave);
    return () => window.removeEventListener('beforeunload', onLeave);
  }, [unsaved]);

  return (
    <ConfirmProvider>
      <div className={styles.app}>
        <TopBar />
        <Banners />
        <main className={styles.main} id="editor-main">
          {state.status === 'loading' && <Spinner className={styles.center} label="Loading the project…" />}
          {state.status === 'failed' && (
            <MessageBar intent="error" className={styles.failed}>
              <MessageBarBody>
                <MessageBarTitle>The project could not be loaded</MessageBarTitle>
                {state.loadError}
              </MessageBarBody>
            </MessageBar>
          )}
          {state.status === 'ready' && (
            <div role="tabpanel" id={`panel-${state.selection.tab}`} aria-labelledby={`tab-${state.selection.tab}`} className={styles.main}>
              {state.selection.tab === 'pages' ? (
                <PagesTab Preview={PreviewPane} />
              ) : state.selection.tab === 'content' ? (
                <ErrorBoundary what="The Content tab">
                  <Suspense fallback={<Spinner className={styles.center} label="Loading the content editor…" />}>
                    <ContentTab />
                  </Suspense>
                </ErrorBoundary>
              ) : (
                <ErrorBoundary what="The Forms tab">
                  <Suspense fallback={<Spinner className={styles.center} label="Loading the forms editor…" />}>
                    <FormsTab />
                  </Suspense>
                </ErrorBoundary>
              )}
            </div>
          )}
        </main>
      </div>
    </ConfirmProvider>
  );
}
