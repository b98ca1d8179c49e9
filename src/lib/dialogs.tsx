import { createContext, lazy, Suspense, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { MessageDialog, OpenDialog, SuccessDialog } from './types';

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
