import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  makeStyles,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import { getPublishStatus, publishSaved, type PublishStatus } from './core/api';
import { useEditor } from './core/use-store';

const useStyles = makeStyles({
  publish: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, maxWidth: '34rem' },
  summary: {
    color: tokens.colorNeutralForeground2,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  list: { margin: `${tokens.spacingVerticalS} 0`, paddingLeft: tokens.spacingHorizontalXL },
  result: { color: tokens.colorNeutralForeground2 },
  error: { color: tokens.colorPaletteRedForeground1 },
});

/**
 * Publishing: what is saved but not committed, in words ("About: FAQ added; Contact form changed"),
 * and a Publish button that commits exactly those files with a message the editor writes, on the
 * current branch, or on a new branch for review when the project is set so (`EDIT_PUBLISH=review`).
 * Nothing is committed without the press; unsaved changes must be saved first; a project that is not
 * a git repository says so.
 */
export function Publish() {
  const styles = useStyles();
  const { dirty, save, status: editorStatus } = useEditor();
  const [status, setStatus] = useState<PublishStatus | null>(null);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const refresh = useCallback(() => {
    getPublishStatus().then(setStatus, () => setStatus(null));
  }, []);
  // Asked again once the project is in and after each save: a save is what makes something to publish.
  useEffect(() => {
    if (editorStatus === 'ready' && save.status !== 'saving') refresh();
  }, [editorStatus, save.status, refresh]);

  if (!status) return null;
  if (!status.git) return <Text className={styles.summary}>Not a git repository: saved changes stay as files</Text>;
  const review = status.mode === 'review';
  // In review mode, changes a review branch already holds are not new.
  const pending = status.files.length > 0 && !status.inReview;

  const start = () => {
    setMessage(status.summary.join('; '));
    setResult(null);
    setOpen(true);
  };
  const submit = async () => {
    setBusy(true);
    const done = await publishSaved(message).catch((error: unknown) => ({ ok: false as const, message: String(error) }));
    setBusy(false);
    if (done.ok) {
      setOpen(false);
      setResult({ ok: true, text: `Published as ${done.commit.slice(0, 7)}${done.branch ? ` on ${done.branch}` : ''}` });
      refresh();
    } else setResult({ ok: false, text: done.message });
  };

  return (
    <div className={styles.publish}>
      {pending ? (
        <Text className={styles.summary} title={status.summary.join('\n')}>
          {review ? 'To publish for review' : 'To publish'}: {status.summary.join('; ')}
        </Text>
      ) : status.inReview ? (
        <Text className={styles.summary}>In review on {status.inReview}</Text>
      ) : (
        result?.ok && (
          <Text className={styles.result} role="status">
            {result.text}
          </Text>
        )
      )}
      {status.leftOut && (
        <Text className={styles.summary} title={status.leftOut.map(({ file, reason }) => `${file}: ${reason}`).join('\n')}>
          Left out: {status.leftOut.map(({ file }) => file).join(', ')}
        </Text>
      )}
      <Button disabled={!pending || dirty.length > 0} title={dirty.length > 0 ? 'Save first' : undefined} onClick={start}>
        Publish…
      </Button>
      <Dialog open={open} onOpenChange={(_, data) => !busy && setOpen(data.open)}>
        <DialogSurface aria-describedby="publish-what">
          <DialogBody>
            <DialogTitle>Publish the saved changes</DialogTitle>
            <DialogContent>
              <Text id="publish-what">
                {review
                  ? `A new branch for review${status.branch ? `, off ${status.branch}` : ''}, with ${status.files.join(', ')}:`
                  : `One commit${status.branch ? ` on ${status.branch}` : ''} of ${status.files.join(', ')}:`}
              </Text>
              <ul className={styles.list}>
                {status.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
              {status.leftOut && (
                <>
                  <Text>Left out, as they are not images the editor can publish:</Text>
                  <ul className={styles.list}>
                    {status.leftOut.map(({ file, reason }) => (
                      <li key={file}>
                        {file}: {reason}
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <Field
                label="What changed, for the history"
                required
                validationMessage={result && !result.ok ? result.text : undefined}
                validationState={result && !result.ok ? 'error' : 'none'}
              >
                <Textarea value={message} onChange={(_, data) => setMessage(data.value)} resize="vertical" maxLength={2000} />
              </Field>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" disabled={busy || message.trim() === ''} onClick={() => void submit()}>
                {busy ? 'Publishing…' : 'Publish'}
              </Button>
              <Button disabled={busy} onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </div>
  );
}
