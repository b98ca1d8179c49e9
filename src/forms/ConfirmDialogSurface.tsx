import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { fillSiteText, fillSiteTexts, site } from '../lib/site';
import type { ConfirmDialogProps } from './types';

/** The confirm dialog itself (Fluent's Dialog): its own chunk, loaded when a form first asks. */
export default function ConfirmDialogSurface({ open, title, message, busy, onYes, onNo }: ConfirmDialogProps) {
  const labels = fillSiteTexts(site).dialogs ?? {};
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onNo()}>
      <DialogSurface aria-describedby="confirm-dialog-message">
        <DialogBody>
          <DialogTitle>{fillSiteText(title)}</DialogTitle>
          <DialogContent id="confirm-dialog-message">{fillSiteText(message)}</DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onNo} disabled={busy}>
              {labels.no ?? 'No'}
            </Button>
            <Button appearance="primary" onClick={onYes} disabled={busy}>
              {labels.yes ?? 'Yes'}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
