import { Badge, Field, makeStyles, Select, Spinner, Text, Title2 } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import type { EmailListItem } from '../../domain/desk';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { post, type ApiError } from './api';
import { dateTime } from './format';
import { useSession } from './session';
import { ConfirmButton, failureText, OutcomeBar, useTableStyles, type Outcome } from './ui';

const T = TEXTS.emails;
export const emailStatusText = (status: string): string => (T.statuses as Record<string, string>)[status] ?? status;

const useStyles = makeStyles({
  filter: { maxWidth: '280px', margin: '12px 0' },
});

/** The e-mails not sent yet and those that failed, with why; each can be sent again. */
export function EmailList() {
  const styles = useStyles();
  const table = useTableStyles();
  const { ability } = useSession();
  const [params, setParams] = useSearchParams();
  const status = params.get('status') === 'pending' || params.get('status') === 'failed' ? params.get('status')! : '';
  const { data, error, isLoading, mutate } = useSWR<{ counts: Record<string, number>; emails: EmailListItem[] }, ApiError>(
    `/desk/emails${status ? `?status=${status}` : ''}`,
  );
  const [busy, setBusy] = useState<number>();
  const [outcome, setOutcome] = useState<Outcome>();

  const resend = async (id: number) => {
    setBusy(id);
    setOutcome(undefined);
    try {
      await post(`/desk/emails/${id}/resend`);
      setOutcome({ intent: 'success', text: T.resent });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <section aria-labelledby="emails-title">
      <Title2 as="h1" block id="emails-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <Field label={T.show} className={styles.filter}>
        <Select value={status} onChange={(_, d) => setParams(d.value ? { status: d.value } : {}, { replace: true })}>
          <option value="">{T.all}</option>
          <option value="pending">{T.statuses.pending}</option>
          <option value="failed">{T.statuses.failed}</option>
        </Select>
      </Field>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Text as="p" block aria-live="polite">
            {data.emails.length === 0
              ? T.none
              : fillPlaceholders(T.counts, { pending: data.counts.pending ?? 0, failed: data.counts.failed ?? 0 })}
          </Text>
          {data.emails.length > 0 && (
            <table className={table.table}>
              <thead>
                <tr>
                  <th className={table.th}>{T.subject}</th>
                  <th className={table.th}>{T.status}</th>
                  <th className={`${table.th} ${table.wide}`}>{T.written}</th>
                </tr>
              </thead>
              <tbody>
                {data.emails.map((email) => (
                  <tr key={email.id}>
                    <td className={table.td}>
                      {email.subject}
                      <span className={table.sub}>
                        {T.to}: {email.to}
                      </span>
                      {email.orderId !== null && (
                        <Link className={table.sub} to={`/desk/orders/${email.orderId}`}>
                          {fillPlaceholders(T.order, { id: email.orderId })}
                        </Link>
                      )}
                    </td>
                    <td className={table.td}>
                      <Badge appearance="tint" className={table.badge} color={email.status === 'failed' ? 'danger' : 'warning'}>
                        {emailStatusText(email.status)}
                      </Badge>
                      <span className={table.sub}>{fillPlaceholders(T.attempts, { n: email.attempts })}</span>
                      {email.reason && (
                        <span className={table.sub}>
                          {T.reason}: {email.reason}
                        </span>
                      )}
                      {ability.can('manage', 'Desk') && (
                        <ConfirmButton
                          label={T.resend}
                          question={fillPlaceholders(T.resendConfirm, { to: email.to })}
                          busy={busy === email.id}
                          onConfirm={() => void resend(email.id)}
                        />
                      )}
                    </td>
                    <td className={`${table.td} ${table.wide}`}>{dateTime(email.writtenAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
