import { makeStyles, Text, tokens } from '@fluentui/react-components';
import { useEffect, useMemo, useRef, useState } from 'react';
import { isObject } from '../../../domain/guards';
import { samplePath } from '../../../domain/sample-path';
import { pageTitle, resolvedPage, sectionTitles } from '../core/model';
import { PreviewFrame, WidthSwitch, type PreviewWidth } from '../core/PreviewFrame';
import { isFromPreview, type ToPreview } from '../preview/protocol';
import { useStore } from '../core/use-store';
import { PAGES_FILE, type PagesConfigValue, type PageValue } from '../core/types';

const WIDTHS: readonly PreviewWidth[] = [
  { label: 'Phone 375', width: 375 },
  { label: 'Tablet 768', width: 768 },
  { label: 'Desktop 1280', width: 1280 },
];

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  url: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, fontSize: tokens.fontSizeBase200 },
});

function storedWidth(): number {
  const stored = Number(localStorage.getItem('editor:preview-width'));
  return WIDTHS.some((option) => option.width === stored) ? stored : 1280;
}

/**
 * The live preview: editor/preview.html in a frame as wide as the chosen device (so the site's media
 * queries apply), scaled down to fit. Every change of the page is posted to it at once; a click on a
 * section in it selects the section here.
 */
export function PreviewPane({ config, page }: { config: PagesConfigValue; page: PageValue }) {
  const styles = useStyles();
  const store = useStore();
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState(storedWidth);
  const [scale, setScale] = useState(1);
  const [ready, setReady] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The frame loads the site's engine: it starts once the editor has painted, not before.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const idle = window.requestIdleCallback?.(() => setMounted(true), { timeout: 300 });
    if (idle !== undefined) return () => window.cancelIdleCallback(idle);
    const timer = setTimeout(() => setMounted(true), 50);
    return () => clearTimeout(timer);
  }, []);

  const short = isObject(config.site) && isObject(config.site.product) ? String(config.site.product.short ?? '') : '';
  const url = useMemo(() => samplePath(page, short), [page, short]);

  // The frame's messages: ready (send the page), a click on a section (select it), a section that failed.
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow || !isFromPreview(event.data)) return;
      const data = event.data;
      if (data.type === 'ready') setReady(true);
      else if (data.type === 'select') store.select({ section: data.index });
      else setError(data.message);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [store]);

  // Each edit reaches the frame straight away (no debounce): posted from the store's change itself,
  // before the editor renders it, so the frame starts on it at once.
  useEffect(() => {
    if (!ready) return;
    let sent: { page?: PageValue; presets?: unknown; selected?: number | null; url?: string } = {};
    const send = () => {
      const state = store.state;
      const current = state.files[PAGES_FILE] as PagesConfigValue | undefined;
      const index = Math.min(state.selection.page, (current?.pages.length ?? 1) - 1);
      const shown = current?.pages[index];
      if (!current || !shown) return;
      const selection = state.selection.section;
      const site = isObject(current.site) && isObject(current.site.product) ? String(current.site.product.short ?? '') : '';
      const address = samplePath(shown, site);
      if (shown === sent.page && current.presets === sent.presets && selection === sent.selected && address === sent.url) return;
      sent = { page: shown, presets: current.presets, selected: selection, url: address };
      const labels = sectionTitles(shown.sections ?? [], current, state.blocks, state.sources);
      const message: ToPreview = { type: 'render', page: resolvedPage(shown, current), url: address, selected: selection, labels };
      frame.current?.contentWindow?.postMessage(message, window.location.origin);
    };
    send();
    return store.subscribe(send);
  }, [ready, store]);

  useEffect(() => setError(null), [page.name]);

  const choose = (next: number) => {
    setWidth(next);
    localStorage.setItem('editor:preview-width', String(next));
  };

  return (
    <>
      <div className={styles.bar}>
        <h2 className={styles.heading}>Preview</h2>
        <WidthSwitch widths={WIDTHS} width={width} onChoose={choose} label="Preview width" subtle />
        <Text className={styles.url}>
          {url}
          {scale < 1 ? ` · ${Math.round(scale * 100)}%` : ''}
        </Text>
        {error && (
          <Text className={styles.error} role="status">
            A section failed to render: {error}
          </Text>
        )}
      </div>
      <PreviewFrame
        width={width}
        src={mounted ? '/editor/preview.html' : undefined}
        title={`Preview of the page ${pageTitle(page)}`}
        frameRef={frame}
        onScale={setScale}
      />
    </>
  );
}
