import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

interface MessageDialog {
  title: string;
  message: string;
}

interface SuccessDialog extends MessageDialog {
  /** Label and target of the link back (defaults: the configured 'home' label and '/'). */
  link?: { label: string; href: string };
  /** A persistent dialog cannot be dismissed by Escape or a click outside. */
  persistent?: boolean;
  /** Called when the dialog closes, whichever way. */
  onClose?: () => void;
}

export type OpenDialog = { kind: 'error'; dialog: MessageDialog } | { kind: 'success'; dialog: SuccessDialog };

interface DialogsApi {
  showError(dialog: MessageDialog): void;
  showSuccess(dialog: SuccessDialog): void;
}

const DialogsContext = createContext<DialogsApi>({ showError: () => {}, showSuccess: () => {} });

// Fluent's dialog code loads the first time a dialog opens, not with every page.
const SharedDialog = lazy(() => import('./SharedDialog'));

/** The shell's shared error dialog (title, message, Close) and success dialog (links back home). */
export function DialogsProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<OpenDialog | null>(null);
  const close = useCallback(() => {
    if (open?.kind === 'success') open.dialog.onClose?.();
    setOpen(null);
  }, [open]);
  const api = useMemo<DialogsApi>(
    () => ({
      showError: (dialog) => setOpen({ kind: 'error', dialog }),
      showSuccess: (dialog) => setOpen({ kind: 'success', dialog }),
    }),
    [],
  );
  return (
    <DialogsContext.Provider value={api}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <SharedDialog open={open} onClose={close} />
        </Suspense>
      )}
    </DialogsContext.Provider>
  );
}

export function useDialogs(): DialogsApi {
  return useContext(DialogsContext);
}
