import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { createContext, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

export interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(() => Promise.resolve(false));

/** Asks the user to confirm (a modal Fluent dialog): resolves true for the confirm button, false otherwise. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext);
}

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Dialog open={request !== null} modalType="alert" onOpenChange={(_, data) => !data.open && answer(false)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{request?.title}</DialogTitle>
            <DialogContent>{request?.message}</DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => answer(true)}>
                {request?.confirmLabel}
              </Button>
              <Button onClick={() => answer(false)}>Cancel</Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </ConfirmContext.Provider>
  );
}
