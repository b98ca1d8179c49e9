import { Badge, Button, Field, Input, makeStyles, Spinner, Text, Title2, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { del, post, type ApiError } from './api';
import { dateTime } from './format';
import { ConfirmButton, failureText, OutcomeBar, useTableStyles, type Outcome } from './ui';

const T = TEXTS.schedule;

/** A scheduled content change as GET /schedules gives it. */
interface Schedule {
  id: number;
  state: 'waiting' | 'running' | 'done' | 'failed' | 'cancelled';
  runAt: string;
  authorName: string | null;
  summary: string[];
  changed: string[];
  error: string | null;
  finishedAt: string | null;
}

const useStyles = makeStyles({
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: '8px', margin: '12px 0' },
});

/** What is coming (cancel a waiting one), what failed and why, and scheduling one's draft for a time. */
export function ScheduleList() {
  const styles = useStyles();
  const table = useTableStyles();
  const { data, error, isLoading, mutate } = useSWR<{ coming: Schedule[]; failed: Schedule[] }, ApiError>('/schedules');
  const [busy, setBusy] = useState<number>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [when, setWhen] = useState('');

  const act = async (id: number, work: () => Promise<unknown>, done: string) => {
    setBusy(id);
    setOutcome(undefined);
    try {
      await work();
      setOutcome({ intent: 'success', text: done });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(undefined);
    }
  };
  // The input's local time, sent with its zone (the browser's).
  const scheduleDraft = () => act(0, () => post('/schedules', { runAt: new Date(when).toISOString(), draft: true }), T.scheduled);

  const rows = (schedules: Schedule[], failed: boolean) => (
    <table className={table.table}>
      <thead>
        <tr>
          <th className={table.th}>{T.when}</th>
          <th className={table.th}>{T.change}</th>
          <th className={table.th}>{failed ? T.why : T.state}</th>
        </tr>
      </thead>
      <tbody>
        {schedules.map((schedule) => (
          <tr key={schedule.id}>
            <td className={table.td}>
              {dateTime(schedule.runAt)}
              {schedule.authorName && <span className={table.sub}>{fillPlaceholders(T.by, { name: schedule.authorName })}</span>}
            </td>
            <td className={table.td}>
              {(schedule.summary.length > 0 ? schedule.summary : schedule.changed).map((line) => (
                <span key={line} className={table.sub}>
                  {line}
                </span>
              ))}
            </td>
            <td className={table.td}>
              <Badge appearance="tint" className={table.badge} color={failed ? 'danger' : 'informative'}>
                {(T.states as Record<string, string>)[schedule.state] ?? schedule.state}
              </Badge>
              {schedule.error && <span className={table.sub}>{schedule.error}</span>}
              {schedule.state === 'waiting' && (
                <ConfirmButton
                  label={T.cancel}
                  question={fillPlaceholders(T.cancelConfirm, { when: dateTime(schedule.runAt) })}
                  busy={busy === schedule.id}
                  onConfirm={() => void act(schedule.id, () => del(`/schedules/${schedule.id}`), T.cancelled)}
                />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <section aria-labelledby="schedule-title">
      <Title2 as="h1" block id="schedule-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <div className={styles.form}>
        <Field label={T.draftAt}>
          <Input type="datetime-local" value={when} onChange={(_, d) => setWhen(d.value)} />
        </Field>
        <Button appearance="primary" disabled={!when || busy === 0} onClick={() => void scheduleDraft()}>
          {T.scheduleDraft}
        </Button>
      </div>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Title3 as="h2" block>
            {T.coming}
          </Title3>
          {data.coming.length === 0 ? <Text as="p">{T.noneComing}</Text> : rows(data.coming, false)}
          <Title3 as="h2" block>
            {T.failed}
          </Title3>
          {data.failed.length === 0 ? <Text as="p">{T.noneFailed}</Text> : rows(data.failed, true)}
        </>
      )}
    </section>
  );
}
