import { Button, Field, Link as FluentLink, Text, Textarea } from '@fluentui/react-components';
import { useState } from 'react';
import { Link } from 'react-router';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { failureText, type Outcome } from '../ui';
import { requestReview } from './reviews-api';

const T = TEXTS.content;

/**
 * With review before publish on, the draft's "Publish" becomes "Request review" with an optional
 * message; while the person's request is open, a link to it instead.
 */
export function RequestReview({
  baseRelease,
  openReview,
  disabled,
  onDone,
}: {
  baseRelease: number;
  openReview: number | null;
  disabled: boolean;
  onDone: (outcome: Outcome) => void;
}) {
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  if (openReview !== null)
    return (
      <Text>
        {fillPlaceholders(T.openReview, { id: openReview })}{' '}
        <FluentLink as="span">
          <Link to={`/content/reviews/${openReview}`}>{T.openReviewLink}</Link>
        </FluentLink>
      </Text>
    );
  const ask = async () => {
    setBusy(true);
    try {
      const { id, publishers } = await requestReview(baseRelease, message);
      setMessage('');
      onDone({
        intent: publishers > 0 ? 'success' : 'warning',
        text: fillPlaceholders(publishers === 0 ? T.requestedNobody : publishers === 1 ? T.requestedOne : T.requested, {
          id,
          count: publishers,
        }),
      });
    } catch (failure) {
      onDone({ intent: 'error', text: failureText(failure) });
    }
    setBusy(false);
  };
  return (
    <>
      <Field label={T.reviewMessage}>
        <Textarea value={message} maxLength={4000} onChange={(_, data) => setMessage(data.value)} />
      </Field>
      <Button appearance="primary" disabled={busy || disabled} onClick={() => void ask()}>
        {busy ? T.requesting : T.requestReview}
      </Button>
    </>
  );
}
