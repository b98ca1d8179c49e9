import { Text } from '@fluentui/react-components';
import { isWithin } from '../../../domain/json-pointer';
import { ProblemList } from '../core/Banners';
import { pageFieldErrors, pageTitle, relativePointer } from '../core/model';
import { plainMessage } from '../core/messages';
import { useEditor, useStore } from '../core/use-store';
import { PAGES_FILE, type PagesConfigValue, type PageValue } from '../core/types';
import { DraftField } from './DraftField';
import { usePanelStyles } from './panel-styles';

/** The selected page's own settings (when no section is selected): name, path, title, description. */
export function PageSettings({ config, pageIndex, page }: { config: PagesConfigValue; pageIndex: number; page: PageValue }) {
  const styles = usePanelStyles();
  const store = useStore();
  const { problems } = useEditor();
  const prefix = `/pages/${pageIndex}`;
  const own = problems.filter(
    (problem) => problem.file === PAGES_FILE && isWithin(problem.pointer, prefix) && !problem.pointer.startsWith(`${prefix}/sections/`),
  );
  const errorOf = (key: string) =>
    own
      .filter((problem) => relativePointer(problem, prefix) === key)
      .map(plainMessage)
      .join(' ') || undefined;
  const set = (key: 'name' | 'path' | 'title' | 'description', value: string) =>
    store.changePages(
      `Edit the ${key} of ${pageTitle(page)}`,
      (draft) => {
        const target = draft.pages[pageIndex];
        if (value === '' && key !== 'name' && key !== 'path') delete target[key];
        else target[key] = value;
      },
      { coalesce: `page:${pageIndex}:${key}` },
    );
  return (
    <div className={styles.panel} key={pageIndex}>
      <h2 className={styles.heading}>Page: {pageTitle(page)}</h2>
      <p className={styles.sub}>Select a section in the outline or in the preview to edit it.</p>
      {own.length > 0 && <ProblemList problems={own} relativeTo={prefix} />}
      <div className={styles.fields}>
        <DraftField
          label="Name"
          hint="How the site knows the page: a capital letter, then letters and digits (such as ShopFaq)."
          value={page.name}
          error={errorOf('name')}
          onCommit={(value) => set('name', value)}
          validate={(name) => pageFieldErrors(config.pages, { name, path: page.path }, pageIndex).name}
        />
        <DraftField
          label="Path"
          value={page.path}
          error={errorOf('path')}
          hint="The page's address on the site, starting with '/'. A part written as ':name' is filled from the address (such as a shop's slug); {short} is the product's short name."
          onCommit={(value) => set('path', value)}
          validate={(path) => pageFieldErrors(config.pages, { name: page.name, path }, pageIndex).path}
        />
        <DraftField
          label="Title"
          hint="Shown in the browser's tab and in search results; {product} and {short} are the product's names."
          value={page.title ?? ''}
          error={errorOf('title')}
          onCommit={(value) => set('title', value)}
        />
        <DraftField
          label="Description"
          value={page.description ?? ''}
          error={errorOf('description')}
          multiline
          hint="The summary search engines and shared links show (the site's own when left empty)."
          onCommit={(value) => set('description', value)}
        />
      </div>
      {page.owner && <Text>This page belongs to a partner's shop, found from its address.</Text>}
    </div>
  );
}
