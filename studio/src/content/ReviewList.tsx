import { Spinner, Text, Title2 } from '@fluentui/react-components';
import { Link } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import type { ApiError } from '../api';
import { dateTime } from '../format';
import { OutcomeBar, useTableStyles } from '../ui';
import type { ReviewItem } from './reviews-api';

const T = TEXTS.reviews;

/** The open review requests, oldest first: the change in words, who asked and when. */
export function ReviewList() {
  const table = useTableStyles();
  const { data, error, isLoading } = useSWR<{ reviews: ReviewItem[] }, ApiError>('/reviews');
  return (
    <section aria-labelledby="reviews-title">
      <Title2 as="h1" block id="reviews-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <OutcomeBar outcome={error && { intent: 'error', text: error.message }} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && data.reviews.length === 0 && <Text as="p">{T.none}</Text>}
      {data && data.reviews.length > 0 && (
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.change}</th>
              <th className={table.th}>{T.asked}</th>
            </tr>
          </thead>
          <tbody>
            {data.reviews.map((review) => (
              <tr key={review.id}>
                <td className={table.td}>
                  <Link to={`/content/reviews/${review.id}`}>{fillPlaceholders(T.requestTitle, { id: review.id })}</Link>
                  {review.summary.map((line) => (
                    <span key={line} className={table.sub}>
                      {line}
                    </span>
                  ))}
                </td>
                <td className={table.td}>
                  {dateTime(review.createdAt)}
                  <span className={table.sub}>{fillPlaceholders(T.by, { email: review.authorEmail })}</span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
