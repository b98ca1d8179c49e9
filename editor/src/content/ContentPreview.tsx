import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isObject } from '../../../domain/guards';
import { samplePath } from '../../../scripts/lib/routes';
import { resolvedPage } from '../core/model';
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
  stage: { flex: '1 1 auto', minHeight: 0, overflow: 'hidden', position: 'relative', backgroundColor: tokens.colorNeutralBackground3 },
  empty: { padding: tokens.spacingHorizontalL, color: tokens.colorNeutralForeground3 },
  frame: {
    position: 'absolute',
    top: 0,
    left: '50%',
    border: 'none',
    backgroundColor: '#fff',
    boxShadow: tokens.shadow4,
    transformOrigin: 'top center',
  },
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
  const stage = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [box, setBox] = useState({ width: 0, height: 0 });
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

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = box.width > 0 ? Math.min(1, (box.width - 16) / WIDTH) : 1;
  return (
    <>
      <div className={styles.bar}>
        <h2 className={styles.heading}>Preview</h2>
        {url && <Text className={styles.url}>{url}</Text>}
        <Text className={styles.note}>Unsaved changes show here before they are saved.</Text>
      </div>
      <div className={styles.stage} ref={stage}>
        {target ? (
          <iframe
            ref={frame}
            title={`Preview of the page ${target.page.name}`}
            src="/editor/preview.html"
            className={styles.frame}
            style={{ width: `${WIDTH}px`, height: `${box.height / scale}px`, transform: `translateX(-50%) scale(${scale})` }}
          />
        ) : (
          <p className={styles.empty}>No page of the site shows this content directly.</p>
        )}
      </div>
    </>
  );
}
