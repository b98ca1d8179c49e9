import { makeStyles, tokens } from '@fluentui/react-components';
import { useDeferredValue, useEffect, useRef, type ComponentType } from 'react';
import { NARROW } from '../core/narrow';
import { useEditor } from '../core/use-store';
import { PAGES_FILE, type PagesConfigValue, type PageValue } from '../core/types';
import { PageList } from './PageList';
import { PageSettings } from './PageSettings';
import { SectionOutline } from './SectionOutline';
import { SectionPanel } from './SectionPanel';

const useStyles = makeStyles({
  layout: {
    flex: '1 1 auto',
    minHeight: 0,
    display: 'grid',
    gridTemplateColumns: 'minmax(260px, 330px) minmax(340px, 460px) minmax(320px, 1fr)',
    gap: '1px',
    backgroundColor: tokens.colorNeutralStroke2,
    // Narrow: one column as tall as its content; the page scrolls (NARROW).
    [NARROW]: { flex: 'none', gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: {
    minWidth: 0,
    minHeight: 0,
    overflowY: 'auto',
    backgroundColor: tokens.colorNeutralBackground1,
    [NARROW]: { overflowY: 'visible' },
  },
  navColumn: {
    minWidth: 0,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // Narrow: each list keeps a screenful at most and scrolls inside, so the properties stay a swipe away.
  pages: {
    flex: '0 1 40%',
    minHeight: '140px',
    display: 'flex',
    flexDirection: 'column',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    [NARROW]: { flex: 'none', maxHeight: '40vh' },
  },
  sections: { flex: '1 1 60%', minHeight: 0, display: 'flex', flexDirection: 'column', [NARROW]: { flex: 'none', maxHeight: '50vh' } },
  // Narrow: the preview stacks under the properties, its frame scaled to the column and most of a screen tall.
  preview: { [NARROW]: { height: '75vh', minHeight: '420px' } },
  panel: { padding: tokens.spacingHorizontalL },
});

/** What shows the selected page beside its properties: `npm run edit`'s PreviewPane, the studio's PagePreview. */
export type PagePreviewPane = ComponentType<{ config: PagesConfigValue; page: PageValue }>;

/**
 * The Pages tab: pages and the selected page's sections, the selected section's (or page's)
 * properties, the live preview of the page: the host's `Preview` (`npm run edit`'s own frame of
 * editor/preview.html, the studio's production preview), so neither host ships the other's.
 */
export function PagesTab({ Preview }: { Preview: PagePreviewPane }) {
  const styles = useStyles();
  const state = useEditor();
  const config = state.files[PAGES_FILE] as PagesConfigValue | undefined;
  const pageIndex = Math.max(0, Math.min(state.selection.page, (config?.pages.length ?? 1) - 1));
  const sectionIndex = state.selection.section;
  // Another section opens at the top of its properties.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => {
    panel.current?.scrollTo({ top: 0 });
  }, [pageIndex, sectionIndex]);
  // The lists render an edit after the panel and the preview have it (a background render React
  // interrupts for the frame's message).
  const listed = useDeferredValue(config);
  const problems = useDeferredValue(state.problems);
  if (!config || !listed) return <p>pages.config.json is missing.</p>;
  const listedPage = listed.pages[Math.min(pageIndex, listed.pages.length - 1)];
  const page = config.pages[pageIndex];
  const section = page && sectionIndex !== null ? page.sections?.[sectionIndex] : undefined;
  return (
    <div className={styles.layout}>
      <nav className={styles.navColumn} aria-label="Pages and sections">
        <div className={styles.pages}>
          <PageList config={listed} selected={pageIndex} problems={problems} />
        </div>
        <div className={styles.sections}>
          {listedPage && <SectionOutline config={listed} pageIndex={pageIndex} page={listedPage} selected={sectionIndex} />}
        </div>
      </nav>
      <section ref={panel} className={`${styles.column} ${styles.panel}`} aria-label={section ? 'Section properties' : 'Page properties'}>
        {page && section && sectionIndex !== null ? (
          <SectionPanel config={config} pageIndex={pageIndex} sectionIndex={sectionIndex} section={section} />
        ) : (
          page && <PageSettings config={config} pageIndex={pageIndex} page={page} />
        )}
      </section>
      <section className={`${styles.navColumn} ${styles.preview}`} aria-label="Preview">
        {page && <Preview config={config} page={page} />}
      </section>
    </div>
  );
}
