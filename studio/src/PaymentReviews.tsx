import { Button, Checkbox, Field, makeStyles, Spinner, Text, Textarea, Title2, Title3, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import { MAX_RESOLUTION_LENGTH, type DeskActionSummary, type ReviewListItem } from '../../domain/desk';
import TEXTS from '../texts.json';
import { post, type ApiError } from './api';
import { dateTime, money, orderStatusText } from './format';
import { useSession } from './session';
import { failureText, OutcomeBar, useLayout, type Outcome } from './ui';

const T = TEXTS.payments;

const useStyles = makeStyles({
  list: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: '16px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    padding: '12px',
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  sub: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** What closing a review did, in words: closed (with how many keys), or already closed by someone else. */
function resolvedText(result: DeskActionSummary): Outcome {
  if (!result.changed) return { intent: 'warning', text: T.already };
  const issued = Number(result.after.keys_issued ?? 0);
  return { intent: 'success', text: issued > 0 ? fillPlaceholders(T.resolvedKeys, { n: issued }) : T.resolved };
}

/** One review: why it is there, its order, and the form that closes it with a reason. */
function ReviewCard({ review, onClosed }: { review: ReviewListItem; onClosed: (outcome: Outcome) => void }) {
  const styles = useStyles();
  const layout = useLayout();
  const { ability } = useSession();
  const [resolution, setResolution] = useState('');
  const [issueKeys, setIssueKeys] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const titleId = `review-${review.id}`;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!resolution.trim()) return setOutcome({ intent: 'error', text: T.empty });
    setBusy(true);
    setOutcome(undefined);
    try {
      onClosed(
        resolvedText(
          await post<DeskActionSummary>(`/desk/payment-reviews/${review.id}/resolve`, { resolution: resolution.trim(), issueKeys }),
        ),
      );
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
      setBusy(false);
    }
  };

  return (
    <li className={styles.card}>
      <Title3 as="h2" block id={titleId}>
        {money(review.amount, review.currency)}: {review.why}
      </Title3>
      <Text className={styles.sub}>
        {T.received} {dateTime(review.received_at)}
      </Text>
      {review.order ? (
        <Text>
          <Link to={`/desk/orders/${review.order.id}`}>{fillPlaceholders(T.order, { id: review.order.id })}</Link> ·{' '}
          {orderStatusText(review.order.status)} · {review.order.quantity} × {review.order.plan_name} · {review.order.email}
        </Text>
      ) : (
        <Text>{T.noOrder}</Text>
      )}
      {ability.can('manage', 'Desk') && (
        <form className={layout.form} onSubmit={(event) => void submit(event)}>
          <Field label={T.resolution} required>
            <Textarea value={resolution} maxLength={MAX_RESOLUTION_LENGTH} onChange={(_, d) => setResolution(d.value)} />
          </Field>
          {review.order && <Checkbox checked={issueKeys} onChange={(_, d) => setIssueKeys(d.checked === true)} label={T.issueKeys} />}
          <div className={layout.row}>
            <Button type="submit" appearance="primary" disabled={busy}>
              {T.resolve}
            </Button>
          </div>
          <OutcomeBar outcome={outcome} />
        </form>
      )}
    </li>
  );
}

/** The payments to review (what `npm run payments` lists), oldest first; each closed with a reason. */
export function PaymentReviews() {
  const styles = useStyles();
  const { data, error, mutate } = useSWR<{ reviews: ReviewListItem[] }, ApiError>('/desk/payment-reviews');
  const [outcome, setOutcome] = useState<Outcome>();

  const closed = (result: Outcome) => {
    setOutcome(result);
    void mutate();
  };

  return (
    <section aria-labelledby="payments-title">
      <Title2 as="h1" block id="payments-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {!data && !error && <Spinner size="small" label={TEXTS.loading} />}
      {data &&
        (data.reviews.length === 0 ? (
          <Text as="p" block>
            {T.none}
          </Text>
        ) : (
          <ul className={styles.list}>
            {data.reviews.map((review) => (
              <ReviewCard key={review.id} review={review} onClosed={closed} />
            ))}
          </ul>
        ))}
    </section>
  );
}
