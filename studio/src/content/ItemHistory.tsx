import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  DialogTrigger,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  ToolbarButton,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import useSWR from 'swr';
import { fieldLabel } from '../../../editor/src/core/field-words';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import type { ApiError } from '../api';
import { dateTime } from '../format';
import { failureText, type Outcome } from '../ui';
import { itemHistoryPath, openAsDraft, type ItemChangeRow } from './history-api';

const T = TEXTS.item;

/** The history's markers of an item that came or went (server/content/history.ts). */
const ADDED = '(added)';
const REMOVED = '(removed)';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: tokens.spacingVerticalS },
  change: { padding: tokens.spacingVerticalS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, display: 'grid', gap: '4px' },
  sub: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  open: { justifySelf: 'start' },
});

export interface ItemRef {
  file: string;
  id: string;
  /** The item's title, as the item list shows it. */
  name: string;
  /** The item schema's title: the key of its fields' labels (messages.json contentFields). */
  kind: string;
}

/** What a change did to the item, in words: added, removed, or its fields by their labels. */
function changeWords(kind: string, fields: string[]): string {
  if (fields.includes(ADDED)) return T.added;
  if (fields.includes(REMOVED)) return T.removed;
  return fillPlaceholders(T.fields, { fields: fields.map((field) => fieldLabel(kind, field)).join(', ') });
}

/**
 * "History" for the open item: each release that changed it (who, when, which fields in words),
 * and any earlier version opened into the person's draft (`onOpened` then reloads the editor).
 */
export function ItemHistory({ item, onOpened }: { item: ItemRef; onOpened: (outcome: Outcome) => void }) {
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<number>();
  const [failure, setFailure] = useState<string>();
  const { data, error } = useSWR<{ changes: ItemChangeRow[] }, ApiError>(open ? itemHistoryPath(item.file, item.id) : null);

  const openVersion = async (release: number) => {
    setBusy(release);
    setFailure(undefined);
    try {
      await openAsDraft(release, item.file, item.id);
      setOpen(false);
      onOpened({ intent: 'success', text: fillPlaceholders(T.opened, { release, name: item.name }) });
    } catch (refusal) {
      setFailure(failureText(refusal));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    // Non-modal: the editor starts again right after an opening, and a modal dialog's focus trap
    // (tabster) would then leave the page aria-hidden.
    <Dialog modalType="non-modal" open={open} onOpenChange={(_, next) => setOpen(next.open)}>
      <DialogTrigger disableButtonEnhancement>
        <ToolbarButton>{T.history}</ToolbarButton>
      </DialogTrigger>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{fillPlaceholders(T.historyTitle, { name: item.name })}</DialogTitle>
          <DialogContent>
            <Text as="p" block>
              {T.historyIntro}
            </Text>
            {(error || failure) && (
              <MessageBar intent="error" role="alert">
                <MessageBarBody>{failure ?? fillPlaceholders(T.historyFailed, { message: error?.message ?? '' })}</MessageBarBody>
              </MessageBar>
            )}
            {!data && !error && <Spinner size="small" label={TEXTS.loading} />}
            {data && data.changes.length === 0 && <Text as="p">{T.historyNone}</Text>}
            {data && data.changes.length > 0 && (
              <ul className={styles.list} aria-label={T.history}>
                {data.changes.map(({ release, fields }) => (
                  <li key={release.number} className={styles.change}>
                    <Text weight="semibold">{fillPlaceholders(T.release, { release: release.number })}</Text>
                    <Text className={styles.sub}>
                      {release.authorName
                        ? fillPlaceholders(T.by, { name: release.authorName, time: dateTime(release.createdAt) })
                        : fillPlaceholders(T.byNobody, { time: dateTime(release.createdAt) })}
                    </Text>
                    <Text>{changeWords(item.kind, fields)}</Text>
                    {/* A removal has no version to open. */}
                    {!fields.includes(REMOVED) && (
                      <Button
                        className={styles.open}
                        size="small"
                        disabled={busy !== undefined}
                        onClick={() => void openVersion(release.number)}
                      >
                        {T.open}
                      </Button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </DialogContent>
          <DialogActions>
            <DialogTrigger disableButtonEnhancement>
              <Button>{T.close}</Button>
            </DialogTrigger>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
