import { Badge, Button, Field, makeStyles, Spinner, Text, Textarea, Title2, Title3, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import type { ApiError } from '../api';
import { dateTime } from '../format';
import { useSession } from '../session';
import { ConfirmButton, failureText, OutcomeBar, type Outcome } from '../ui';
import { approveReview, commentOn, getReview, reviewPath, sendBackReview, withdrawReview, type ReviewDetail } from './reviews-api';

const T = TEXTS.reviews;

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  comment: { margin: `${tokens.spacingVerticalS} 0`, whiteSpace: 'pre-wrap' },
  who: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, alignItems: 'center', margin: '12px 0' },
});

/**
 * One review request: the change in words, the author's message, the comments, and what the person
 * may do with it: comment; a publisher approves or sends back (the author sees Approve disabled,
 * with why); the author withdraws.
 */
export function ReviewView() {
  const styles = useStyles();
  const { id = '' } = useParams();
  const { me, ability } = useSession();
  const { data, error, isLoading, mutate } = useSWR<ReviewDetail, ApiError>(reviewPath(id), () => getReview(id));
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const act = async (work: () => Promise<unknown>, done: (answer: unknown) => string, clear = false) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await work();
      setOutcome({ intent: 'success', text: done(answer) });
      if (clear) setComment('');
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    }
    setBusy(false);
    await mutate();
  };

  if (isLoading) return <Spinner size="small" label={TEXTS.loading} />;
  if (!data) return <OutcomeBar outcome={error && { intent: 'error', text: error.message }} />;
  const { review, comments, live } = data;
  const open = review.state === 'open';
  const own = review.authorEmail === me.email;
  const publisher = ability.can('manage', 'Review');
  const words = comment.trim();

  return (
    <section aria-labelledby="review-title">
      <Link to="/content/reviews">{T.back}</Link>
      <Title2 as="h1" block id="review-title">
        {fillPlaceholders(T.requestTitle, { id: review.id })}{' '}
        <Badge appearance="tint" color={open ? 'informative' : 'subtle'}>
          {T.states[review.state]}
        </Badge>
      </Title2>
      <Text as="p" block>
        {dateTime(review.createdAt)} {fillPlaceholders(T.by, { email: review.authorEmail })}.{' '}
        {fillPlaceholders(T.madeFrom, { release: review.baseRelease, live })}
      </Text>
      <ul className={styles.list}>
        {review.summary.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {open && live !== review.baseRelease && <OutcomeBar outcome={{ intent: 'warning', text: fillPlaceholders(T.staleNote, { live }) }} />}
      {!open && review.decidedBy && review.decidedAt && (
        <Text as="p" block>
          {fillPlaceholders(T.decided, { state: T.states[review.state], email: review.decidedBy, time: dateTime(review.decidedAt) })}{' '}
          {review.release !== null && fillPlaceholders(T.releaseMade, { release: review.release })}
        </Text>
      )}
      {review.message && (
        <>
          <Title3 as="h2" block>
            {T.message}
          </Title3>
          <Text as="p" block className={styles.comment}>
            {review.message}
          </Text>
        </>
      )}
      <Title3 as="h2" block>
        {T.comments}
      </Title3>
      {comments.length === 0 && <Text as="p">{T.noComments}</Text>}
      {comments.map((each) => (
        <div key={each.id} className={styles.comment}>
          <Text size={200} className={styles.who} block>
            {each.authorEmail}, {dateTime(each.createdAt)}
          </Text>
          <Text>{each.text}</Text>
        </div>
      ))}
      {open && (
        <>
          <Field label={T.commentLabel} hint={publisher && !own ? T.sendBackHint : undefined}>
            <Textarea value={comment} maxLength={4000} onChange={(_, change) => setComment(change.value)} />
          </Field>
          <div className={styles.actions}>
            <Button
              disabled={busy || !words}
              onClick={() =>
                void act(
                  () => commentOn(review.id, words),
                  () => T.commented,
                  true,
                )
              }
            >
              {T.addComment}
            </Button>
            {publisher && !own && (
              <Button
                disabled={busy || !words}
                onClick={() =>
                  void act(
                    () => sendBackReview(review.id, words),
                    () => T.sentBack,
                    true,
                  )
                }
              >
                {T.sendBack}
              </Button>
            )}
            {(publisher || own) &&
              (own ? (
                <>
                  <Button appearance="primary" disabled aria-describedby="own-review">
                    {T.approve}
                  </Button>
                  <Text id="own-review">{T.ownApprove}</Text>
                </>
              ) : (
                <ConfirmButton
                  label={T.approve}
                  question={T.approveQuestion}
                  busy={busy}
                  onConfirm={() =>
                    void act(
                      () => approveReview(review.id),
                      (answer) => fillPlaceholders(T.approved, { release: (answer as { release: number }).release }),
                    )
                  }
                />
              ))}
            {own && (
              <ConfirmButton
                label={T.withdraw}
                question={T.withdrawQuestion}
                busy={busy}
                onConfirm={() =>
                  void act(
                    () => withdrawReview(review.id),
                    () => T.withdrawn,
                  )
                }
              />
            )}
          </div>
        </>
      )}
      <OutcomeBar outcome={outcome} />
    </section>
  );
}
