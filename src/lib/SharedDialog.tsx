import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { Link as RouterLink } from 'react-router';
import type { OpenDialog } from './types';
import { fillSiteTexts, site } from './site';
import { FluentScope } from './FluentScope';

/** The error dialog (title, message, Close) or the success dialog (title, message, link home). */
export default function SharedDialog({ open, onClose }: { open: OpenDialog; onClose: () => void }) {
  const labels = fillSiteTexts(site).dialogs ?? {};
  const success = open.kind === 'success' ? open.dialog : null;
  const link = success?.link ?? { label: labels.home ?? 'Go to home page', href: '/' };
  return (
    <FluentScope>
      <Dialog
        open
        modalType={success?.persistent ? 'alert' : 'modal'}
        onOpenChange={(_, data) => {
          // A persistent success dialog ignores Escape and the backdrop: only its link leads on.
          if (!data.open && !success?.persistent) onClose();
        }}
      >
        <DialogSurface aria-describedby="shared-dialog-message">
          <DialogBody>
            <DialogTitle>{open.dialog.title}</DialogTitle>
            <DialogContent id="shared-dialog-message">{open.dialog.message}</DialogContent>
            <DialogActions>
              {success ? (
                <RouterLink to={link.href} onClick={onClose} className="button-link button-link--primary">
                  {link.label}
                </RouterLink>
              ) : (
                <Button appearance="primary" onClick={onClose}>
                  {labels.close ?? 'Close'}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </FluentScope>
  );
}
