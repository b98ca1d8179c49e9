import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { isObject } from '../../../domain/guards';
import { samplePath } from '../../../domain/sample-path';
import { resolvedPage } from '../core/model';
import { PreviewFrame } from '../core/PreviewFrame';
import { isFromPreview, type ToPreview } from '../preview/protocol';
import { useLatest } from '../core/use-latest';
import { useStore } from '../core/use-store';
import { PAGES_FILE, type PagesConfigValue } from '../core/types';
import { pageForContent } from '../core/content-model';

const WIDTH = 1280;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  url: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  empty: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
});

/**
 * The page beside a content resource (content-model.ts pageForContent), in the preview frame the
 * Pages tab uses: the frame asks the preview's API, whose content is the unsaved content files, and
 * fetches again each time that API has taken a change (the store's contentVersion).
 */
export function ContentPreview({ resource, item }: { resource: string; item: unknown }) {
  const styles = useStyles();
  const store = useStore();
  const frame = useRef<HTMLIFrameElement>(null);
  const [ready, setReady] = useState(false);
  const config = store.state.files[PAGES_FILE] as PagesConfigValue | undefined;
  const short = isObject(config?.site) && isObject(config.site.product) ? String(config.site.product.short ?? '') : '';
  const target = pageForContent(config, resource, item, short);
  const url = target ? (target.url ?? samplePath(target.page, short)) : undefined;
  const pageName = target?.page.name;

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isFromPreview(event.data)) return;
      if (event.data.type === 'ready') setReady(true);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // The page to show, sent again when its name or its address changes (not on every edit: the frame
  // fetches the content again on its own, below), with the config as it is then.
  const shown = useLatest({ target, config });
  useEffect(() => {
    const { target, config } = shown.current;
    if (!ready || !target || !url || !config) return;
    const message: ToPreview = { type: 'render', page: resolvedPage(target.page, config), url, selected: null };
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, [ready, pageName, url, shown]);

  // The preview's API took a change of the unsaved content: the frame fetches again.
  useEffect(() => {
    if (!ready) return;
    let version = store.state.contentVersion;
    return store.subscribe(() => {
      if (store.state.contentVersion === version) return;
      version = store.state.contentVersion;
      const message: ToPreview = { type: 'content' };
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    });
  }, [ready, store]);

  return (
    <>
      <div className={styles.bar}>
        <h2 className={styles.heading}>Preview</h2>
        {url && <Text className={styles.url}>{url}</Text>}
        <Text className={styles.note}>Unsaved changes show here before they are saved.</Text>
      </div>
      <PreviewFrame
        width={WIDTH}
        src={target ? '/editor/preview.html' : undefined}
        title={target ? `Preview of the page ${target.page.name}` : ''}
        frameRef={frame}
        empty={<p className={styles.empty}>No page of the site shows this content directly.</p>}
      />
    </>
  );
}
