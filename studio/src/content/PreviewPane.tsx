import { Input, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isoFromManila } from '../../../editor/src/content/widgets/DateTimeWidget';
import { NARROW_QUERY } from '../../../editor/src/core/narrow';
import { PreviewFrame, WidthSwitch } from '../../../editor/src/core/PreviewFrame';
import { useStore } from '../../../editor/src/core/use-store';
import { PORT_MESSAGE, REFRESH_MESSAGE } from '../../../domain/preview-messages';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { failureText } from '../ui';
import { previewLink, type PreviewLink } from './releases';

const T = TEXTS.content;

/** The preview's widths: the site's responsive page at a phone's, a tablet's and a desktop's. */
export const DEVICES = { phone: 390, tablet: 768, desktop: 1280 } as const;
type Device = keyof typeof DEVICES;
const WIDTHS = (Object.keys(DEVICES) as Device[]).map((name) => ({ label: T.devices[name], width: DEVICES[name] }));
const deviceOf = (width: number) => (Object.keys(DEVICES) as Device[]).find((name) => DEVICES[name] === width) ?? 'desktop';

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
});

/**
 * The page at `path` as the site will show it with the person's draft: the production preview
 * (POST /api/studio/editor/preview) framed at a phone's, tablet's or desktop's width, scaled to the
 * column. Each change, saved or not, updates the frame's page in place (no reload), and a new URL is
 * asked for before one expires. "As of" (Manila time, empty: now) shows the site at a date to come,
 * with the changes scheduled by then.
 */
export function PreviewPane({ path }: { path: string }) {
  const styles = useStyles();
  const store = useStore();
  // On a phone the preview opens at the phone's width (a desktop page scaled to a third is unreadable).
  const [device, setDevice] = useState<Device>(() => (matchMedia(NARROW_QUERY).matches ? 'phone' : 'desktop'));
  const [link, setLink] = useState<PreviewLink & { path: string }>();
  const [failure, setFailure] = useState<string>();
  const [renewals, setRenewals] = useState(0);
  const [asOfTyped, setAsOfTyped] = useState('');
  const asOf = isoFromManila(asOfTyped);
  const frame = useRef<HTMLIFrameElement>(null);

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

  // Each send of the unsaved content, as it leaves (draftsSeq): the frame's page brings itself up to
  // date in place (server/preview/live-script.ts), told by a message to the site's origin only. Its
  // request names the send, and the server renders it once the send has landed: the two travel
  // together instead of one after the other.
  const port = useRef<MessagePort>(undefined);
  const tellFrame = useCallback(() => {
    const message = { type: REFRESH_MESSAGE, seq: store.state.draftsSeq };
    if (port.current) port.current.postMessage(message);
    else if (frame.current?.src) frame.current.contentWindow?.postMessage(message, new URL(frame.current.src).origin);
  }, [store]);
  // Each page loaded gets a port of its own for the refreshes (a port's message leaves at once), then
  // is told once more: a change taken while it was loading was told to no script yet.
  const onLoad = useCallback(() => {
    port.current?.close();
    port.current = undefined;
    const shown = frame.current;
    if (!shown?.src || !shown.contentWindow) return;
    const channel = new MessageChannel();
    shown.contentWindow.postMessage({ type: PORT_MESSAGE }, new URL(shown.src).origin, [channel.port2]);
    port.current = channel.port1;
    tellFrame();
  }, [tellFrame]);
  useEffect(() => () => port.current?.close(), []);
  useEffect(() => {
    let was = store.state.draftsSeq;
    return store.subscribe(() => {
      if (store.state.draftsSeq === was) return;
      was = store.state.draftsSeq;
      tellFrame();
    });
  }, [store, tellFrame]);

  return (
    <>
      <div className={styles.bar}>
        <h2 className={styles.heading}>{T.previewTitle}</h2>
        <WidthSwitch widths={WIDTHS} width={DEVICES[device]} onChoose={(width) => setDevice(deviceOf(width))} label={T.previewDevices} />
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
      <PreviewFrame
        width={DEVICES[device]}
        src={link?.url}
        title={link ? fillPlaceholders(T.previewFrame, { path: link.path }) : ''}
        frameRef={frame}
        device={device}
        onLoad={onLoad}
      />
    </>
  );
}
