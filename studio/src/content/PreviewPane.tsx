import { Input, makeStyles, MessageBar, MessageBarBody, Text, ToggleButton, Toolbar, tokens } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { isoFromManila } from '../../../editor/src/content/widgets/DateTimeWidget';
import { useStore } from '../../../editor/src/core/use-store';
import { REFRESH_MESSAGE } from '../../../domain/preview-messages';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { failureText } from '../ui';
import { previewPath } from './preview-path';
import { previewLink, type PreviewLink } from './releases';

const T = TEXTS.content;

/** The preview's widths: the site's responsive page at a phone's, a tablet's and a desktop's. */
export const DEVICES = { phone: 390, tablet: 768, desktop: 1280 } as const;
type Device = keyof typeof DEVICES;

/** A new preview URL is asked for this long before the one shown expires. */
const RENEW_BEFORE_MS = 60_000;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    flexWrap: 'wrap',
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold },
  note: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200, flexBasis: '100%' },
  asOf: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase200 },
  stage: { flex: '1 1 auto', minHeight: 0, overflow: 'hidden', position: 'relative', backgroundColor: tokens.colorNeutralBackground3 },
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
 * The item's page as the site will show it with the person's draft: the production preview
 * (POST /api/studio/editor/preview) framed at a phone's, tablet's or desktop's width, scaled to the
 * column. Each change, saved or not, updates the frame's page in place (no reload), and a new URL is
 * asked for before one expires. "As of" (Manila time, empty: now) shows the site at a date to come,
 * with the changes scheduled by then.
 */
export function PreviewPane({ resource, item }: { resource: string; item: unknown }) {
  const styles = useStyles();
  const store = useStore();
  const path = previewPath(resource, item);
  const [device, setDevice] = useState<Device>('desktop');
  const [link, setLink] = useState<PreviewLink & { path: string }>();
  const [failure, setFailure] = useState<string>();
  const [renewals, setRenewals] = useState(0);
  const [asOfTyped, setAsOfTyped] = useState('');
  const asOf = isoFromManila(asOfTyped);
  const frame = useRef<HTMLIFrameElement>(null);
  const stage = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });

  // A URL for the page, and a new one before it expires.
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    previewLink(path, asOf).then(
      (answer) => {
        if (cancelled) return;
        setFailure(undefined);
        setLink({ ...answer, path });
        const renewIn = Date.parse(answer.expiresAt) - Date.now() - RENEW_BEFORE_MS;
        timer = setTimeout(() => setRenewals((value) => value + 1), Math.max(renewIn, 5_000));
      },
      (error: unknown) => !cancelled && setFailure(failureText(error)),
    );
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [path, asOf, renewals]);

  // Each change the preview has taken (contentVersion): the frame's page brings itself up to date in
  // place (server/preview/live-script.ts), told by a message to the site's origin only.
  useEffect(() => {
    let was = store.state.contentVersion;
    return store.subscribe(() => {
      const version = store.state.contentVersion;
      if (version === was) return;
      was = version;
      const shown = frame.current;
      if (shown?.src) shown.contentWindow?.postMessage({ type: REFRESH_MESSAGE, version }, new URL(shown.src).origin);
    });
  }, [store]);

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const width = DEVICES[device];
  const scale = box.width > 0 ? Math.min(1, (box.width - 16) / width) : 1;
  return (
    <>
      <div className={styles.bar}>
        <h2 className={styles.heading}>{T.previewTitle}</h2>
        <Toolbar aria-label={T.previewDevices} size="small">
          {(Object.keys(DEVICES) as Device[]).map((name) => (
            <ToggleButton key={name} size="small" checked={device === name} onClick={() => setDevice(name)}>
              {T.devices[name]}
            </ToggleButton>
          ))}
        </Toolbar>
        <label className={styles.asOf}>
          {T.previewAsOf}
          <Input
            type="datetime-local"
            size="small"
            value={asOfTyped}
            title={T.previewAsOfHint}
            onChange={(_, data) => setAsOfTyped(data.value)}
          />
        </label>
        <Text className={styles.note}>{T.previewNote}</Text>
      </div>
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{fillPlaceholders(T.previewFailed, { message: failure })}</MessageBarBody>
        </MessageBar>
      )}
      <div className={styles.stage} ref={stage}>
        {link && (
          <iframe
            ref={frame}
            title={fillPlaceholders(T.previewFrame, { path: link.path })}
            src={link.url}
            data-device={device}
            className={styles.frame}
            style={{ width: `${width}px`, height: `${box.height / scale}px`, transform: `translateX(-50%) scale(${scale})` }}
          />
        )}
      </div>
    </>
  );
}
