import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { useEditor, useStore } from '../../../editor/src/core/use-store';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import type { ApiError } from '../api';
import { dateTime } from '../format';
import { ConfirmButton, failureText, OutcomeBar, type Outcome } from '../ui';
import type { LoadedRelease } from './editor-host';
import { RequestReview } from './RequestReview';
import { discardDraft, draftStatus, publishDraft, type DraftStatus, type NewerRelease } from './releases';

const T = TEXTS.content;

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  // The words and the bars below them may shrink below their text's width: it wraps, the box does not grow.
  words: { flex: '1 1 280px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  state: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  fullRow: { flexBasis: '100%', minWidth: 0 },
});

/** How the draft's saving stands, in words (with review on, a publisher's approval makes it live). */
function saveWords(save: ReturnType<typeof useEditor>['save'], unsaved: boolean, review: boolean): string {
  if (save.status === 'saving') return T.saving;
  if (save.status === 'conflict') return T.conflict;
  if (save.status === 'failed') return fillPlaceholders(T.notSaved, { message: save.message ?? '' });
  if (unsaved) return T.unsaved;
  return review ? T.savedReview : T.saved;
}

/**
 * The draft and its publishing: what the draft changes, in words, "Publish" (the next release, or
 * who published what meanwhile, or the gate's problems at their fields) and "Discard draft".
 */
export function PublishBar({ loaded, onRestart }: { loaded: LoadedRelease; onRestart: (outcome?: Outcome) => void }) {
  const styles = useStyles();
  const store = useStore();
  const { save, dirty } = useEditor();
  const { data: status, mutate } = useSWR<DraftStatus, ApiError>('/editor/publish', draftStatus);
  const [newer, setNewer] = useState<NewerRelease>();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  // A save is what changes the draft: its words are asked again after each.
  useEffect(() => {
    if (save.status === 'saved') void mutate();
  }, [save.status, mutate]);

  const live = status?.release ?? loaded.release;
  const baseRelease = newer?.number ?? loaded.draft?.baseRelease ?? loaded.release;
  const changed = (status?.changed.length ?? 0) > 0;
  const pending = dirty.length > 0 || save.status === 'saving';

  const publish = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await publishDraft(baseRelease);
      if (answer.status === 'published')
        return onRestart({ intent: 'success', text: fillPlaceholders(T.published, { release: answer.release }) });
      if (answer.status === 'stale') setNewer(answer.current);
      else {
        store.refused(answer.problems);
        setOutcome({ intent: 'error', text: fillPlaceholders(T.refused, { count: answer.problems.length }) });
      }
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    }
    setBusy(false);
  };
  const discard = async () => {
    setBusy(true);
    try {
      await discardDraft();
      return onRestart({ intent: 'success', text: T.discarded });
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    }
    setBusy(false);
  };

  return (
    <section className={styles.bar} aria-labelledby="draft-title">
      <div className={styles.words}>
        <h2 className={styles.title} id="draft-title">
          {T.draftTitle}
        </h2>
        {changed ? (
          <ul className={styles.list} aria-label={T.draftTitle}>
            {status?.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : (
          <Text>{T.noDraft}</Text>
        )}
        {status?.review && <Text size={200}>{T.reviewOn}</Text>}
        <Text size={200} className={styles.state} role="status">
          {fillPlaceholders(T.live, { release: live })}{' '}
          {changed || pending ? saveWords(save, dirty.length > 0, Boolean(status?.review)) : ''}
        </Text>
      </div>
      <div className={styles.actions}>
        {status?.review ? (
          <RequestReview
            baseRelease={baseRelease}
            openReview={status.openReview}
            disabled={busy || pending || !changed}
            onDone={(done) => {
              setOutcome(done);
              void mutate();
            }}
          />
        ) : (
          <Button appearance="primary" disabled={busy || pending || !changed} onClick={() => void publish()}>
            {busy ? T.publishing : T.publish}
          </Button>
        )}
        {changed && (
          <ConfirmButton
            label={T.discard}
            question={fillPlaceholders(T.discardQuestion, { release: live })}
            busy={busy || pending}
            onConfirm={() => void discard()}
          />
        )}
      </div>
      {status?.waitsForDeploy && (
        <MessageBar intent="warning" className={styles.fullRow}>
          <MessageBarBody>{T.waitsForDeploy[status.waitsForDeploy]}</MessageBarBody>
        </MessageBar>
      )}
      {status?.formsWaitForDeploy.map(({ form, reason }) => (
        <MessageBar key={form} intent="warning" className={styles.fullRow}>
          <MessageBarBody>{fillPlaceholders(T.formWaitsForDeploy[reason], { form })}</MessageBarBody>
        </MessageBar>
      ))}
      {newer && (
        <MessageBar intent="warning" role="alert" className={styles.fullRow}>
          <MessageBarBody>
            {fillPlaceholders(T.stale, { author: newer.authorName, release: newer.number, time: dateTime(newer.createdAt) })}
            <ul className={styles.list}>
              {newer.summary.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
            {fillPlaceholders(T.staleAgain, { release: newer.number })}
          </MessageBarBody>
        </MessageBar>
      )}
      <OutcomeBar outcome={outcome} className={styles.fullRow} />
    </section>
  );
}
