import {
  Button,
  Link,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  MessageBarTitle,
  tokens,
} from '@fluentui/react-components';
import { parsePointer } from '../../../domain/json-pointer';
import { useConfirm } from './confirm';
import { fileTitle, problemPlace } from './field-words';
import { humanize } from './json';
import { plainMessage } from './messages';
import { type EditorStore } from './store';
import { useEditor, useStore } from './use-store';
import { isContentPath, PAGES_FILE, type Diagnostic } from './types';

const useStyles = makeStyles({
  banners: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: `0 ${tokens.spacingHorizontalL}` },
  first: { marginTop: tokens.spacingVerticalS },
  list: { margin: `${tokens.spacingVerticalXS} 0 0`, paddingLeft: tokens.spacingHorizontalXL, maxHeight: '9em', overflowY: 'auto' },
  code: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, textAlign: 'left' },
  item: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalS, alignItems: 'baseline' },
});

/** Selects what a problem of pages.config.json points at (its page and section), or the form file it is in. */
export function revealProblem(store: EditorStore, problem: Diagnostic): void {
  if (problem.file.startsWith('forms/')) {
    store.select({ tab: 'forms', form: problem.file });
    return;
  }
  if (isContentPath(problem.file)) {
    const [top, item] = parsePointer(problem.pointer);
    store.select({ tab: 'content', content: problem.file, item: top === 'items' && item !== undefined ? Number(item) : null });
    return;
  }
  if (problem.file !== PAGES_FILE) return;
  const [top, page, sections, section] = parsePointer(problem.pointer);
  if (top !== 'pages' || page === undefined) return;
  store.select({ tab: 'pages', page: Number(page), section: sections === 'sections' && section !== undefined ? Number(section) : null });
}

/** Problems as a list; each links to what it points at. With `relativeTo`, pointers are shown relative to it. */
/** A pointer inside a section as the fields' names: '/props/texts/title' -> 'Texts › Title' (a list's entry by its number). */
function fieldPath(pointer: string): string {
  return parsePointer(pointer)
    .filter((token, index) => !(index === 0 && token === 'props'))
    .map((token) => (/^\d+$/.test(token) ? `entry ${Number(token) + 1}` : humanize(token)))
    .join(' › ');
}

export function ProblemList({ problems, relativeTo }: { problems: readonly Diagnostic[]; relativeTo?: string }) {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  return (
    <ul className={styles.list}>
      {problems.map((problem, i) => {
        const where =
          relativeTo !== undefined && problem.pointer.startsWith(relativeTo)
            ? fieldPath(problem.pointer.slice(relativeTo.length)) || 'This section'
            : problemPlace(problem, state);
        return (
          <li key={i} className={styles.item}>
            <Link as="button" className={styles.code} onClick={() => revealProblem(store, problem)}>
              {where}
            </Link>
            <span>{plainMessage(problem) || problem.message}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The messages under the top bar: files changed on disk, and what a save said. */
export function Banners() {
  const styles = useStyles();
  const store = useStore();
  const state = useEditor();
  const confirm = useConfirm();
  const { conflicts, save, dirty } = state;

  const reload = async (path: string) => {
    if (dirty.includes(path)) {
      const ok = await confirm({
        title: `Reload ${fileTitle(path, state)}?`,
        message: `${fileTitle(path, state)} changed on disk. Reloading it discards your unsaved changes to it (and their undo steps).`,
        confirmLabel: 'Discard my changes and reload',
      });
      if (!ok) return;
    }
    await store.reload(path);
  };

  const hasSaveMessage = save.status === 'invalid' || save.status === 'failed' || save.status === 'conflict';
  if (conflicts.length === 0 && !hasSaveMessage && !state.checkError) return null;
  return (
    <div className={`${styles.banners} ${styles.first}`}>
      {conflicts.map((path) => (
        <MessageBar key={path} intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>{fileTitle(path, state)} changed on disk</MessageBarTitle>
            {dirty.includes(path)
              ? 'You have unsaved changes to it: saving is refused until you reload it.'
              : 'Reload it to edit what is on disk.'}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void reload(path)}>Reload</Button>
          </MessageBarActions>
        </MessageBar>
      ))}
      {save.status === 'invalid' && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>
              Not saved: {save.problems.length} {save.problems.length === 1 ? 'problem' : 'problems'}
            </MessageBarTitle>
            <ProblemList problems={save.problems} />
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => store.dismissSaveMessage()}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {(save.status === 'failed' || save.status === 'conflict') && (
        <MessageBar intent="error">
          <MessageBarBody>
            <MessageBarTitle>Not saved</MessageBarTitle>
            {save.message}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => store.dismissSaveMessage()}>Dismiss</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.checkError && (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>The check failed</MessageBarTitle>
            {state.checkError}
          </MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}
