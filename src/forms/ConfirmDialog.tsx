import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { fill, site } from '../lib/site';

interface Props {
  open: boolean;
  title: string;
  message: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** The confirm step of the form flow: the form's own question with Yes and No. */
export function ConfirmDialog({ open, title, message, busy, onYes, onNo }: Props) {
  const labels = site.dialogs ?? {};
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
