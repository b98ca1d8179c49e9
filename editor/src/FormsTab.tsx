import { makeStyles, mergeClasses, Spinner, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import type { FormFile } from './forms/types';
import { ErrorBoundary } from './core/ErrorBoundary';
import { NARROW } from './core/narrow';
import { useListStyles } from './core/list-styles';
import { formPaths, formTitle, formUses, formUseWords, shownForm } from './core/form-paths';
import { PAGES_FILE, type PagesConfigValue } from './core/types';
import { useEditor, useStore } from './core/use-store';

/** The form file editor (editor/src/forms/, the forms UI): loaded with the Forms tab. */
const FormEditor = lazy(() => import('./forms/FormEditor').then((module) => ({ default: module.FormEditor })));

const useStyles = makeStyles({
  layout: {
    flex: '1 1 auto',
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 260px) 1fr',
    gap: '1px',
    backgroundColor: tokens.colorNeutralStroke2,
    // Narrow: the list of forms above the form, one column as tall as its content; the page scrolls.
    [NARROW]: { flex: 'none', gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  nav: {
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    [NARROW]: { maxHeight: '40vh', overflowY: 'auto' },
  },
  editor: {
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    padding: tokens.spacingHorizontalL,
    [NARROW]: { overflowY: 'visible', padding: tokens.spacingHorizontalS },
  },
  problem: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
  unsaved: { color: tokens.colorPaletteDarkOrangeForeground1 },
  where: { fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
});

/** The Forms tab: the form files of forms/ and the selected one in the form editor. */
export function FormsTab() {
  const styles = useStyles();
  const list = useListStyles();
  const store = useStore();
  const { files, selection, problems, fragments, dirty, blocks } = useEditor();
  const paths = useMemo(() => formPaths(files), [files]);
  const config = files[PAGES_FILE] as PagesConfigValue | undefined;
  const uses = useMemo(() => formUses(config, blocks), [config, blocks]);
  const path = shownForm(paths, selection.form);
  const fileProblems = useMemo(() => problems.filter((problem) => problem.file === path), [problems, path]);
  const onChange = useCallback(
    (recipe: (draft: FormFile) => void) => {
      if (path) store.change(`Edit ${path}`, (draft) => recipe(draft[path] as FormFile));
    },
    [store, path],
  );

  return (
    <div className={styles.layout}>
      <nav className={styles.nav} aria-label="Form files">
        <h2 className={list.heading} id="forms-heading">
          Forms
        </h2>
        <ul className={list.list} aria-labelledby="forms-heading">
          {paths.map((file) => {
            const count = problems.filter((problem) => problem.file === file).length;
            return (
              <li key={file}>
                <button
                  type="button"
                  className={mergeClasses(list.item, file === path && list.current)}
                  aria-current={file === path ? 'true' : undefined}
                  onClick={() => store.select({ form: file })}
                >
                  <span className={list.name}>
                    {formTitle(file)}
                    {dirty.includes(file) && (
                      <span className={styles.unsaved} aria-label="unsaved">
                        ●
                      </span>
                    )}
                  </span>
                  <span className={styles.where}>{formUseWords(uses.get(file))}</span>
                  {count > 0 && (
                    <span className={styles.problem}>
                      ⚠ {count} {count === 1 ? 'problem' : 'problems'}
                    </span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <section className={styles.editor} aria-label={path ? `Form: ${formTitle(path)}` : 'Form'}>
        {path ? (
          <ErrorBoundary key={path} what={`The form editor of ${path}`}>
            <Suspense fallback={<Spinner label="Loading the form editor…" />}>
              <FormEditor
                key={path}
                path={path}
                value={files[path] as FormFile}
                fragments={fragments}
                problems={fileProblems}
                onChange={onChange}
              />
            </Suspense>
          </ErrorBoundary>
        ) : (
          <p>There are no form files in forms/.</p>
        )}
      </section>
    </div>
  );
}
