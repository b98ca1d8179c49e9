import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Text,
  Title2,
  tokens,
} from '@fluentui/react-components';
import { Link, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import { MAX_SEARCH_LENGTH, SUBMISSION_STATUSES, type SubmissionListItem } from '../../domain/desk';
import TEXTS from '../texts.json';
import type { ApiError } from './api';
import { age, formName, statusText } from './format';
import { useTableStyles } from './ui';

const T = TEXTS.desk;
const PAGE_SIZE = 25;

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: '12px', alignItems: 'flex-end', margin: '12px 0' },
  filter: { minWidth: '160px', flexGrow: 1, maxWidth: '320px' },
  name: { fontWeight: tokens.fontWeightSemibold },
  pages: { display: 'flex', gap: '8px', alignItems: 'center', marginTop: '12px', flexWrap: 'wrap' },
});

/** Submissions of a form: status filter and search (name, e-mail), newest first, a page at a time. */
export function SubmissionList() {
  const styles = useStyles();
  const table = useTableStyles();
  const [params, setParams] = useSearchParams();
  const { data: forms, error: formsError } = useSWR<{ forms: Array<{ key: string; title: string }> }, ApiError>('/desk/forms');
  const form = params.get('form') ?? forms?.forms[0]?.key;
  const status = params.get('status') ?? '';
  const search = params.get('search') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const query = new URLSearchParams({ page: String(page), pageSize: String(PAGE_SIZE) });
  if (status) query.set('status', status);
  if (search.trim()) query.set('search', search.trim().slice(0, MAX_SEARCH_LENGTH));
  const { data, error, isLoading } = useSWR<{ items: SubmissionListItem[]; total: number }, ApiError>(
    form ? `/desk/forms/${encodeURIComponent(form)}/submissions?${query}` : null,
    { keepPreviousData: true },
  );

  const change = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (form) next.set('form', form);
    if (value) next.set(name, value);
    else next.delete(name);
    if (name !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };

  const problem = formsError ?? error;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  return (
    <section aria-labelledby="submissions-title">
      <Title2 as="h1" id="submissions-title">
        {T.title}
      </Title2>
      <div className={styles.filters}>
        <Field label={T.form} className={styles.filter}>
          <Select value={form ?? ''} onChange={(_, d) => change('form', d.value)}>
            {forms?.forms.map((option) => (
              <option key={option.key} value={option.key}>
                {formName(option)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={T.status} className={styles.filter}>
          <Select value={status} onChange={(_, d) => change('status', d.value)}>
            <option value="">{T.anyStatus}</option>
            {SUBMISSION_STATUSES.map((value) => (
              <option key={value} value={value}>
                {statusText(value)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={T.search} className={styles.filter}>
          <Input type="search" value={search} maxLength={MAX_SEARCH_LENGTH} onChange={(_, d) => change('search', d.value)} />
        </Field>
      </div>
      {problem && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{problem.message}</MessageBarBody>
        </MessageBar>
      )}
      {isLoading && !data && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Text as="p" aria-live="polite">
            {data.items.length === 0 ? T.none : fillPlaceholders(T.count, { total: data.total })}
          </Text>
          {data.items.length > 0 && (
            <table className={table.table}>
              <thead>
                <tr>
                  <th className={table.th}>{T.name}</th>
                  <th className={table.th}>{T.status}</th>
                  <th className={`${table.th} ${table.wide}`}>{T.assignee}</th>
                  <th className={`${table.th} ${table.wide}`}>{T.age}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((item) => (
                  <tr key={item.id}>
                    <td className={table.td}>
                      <Link className={styles.name} to={`/desk/submissions/${item.id}`}>
                        {item.name}
                      </Link>
                      <span className={table.sub}>{item.email}</span>
                      <span className={`${table.sub} ${table.narrow}`}>
                        {item.assignee ?? T.nobody} · {age(item.ageSeconds)}
                      </span>
                    </td>
                    <td className={table.td}>
                      <Badge
                        appearance="tint"
                        className={table.badge}
                        color={item.status === 'done' ? 'success' : item.status === 'new' ? 'brand' : 'warning'}
                      >
                        {statusText(item.status)}
                      </Badge>
                    </td>
                    <td className={`${table.td} ${table.wide}`}>{item.assignee ?? T.nobody}</td>
                    <td className={`${table.td} ${table.wide}`}>{age(item.ageSeconds)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {pages > 1 && (
            <div className={styles.pages}>
              <Button disabled={page <= 1} onClick={() => change('page', String(page - 1))}>
                {T.previous}
              </Button>
              <Text>
                {page} / {pages}
              </Text>
              <Button disabled={page >= pages} onClick={() => change('page', String(page + 1))}>
                {T.next}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
