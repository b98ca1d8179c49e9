import { makeStyles, tokens, ToggleButton, Toolbar } from '@fluentui/react-components';
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode, type Ref } from 'react';

/** The room kept beside a frame scaled to fit, in pixels (the stage's background shows around it). */
const MARGIN = 16;

const useStyles = makeStyles({
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

/** A width the preview offers: the toggle's words and the frame's width in CSS pixels. */
export interface PreviewWidth {
  label: string;
  width: number;
}

/** The preview's widths as toggles, the chosen one pressed. */
export function WidthSwitch({
  widths,
  width,
  onChoose,
  label,
  subtle,
}: {
  widths: readonly PreviewWidth[];
  width: number;
  onChoose: (width: number) => void;
  /** The toolbar's accessible name. */
  label: string;
  subtle?: boolean;
}) {
  return (
    <Toolbar size="small" aria-label={label}>
      {widths.map((option) => (
        <ToggleButton
          key={option.width}
          size="small"
          appearance={subtle ? 'subtle' : undefined}
          checked={width === option.width}
          onClick={() => onChoose(option.width)}
        >
          {option.label}
        </ToggleButton>
      ))}
    </Toolbar>
  );
}

/**
 * A page in a frame as wide as the chosen device, so the site's media queries apply, scaled down to
 * fit the stage (never up) and as tall as the stage. Without `src` the stage shows `empty`.
 */
export function PreviewFrame({
  width,
  src,
  title,
  frameRef,
  device,
  empty,
  onScale,
  onLoad,
}: {
  width: number;
  src: string | undefined;
  title: string;
  frameRef?: Ref<HTMLIFrameElement>;
  /** The device's name, on the frame as `data-device`. */
  device?: string;
  empty?: ReactNode;
  /** Told the scale each time it changes (1: the frame fits unscaled). */
  onScale?: (scale: number) => void;
  /** Told each time the frame has loaded its page. */
  onLoad?: () => void;
}) {
  const styles = useStyles();
  const stage = useRef<HTMLDivElement>(null);
  const [box, setBox] = useState({ width: 0, height: 0 });

  useLayoutEffect(() => {
    const element = stage.current;
    if (!element) return;
    const observer = new ResizeObserver(([entry]) => setBox({ width: entry.contentRect.width, height: entry.contentRect.height }));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const scale = box.width > 0 ? Math.min(1, (box.width - MARGIN) / width) : 1;
  useEffect(() => onScale?.(scale), [onScale, scale]);

  return (
    <div className={styles.stage} ref={stage}>
      {src !== undefined ? (
        <iframe
          ref={frameRef}
          title={title}
          src={src}
          data-device={device}
          onLoad={onLoad}
          className={styles.frame}
          style={{ width: `${width}px`, height: `${box.height / scale}px`, transform: `translateX(-50%) scale(${scale})` }}
        />
      ) : (
        empty
      )}
    </div>
  );
}
