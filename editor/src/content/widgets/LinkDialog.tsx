import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { hrefKind } from '../../../../src/lib/href';

/** A link's address: one the site makes a link of (hrefKind), or a plain-words reason. */
export function checkLinkAddress(address: string): string | undefined {
  const trimmed = address.trim();
  if (!trimmed) return 'Enter the address the link goes to.';
  if (trimmed.length > 2000) return 'Use an address of at most 2000 characters.';
  if (hrefKind(trimmed) === null)
    return 'Use a web address (https://…), a page of this site (/shop), an anchor (#promo), an e-mail (mailto:…) or a phone number (tel:…).';
  return undefined;
}

/** The rich-text editor's link dialog: the address of a new link or of the selected one (checkLinkAddress). */
export function LinkDialog({
  open,
  initial,
  onDone,
  onRemove,
}: {
  open: boolean;
  initial: string;
  onDone: (address: string | null) => void;
  onRemove?: () => void;
}) {
  const [address, setAddress] = useState(initial);
  const [error, setError] = useState<string>();
  useEffect(() => {
    if (open) {
      setAddress(initial);
      setError(undefined);
    }
  }, [open, initial]);
  const submit = () => {
    const problem = checkLinkAddress(address);
    if (problem) setError(problem);
    else onDone(address.trim());
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onDone(null)}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Link</DialogTitle>
            <DialogContent>
              <Field
                label="Address"
                required
                validationMessage={error}
                hint="For example https://example.com, /shop or mailto:help@example.com"
              >
                <Input value={address} onChange={(_, data) => setAddress(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              {onRemove && (
                <Button appearance="subtle" onClick={onRemove}>
                  Remove link
                </Button>
              )}
              <Button appearance="secondary" onClick={() => onDone(null)}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit">
                Set link
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
