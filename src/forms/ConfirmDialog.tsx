import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useState } from 'react';
import { fill, site } from '../lib/site';

interface Props {
  open: boolean;
  title: string;
  message: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/**
 * The confirm step of the form flow: the form's own question with Yes and No.
 *
 * Mounted on first open, not before: a mounted Fluent `Dialog`, even a closed one, starts tabster's
 * modalizer, which puts two focusable `aria-hidden` sentinels (`data-tabster-dummy`) around the whole
 * page, and accessibility checks (Lighthouse, axe's aria-hidden-focus) flag them on every form page.
 * Once opened it stays mounted: unmounting it on close left the page `aria-hidden` (end-to-end tests).
 */
export function ConfirmDialog({ open, title, message, busy, onYes, onNo }: Props) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  const labels = site.dialogs ?? {};
  if (!opened) return null;
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onNo()}>
      <DialogSurface aria-describedby="confirm-dialog-message">
        <DialogBody>
          <DialogTitle>{fill(title)}</DialogTitle>
          <DialogContent id="confirm-dialog-message">{fill(message)}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onNo} disabled={busy}>
              {fill(labels.no ?? 'No')}
            </Button>
            <Button appearance="primary" onClick={onYes} disabled={busy}>
              {fill(labels.yes ?? 'Yes')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
