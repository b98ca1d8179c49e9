import {
  Badge,
  Button,
  Field,
  Link,
  makeStyles,
  Select,
  Spinner,
  Text,
  Textarea,
  Title2,
  Title3,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import useSWR, { mutate as mutateCache } from 'swr';
import { fillPlaceholders } from '../../domain/text';
import { MAX_NOTE_LENGTH, SUBMISSION_STATUSES, type OpenedSubmission } from '../../domain/desk';
import TEXTS from '../texts.json';
import { API, ApiError, post, put } from './api';
import { age, dateTime, statusText } from './format';
import { useSession } from './session';
import { OutcomeBar, type Outcome } from './ui';

const T = TEXTS.submission;

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px 12px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: '24px',
    '@media (max-width: 800px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  fields: { display: 'grid', gridTemplateColumns: 'minmax(120px, max-content) minmax(0, 1fr)', gap: '6px 16px', margin: 0 },
  pair: { display: 'contents' },
  label: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  panel: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  notes: { listStyle: 'none', padding: 0, margin: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  note: { padding: '8px', borderRadius: tokens.borderRadiusMedium, backgroundColor: tokens.colorNeutralBackground2 },
  noteText: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '4px 0 0' },
});

/** One submission opened: its fields, files, notes; its status, assignee and a new note. */
export function SubmissionView() {
  const styles = useStyles();
  const { id } = useParams();
  const { me } = useSession();
  const key = `/desk/submissions/${id}`;
  const { data, error, mutate } = useSWR<OpenedSubmission, ApiError>(key);
  const [status, setStatus] = useState<string>();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Outcome>();

  const act = async (action: () => Promise<unknown>, after?: () => void) => {
    setBusy(true);
    setMessage(undefined);
    try {
      await action();
      after?.();
      // The lists show status and assignee too: their cached pages are dropped, so the next list
      // the person opens is read anew.
      await mutateCache((cached) => typeof cached === 'string' && cached.startsWith('/desk/forms/'), undefined, { revalidate: true });
      await mutate();
      setMessage({ intent: 'success', text: T.saved });
    } catch (failure) {
      setMessage({ intent: 'error', text: failure instanceof ApiError ? failure.message : TEXTS.errors.server });
    } finally {
      setBusy(false);
    }
  };

  const back = <RouterLink to={`/desk/submissions${data ? `?form=${encodeURIComponent(data.form)}` : ''}`}>{T.back}</RouterLink>;
  if (error)
    return (
      <>
        {back}
        <OutcomeBar outcome={{ intent: 'error', text: error.message }} />
      </>
    );
  if (!data) return <Spinner size="small" label={TEXTS.loading} />;

  const chosen = status ?? data.status;
  const mine = data.assignee === me.email;
  return (
    <article aria-labelledby="submission-title">
      {back}
      <div className={styles.head}>
        <Title2 as="h1" id="submission-title">
          {fillPlaceholders(T.title, { id: data.id })}: {data.name}
        </Title2>
        <Badge appearance="tint">{statusText(data.status)}</Badge>
      </div>
      <Text as="p">{fillPlaceholders(T.submittedAt, { at: dateTime(data.submittedAt), age: age(data.ageSeconds) })}</Text>
      <OutcomeBar outcome={message} />
      <div className={styles.grid}>
        <div className={styles.panel}>
          <Title3 as="h2">{T.fields}</Title3>
          <dl className={styles.fields}>
            {data.fields.map((field) => (
              <div key={field.name} className={styles.pair}>
                <dt className={styles.label}>{field.label}</dt>
                <dd className={styles.value}>{field.value}</dd>
              </div>
            ))}
          </dl>
          <Title3 as="h2">{T.files}</Title3>
          {data.files.length === 0 && <Text>{T.noFiles}</Text>}
          {data.files.map((file) =>
            file.removedAt ? (
              <Text key={file.id}>{fillPlaceholders(T.removed, { name: file.filename })}</Text>
            ) : (
              <Link key={file.id} href={`${API}/desk/submissions/${data.id}/files/${file.id}`} download={file.filename}>
                {fillPlaceholders(T.download, { name: file.filename })}
              </Link>
            ),
          )}
        </div>
        <div className={styles.panel}>
          <div className={styles.row}>
            <Field label={T.status}>
              <Select value={chosen} onChange={(_, d) => setStatus(d.value)}>
                {SUBMISSION_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {statusText(value)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button
              disabled={busy || chosen === data.status}
              onClick={() =>
                void act(
                  () => put(`${key}/status`, { status: chosen }),
                  () => setStatus(undefined),
                )
              }
            >
              {T.setStatus}
            </Button>
          </div>
          <Text>
            {T.assignee}: {data.assignee ?? TEXTS.desk.nobody}
          </Text>
          <div className={styles.row}>
            <Button disabled={busy || mine} onClick={() => void act(() => put(`${key}/assignee`, { assignee: me.email }))}>
              {T.assignMe}
            </Button>
            {data.assignee && (
              <Button appearance="subtle" disabled={busy} onClick={() => void act(() => put(`${key}/assignee`, { assignee: null }))}>
                {T.unassign}
              </Button>
            )}
          </div>
          <Title3 as="h2">{T.notes}</Title3>
          {data.notes.length === 0 && <Text>{T.noNotes}</Text>}
          <ul className={styles.notes}>
            {data.notes.map((entry) => (
              <li key={entry.id} className={styles.note}>
                <Text size={200}>
                  {entry.author} · {dateTime(entry.at)}
                </Text>
                <p className={styles.noteText}>{entry.text}</p>
              </li>
            ))}
          </ul>
          <Field label={T.note}>
            <Textarea value={note} maxLength={MAX_NOTE_LENGTH} resize="vertical" onChange={(_, d) => setNote(d.value)} />
          </Field>
          <Button
            appearance="primary"
            disabled={busy}
            onClick={() =>
              note.trim()
                ? void act(
                    () => post(`${key}/notes`, { note: note.trim() }),
                    () => setNote(''),
                  )
                : setMessage({ intent: 'error', text: T.noteEmpty })
            }
          >
            {T.addNote}
          </Button>
        </div>
      </div>
    </article>
  );
}
