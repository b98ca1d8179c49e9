import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components';
import { Link as RouterLink } from 'react-router-dom';
import { site } from './site';

export interface MessageDialog {
  title: string;
  message: string;
}

export interface SuccessDialog extends MessageDialog {
  /** Label and target of the link back (defaults: the configured 'home' label and '/'). */
  link?: { label: string; href: string };
  /** A persistent dialog cannot be dismissed by Escape or a click outside. */
  persistent?: boolean;
}

interface DialogsApi {
  showError(dialog: MessageDialog): void;
  showSuccess(dialog: SuccessDialog): void;
}

const DialogsContext = createContext<DialogsApi>({ showError: () => {}, showSuccess: () => {} });

type Open = { kind: 'error'; dialog: MessageDialog } | { kind: 'success'; dialog: SuccessDialog } | null;

/** The shell's shared error dialog (title, message, Close) and success dialog (links back home). */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<Open>(null);
  const close = useCallback(() => setOpen(null), []);
  const api = useMemo<DialogsApi>(
    () => ({
      showError: (dialog) => setOpen({ kind: 'error', dialog }),
      showSuccess: (dialog) => setOpen({ kind: 'success', dialog }),
    }),
    [],
  );
  const labels = site.dialogs ?? {};
  const success = open?.kind === 'success' ? open.dialog : null;
  const link = success?.link ?? { label: labels.home ?? 'Go to home page', href: '/' };

  return (
    <DialogsContext.Provider value={api}>
      {children}
      <Dialog
        open={open !== null}
        modalType={success?.persistent ? 'alert' : 'modal'}
        onOpenChange={(_, data) => {
          if (!data.open) close();
        }}
      >
        <DialogSurface aria-describedby="shared-dialog-message">
          <DialogBody>
            <DialogTitle>{open?.dialog.title}</DialogTitle>
            <DialogContent id="shared-dialog-message">{open?.dialog.message}</DialogContent>
            <DialogActions>
              {open?.kind === 'success' ? (
                <RouterLink to={link.href} onClick={close} className="dialog-link">
                  {link.label}
                </RouterLink>
              ) : (
                <Button appearance="primary" onClick={close}>
                  {labels.close ?? 'Close'}
                </Button>
              )}
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  return useContext(DialogsContext);
}
