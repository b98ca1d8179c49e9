import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { EditorStore } from '../../../editor/src/core/store';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { dateTime } from '../format';
import { failureText } from '../ui';
import type { SaveRefusal } from './editor-host';
import { useItemLock } from './useItemLock';

const T = TEXTS.content;

const useStyles = makeStyles({
  list: { margin: `${tokens.spacingVerticalXXS} 0 0`, paddingLeft: tokens.spacingHorizontalXL },
});

/** A time of today as the clock shows it ("10:02"); another day's with its date. */
function clockTime(iso: string): string {
  const at = new Date(iso);
  return at.toDateString() === new Date().toDateString()
    ? at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : dateTime(iso);
}

/**
 * Who else edits the open item ("<e-mail> is editing this, since 10:02", with Take over), and a
 * save refused by another person's change, in words: the item they hold and what their draft
 * changes, or what a release published meanwhile changed (then Reload).
 */
export function EditLock({ store, refusal, onReload }: { store: EditorStore; refusal?: SaveRefusal; onReload: () => void }) {
  const styles = useStyles();
  const { lock, takeOver } = useItemLock(store);
  const [failure, setFailure] = useState<string>();
  const take = () =>
    takeOver().then(
      () => setFailure(undefined),
      (error: unknown) => setFailure(failureText(error)),
    );
  const locked = refusal?.locked?.[0];
  const stale = !locked && refusal ? (refusal.changes ?? []) : undefined;

  return (
    <>
      {lock && !lock.held && (
        <MessageBar intent="warning" role="status" aria-label={T.takeOver}>
          <MessageBarBody>
            {fillPlaceholders(T.lockedBy, { email: lock.holder.email, time: clockTime(lock.holder.since) })} {T.lockedHint}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void take()}>{T.takeOver}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {failure && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{failure}</MessageBarBody>
        </MessageBar>
      )}
      {locked && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>
            {fillPlaceholders(locked.summary.length > 0 ? T.refusedLocked : T.refusedLockedNothing, {
              email: locked.holder.email,
              time: clockTime(locked.holder.since),
            })}
            {locked.summary.length > 0 && (
              <ul className={styles.list}>
                {locked.summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </MessageBarBody>
        </MessageBar>
      )}
      {stale && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>
            {T.refusedStale}
            {stale.map((change) => (
              <div key={change.file}>
                {change.releases.map((release) => (
                  <div key={release.number}>
                    {fillPlaceholders(T.refusedBy, {
                      release: release.number,
                      author: release.authorName ?? '',
                      time: dateTime(release.createdAt),
                    })}
                  </div>
                ))}
                <ul className={styles.list}>
                  {change.summary.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              </div>
            ))}
            {T.refusedReload}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={onReload}>{T.reload}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
    </>
  );
}
