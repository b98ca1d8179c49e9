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
  tokens,
} from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { IMAGE_ACCEPT, type UploadResult } from '../../core/upload';

/** The rich-text editor's image dialog: a file, uploaded on insert, and its alt text (both required). */
export function ImageDialog({
  open,
  upload,
  onDone,
}: {
  open: boolean;
  upload: (file: File) => Promise<UploadResult>;
  onDone: (image: { src: string; alt: string; width?: number; height?: number } | null) => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [alt, setAlt] = useState('');
  const [fileError, setFileError] = useState<string>();
  const [altError, setAltError] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setFile(null);
      setAlt('');
      setFileError(undefined);
      setAltError(undefined);
      setBusy(false);
    }
  }, [open]);
  const submit = async () => {
    const missingFile = file ? undefined : 'Choose an image.';
    const missingAlt = alt.trim() ? undefined : 'Describe the image for people who cannot see it.';
    setFileError(missingFile);
    setAltError(missingAlt);
    if (!file || missingAlt) return;
    setBusy(true);
    const result = await upload(file);
    setBusy(false);
    if (!result.ok) {
      setFileError(result.message);
      return;
    }
    onDone({ src: result.image.url, alt: alt.trim(), width: result.image.width, height: result.image.height });
  };
  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && onDone(null)}>
      <DialogSurface>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <DialogBody>
            <DialogTitle>Image</DialogTitle>
            <DialogContent style={{ display: 'grid', gap: tokens.spacingVerticalM }}>
              <Field label="Image file" required validationMessage={fileError} hint="JPEG, PNG, WebP, AVIF or SVG">
                {(fieldProps) => (
                  // A native file input: the Field's label, hint and message reach it through these props.
                  <input
                    {...fieldProps}
                    type="file"
                    accept={IMAGE_ACCEPT}
                    onChange={(event) => {
                      setFile(event.target.files?.[0] ?? null);
                      setFileError(undefined);
                    }}
                  />
                )}
              </Field>
              <Field label="Alt text" required validationMessage={altError} hint="What the image shows, read to people who cannot see it">
                <Input value={alt} maxLength={300} onChange={(_, data) => setAlt(data.value)} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={() => onDone(null)}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? 'Uploading…' : 'Insert image'}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
