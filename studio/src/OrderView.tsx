import { makeStyles, Spinner, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import type { OpenedOrder } from '../../domain/desk';
import TEXTS from '../texts.json';
import { post, type ApiError } from './api';
import { emailStatusText } from './EmailList';
import { dateTime, money, orderStatusText } from './format';
import { useSession } from './session';
import { ConfirmButton, failureText, OutcomeBar, useTableStyles, type Outcome } from './ui';

const T = TEXTS.orders;

const useStyles = makeStyles({
  pairs: { display: 'grid', gridTemplateColumns: 'minmax(110px, max-content) minmax(0, 1fr)', gap: '6px 16px', margin: 0 },
  pair: { display: 'contents' },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  section: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '20px' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});

/** Label and value pairs, as a description list. */
export function Pairs({ pairs }: { pairs: Array<[string, string]> }) {
  const styles = useStyles();
  return (
    <dl className={styles.pairs}>
      {pairs.map(([label, value]) => (
        <div key={label} className={styles.pair}>
          <dt className={styles.label}>{label}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** One order opened: what was bought, its payment events, e-mails and keys (codes masked); resend its key e-mail. */
export function OrderView() {
  const styles = useStyles();
  const table = useTableStyles();
  const { id } = useParams();
  const { ability } = useSession();
  const { data, error, mutate } = useSWR<OpenedOrder, ApiError>(`/desk/orders/${id}`);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const resend = async () => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await post(`/desk/orders/${id}/resend-keys`);
      setOutcome({ intent: 'success', text: T.resent });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const back = <Link to="/desk/orders">{T.back}</Link>;
  if (error)
    return (
      <>
        {back}
        <OutcomeBar outcome={{ intent: 'error', text: error.message }} />
      </>
    );
  if (!data) return <Spinner size="small" label={TEXTS.loading} />;

  const { lines, currency } = data;
  const when: Array<[string, string]> = [[T.created, dateTime(data.createdAt)]];
  if (data.paidAt) when.push([T.paidAt, dateTime(data.paidAt)]);
  if (data.cancelledAt) when.push([T.cancelledAt, dateTime(data.cancelledAt)]);
  return (
    <article aria-labelledby="order-title">
      {back}
      <Title2 as="h1" block id="order-title">
        {fillPlaceholders(T.openTitle, { id: data.id })}: {orderStatusText(data.status)}
      </Title2>
      <Pairs pairs={[[T.buyer, data.email], ...when]} />

      <section className={styles.section} aria-labelledby="order-lines">
        <Title3 as="h2" block id="order-lines">
          {T.lines}
        </Title3>
        <Pairs
          pairs={[
            [T.plan, lines.plan],
            [T.quantity, String(lines.quantity)],
            [T.members, String(lines.members)],
            [T.unitAmount, money(lines.unitAmount, currency)],
            [T.subtotal, money(lines.subtotal, currency)],
            [T.discount, money(lines.discount, currency)],
            [T.vat, money(lines.vat, currency)],
            [T.total, money(lines.total, currency)],
          ]}
        />
      </section>

      <section className={styles.section} aria-labelledby="order-payments">
        <Title3 as="h2" block id="order-payments">
          {T.payments}
        </Title3>
        {data.payments.length === 0 ? (
          <Text as="p" block>
            {T.noPayments}
          </Text>
        ) : (
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th}>{T.event}</th>
                <th className={table.th}>{T.outcome}</th>
                <th className={`${table.th} ${table.wide}`}>{T.received}</th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((event) => (
                <tr key={event.eventId}>
                  <td className={table.td}>
                    {event.type}
                    <span className={table.sub}>{event.eventId}</span>
                  </td>
                  <td className={table.td}>{event.outcome}</td>
                  <td className={`${table.td} ${table.wide}`}>{dateTime(event.receivedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section className={styles.section} aria-labelledby="order-emails">
        <Title3 as="h2" block id="order-emails">
          {T.emails}
        </Title3>
        {data.emails.length === 0 ? (
          <Text as="p" block>
            {T.noEmails}
          </Text>
        ) : (
          <ul>
            {data.emails.map((email) => (
              <li key={email.id}>
                {email.subject} · {email.to} · {emailStatusText(email.status)}
                {email.reason ? ` · ${email.reason}` : ''}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className={styles.section} aria-labelledby="order-keys">
        <Title3 as="h2" block id="order-keys">
          {T.keys}
        </Title3>
        {data.keys.length === 0 ? (
          <Text as="p" block>
            {T.noKeys}
          </Text>
        ) : (
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th}>{T.accessKey}</th>
                <th className={table.th}>{T.code}</th>
                <th className={`${table.th} ${table.wide}`}>{T.keyStatus}</th>
              </tr>
            </thead>
            <tbody>
              {data.keys.map((key) => (
                <tr key={key.accessKey}>
                  <td className={`${table.td} ${styles.mono}`}>{key.accessKey}</td>
                  <td className={`${table.td} ${styles.mono}`}>{key.activationCode}</td>
                  <td className={`${table.td} ${table.wide}`}>{T.keyStatuses[key.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {ability.can('manage', 'Desk') && (
          <ConfirmButton
            label={T.resend}
            question={fillPlaceholders(T.resendConfirm, { email: data.email })}
            busy={busy}
            onConfirm={() => void resend()}
          />
        )}
        <OutcomeBar outcome={outcome} />
      </section>
    </article>
  );
}
