import { Button, Field, Input, makeStyles, Select, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import type { AuditEntryRow } from '../../domain/audit';
import TEXTS from '../texts.json';
import { API, type ApiError } from './api';
import { dateTimeSeconds } from './format';
import { OutcomeBar, useTableStyles } from './ui';

const T = TEXTS.audit;
/** Rows a page shows; one more is asked for, to know whether older rows exist. */
const PAGE = 50;
const MAX_ACTOR_LENGTH = 254;

/** The filters of the address: the action (or its group), who, and a period of whole days. */
interface Filters {
  action: string;
  actor: string;
  from: string;
  to: string;
}

const FILTER_NAMES = ['action', 'actor', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The start of a day (yyyy-mm-dd) in the browser's time zone, `days` later, as the API's date-time. */
function dayStart(day: string, days = 0): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year, month - 1, date + days).toISOString();
}

/** The API's query of the filters: a day's "to" includes that day. */
function apiQuery(filters: Filters): URLSearchParams {
  const query = new URLSearchParams();
  if (filters.action) query.set('action', filters.action);
  if (filters.actor.trim()) query.set('actor', filters.actor.trim().slice(0, MAX_ACTOR_LENGTH));
  if (DAY.test(filters.from)) query.set('from', dayStart(filters.from));
  if (DAY.test(filters.to)) query.set('to', dayStart(filters.to, 1));
  return query;
}

export const actionText = (action: string): string => (T.actionNames as Record<string, string>)[action] ?? action;

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end', margin: '12px 0' },
  filter: { minWidth: '160px', flexGrow: 1, maxWidth: '320px' },
  // The actions' names are long: the picker keeps to its field's width.
  select: { width: '100%', maxWidth: '100%' },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  narrow: { display: 'none', '@media (max-width: 640px)': { display: 'block' } },
  what: { fontWeight: tokens.fontWeightSemibold },
  pages: { display: 'flex', gap: '8px', alignItems: 'center', marginTop: '12px', flexWrap: 'wrap' },
});

/** The audit trail, newest first: filters by action, who and dates, older rows a page at a time, the filtered rows as CSV. */
export function AuditTrail() {
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, params.get(name) ?? ''])) as unknown as Filters;
  const [typed, setTyped] = useState<Filters>(filters);
  const [problem, setProblem] = useState<string>();
  // The ids each older page starts before; empty: the newest rows.
  const [befores, setBefores] = useState<number[]>([]);
  const query = apiQuery(filters);
  const before = befores.at(-1);
  const page = new URLSearchParams(query);
  page.set('limit', String(PAGE + 1));
  if (before !== undefined) page.set('before', String(before));
  const { data, error, isLoading } = useSWR<AuditEntryRow[], ApiError>(`/audit?${page}`, { keepPreviousData: true });
  const rows = data?.slice(0, PAGE);

  const show = (next: Filters) => {
    if (DAY.test(next.from) && DAY.test(next.to) && next.to < next.from) return setProblem(T.datesOrder);
    setProblem(undefined);
    setBefores([]);
    setParams(Object.fromEntries(FILTER_NAMES.flatMap((name) => (next[name].trim() ? [[name, next[name].trim()]] : []))), {
      replace: true,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show(typed);
  };
  const clear = () => {
    const none = { action: '', actor: '', from: '', to: '' };
    setTyped(none);
    show(none);
  };
  const set = (name: keyof Filters) => (_: unknown, data: { value: string }) => setTyped({ ...typed, [name]: data.value });

  return (
    <section aria-labelledby="audit-title">
      <Title2 as="h1" block id="audit-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <form className={styles.filters} onSubmit={submit} role="search" aria-label={T.title}>
        <Field label={T.action} className={styles.filter}>
          <Select className={styles.select} select={{ className: styles.select }} value={typed.action} onChange={set('action')}>
            <option value="">{T.anyAction}</option>
            {Object.entries(T.actions).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={T.actor} className={styles.filter}>
          <Input type="email" maxLength={MAX_ACTOR_LENGTH} value={typed.actor} onChange={set('actor')} />
        </Field>
        <Field label={T.from} className={styles.filter}>
          <Input type="date" value={typed.from} onChange={set('from')} />
        </Field>
        <Field label={T.to} className={styles.filter}>
          <Input type="date" value={typed.to} onChange={set('to')} />
        </Field>
        <div className={styles.buttons}>
          <Button type="submit" appearance="primary">
            {T.apply}
          </Button>
          <Button onClick={clear}>{T.clear}</Button>
          <Button as="a" href={`${API}/audit.csv?${query}`} download="audit.csv">
            {T.export}
          </Button>
        </div>
      </form>
      <OutcomeBar outcome={problem ? { intent: 'error', text: problem } : error && { intent: 'error', text: error.message }} />
      {isLoading && !data && <Spinner size="small" label={TEXTS.loading} />}
      {rows && (
        <>
          <Text as="p" block aria-live="polite">
            {rows.length === 0 ? T.none : fillPlaceholders(T.shown, { n: rows.length })}
          </Text>
          {rows.length > 0 && <AuditTable rows={rows} />}
          <div className={styles.pages}>
            {befores.length > 0 && <Button onClick={() => setBefores([])}>{T.newest}</Button>}
            {data!.length > PAGE && <Button onClick={() => setBefores([...befores, rows.at(-1)!.id])}>{T.older}</Button>}
          </div>
        </>
      )}
    </section>
  );
}

/** Where a row came from: its IP and request id. */
const whereText = (row: AuditEntryRow): string =>
  [row.ip && fillPlaceholders(T.ip, { ip: row.ip }), row.request_id && fillPlaceholders(T.request, { id: row.request_id })]
    .filter(Boolean)
    .join(' · ');

/** The short before and after of a row, as the trail keeps them (JSON). */
const changeText = (row: AuditEntryRow): string => (row.before || row.after ? `${row.before ?? '–'} → ${row.after ?? '–'}` : '');

function AuditTable({ rows }: { rows: AuditEntryRow[] }) {
  const styles = useStyles();
  const table = useTableStyles();
  return (
    <table className={table.table}>
      <thead>
        <tr>
          <th className={table.th}>{T.what}</th>
          <th className={`${table.th} ${table.wide}`}>{T.when}</th>
          <th className={`${table.th} ${table.wide}`}>{T.who}</th>
          <th className={`${table.th} ${table.wide}`}>{T.onWhat}</th>
          <th className={`${table.th} ${table.wide}`}>{T.change}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className={table.td}>
              <span className={styles.what}>{actionText(row.action)}</span>
              <span className={`${table.sub} ${styles.mono}`}>{row.action}</span>
              <span className={`${table.sub} ${styles.narrow}`}>
                {dateTimeSeconds(row.at)} · {row.actor ?? T.nobody}
              </span>
              {row.target && <span className={`${table.sub} ${styles.narrow}`}>{`${T.onWhat}: ${row.target}`}</span>}
              <span className={`${table.sub} ${styles.narrow} ${styles.mono}`}>{changeText(row)}</span>
              <span className={`${table.sub} ${styles.narrow}`}>{whereText(row)}</span>
            </td>
            <td className={`${table.td} ${table.wide}`}>{dateTimeSeconds(row.at)}</td>
            <td className={`${table.td} ${table.wide}`}>
              {row.actor ?? T.nobody}
              <span className={table.sub}>{whereText(row)}</span>
            </td>
            <td className={`${table.td} ${table.wide}`}>{row.target}</td>
            <td className={`${table.td} ${table.wide} ${styles.mono}`}>{changeText(row)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
