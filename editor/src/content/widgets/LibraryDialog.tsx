import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { fillPlaceholders } from '../../../../domain/text';
import type { LibraryImage } from '../../core/host';
import WORDS from '../../messages.json';

const M = WORDS.imageLibrary;

const useStyles = makeStyles({
  grid: {
    listStyle: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gap: tokens.spacingHorizontalS,
    gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
  },
  pick: { width: '100%', height: 'auto', flexDirection: 'column', gap: tokens.spacingVerticalXS, padding: tokens.spacingVerticalS },
  thumb: { width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground3 },
  name: { overflowWrap: 'anywhere', fontSize: tokens.fontSizeBase200 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * The host's library in a dialog: each image a button (its thumbnail and name) that picks it; the
 * list is asked again each time the dialog opens, so an upload of the library screen shows.
 */
export function LibraryDialog({
  open,
  load,
  src,
  onPick,
  onClose,
}: {
  open: boolean;
  load: () => Promise<LibraryImage[]>;
  src: (url: string) => string;
  onPick: (image: LibraryImage) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const [images, setImages] = useState<LibraryImage[]>();
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    if (!open) return;
    let current = true;
    setImages(undefined);
    setFailure(undefined);
    load().then(
      (list) => current && setImages(list),
      (error: unknown) =>
        current && setFailure(fillPlaceholders(M.failed, { message: error instanceof Error ? error.message : String(error) })),
    );
    return () => {
      current = false;
    };
  }, [open, load]);

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{M.title}</DialogTitle>
          <DialogContent>
            {failure && (
              <Text role="alert" className={styles.error}>
                {failure}
              </Text>
            )}
            {!images && !failure && <Spinner size="small" label={M.loading} />}
            {images?.length === 0 && <Text>{M.empty}</Text>}
            {images && images.length > 0 && (
              <ul className={styles.grid}>
                {images.map((image) => (
                  <li key={image.name}>
                    <Button
                      className={styles.pick}
                      aria-label={fillPlaceholders(M.pick, { name: image.name })}
                      onClick={() => onPick(image)}
                    >
                      <img src={src(image.url)} alt="" className={styles.thumb} loading="lazy" />
                      <span className={styles.name}>{image.name}</span>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{M.close}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
