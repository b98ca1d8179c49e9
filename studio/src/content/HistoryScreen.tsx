import { Button, makeStyles, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR, { mutate } from 'swr';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import type { ApiError } from '../api';
import { dateTime } from '../format';
import { ConfirmButton, failureText, OutcomeBar, useTableStyles, type Outcome } from '../ui';
import { liveRelease, openAsDraft, releasePath, releasesPath, rollBack, type ReleaseDetail, type ReleaseRow } from './history-api';

const T = TEXTS.history;
/** Releases a page shows; one more is asked for, to know whether older ones exist. */
const PAGE = 20;

const useStyles = makeStyles({
  lines: { margin: 0, paddingLeft: '18px' },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200, overflowWrap: 'anywhere' },
  pages: { display: 'flex', gap: '8px', alignItems: 'center', marginTop: '12px', flexWrap: 'wrap' },
  actions: { display: 'flex', flexDirection: 'column', gap: '12px', margin: '16px 0' },
  file: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'center' },
});

const whoText = (release: ReleaseRow) => release.authorName ?? T.theFiles;
const sourceText = (release: ReleaseRow) => T.sources[release.source] ?? release.source;

function Summary({ lines }: { lines: string[] }) {
  const styles = useStyles();
  return (
    <ul className={styles.lines}>
      {lines.map((line, index) => (
        <li key={index}>{line}</li>
      ))}
    </ul>
  );
}

/** /content/history: the releases, newest first, a page at a time; each opens its detail. */
export function HistoryScreen() {
  const styles = useStyles();
  const table = useTableStyles();
  // The numbers each older page starts before; empty: the newest releases.
  const [befores, setBefores] = useState<number[]>([]);
  const { data, error, isLoading } = useSWR<{ releases: ReleaseRow[] }, ApiError>(releasesPath(befores.at(-1), PAGE + 1), {
    keepPreviousData: true,
  });
  const rows = data?.releases.slice(0, PAGE);
  return (
    <section aria-labelledby="history-title">
      <Title2 as="h1" block id="history-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <OutcomeBar outcome={error && { intent: 'error', text: error.message }} />
      {isLoading && !data && <Spinner size="small" label={TEXTS.loading} />}
      {rows?.length === 0 && <Text as="p">{T.none}</Text>}
      {rows && rows.length > 0 && (
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.number}</th>
              <th className={table.th}>{T.what}</th>
              <th className={`${table.th} ${table.wide}`}>{T.who}</th>
              <th className={`${table.th} ${table.wide}`}>{T.when}</th>
              <th className={`${table.th} ${table.wide}`}>{T.commit}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((release) => (
              <tr key={release.number}>
                <td className={table.td}>
                  <Link to={`/content/history/${release.number}`}>{release.number}</Link>
                  <span className={table.sub}>{sourceText(release)}</span>
                </td>
                <td className={table.td}>
                  <Summary lines={release.summary} />
                  <span className={`${table.sub} ${table.narrow}`}>
                    {whoText(release)} · {dateTime(release.createdAt)}
                  </span>
                </td>
                <td className={`${table.td} ${table.wide}`}>{whoText(release)}</td>
                <td className={`${table.td} ${table.wide}`}>{dateTime(release.createdAt)}</td>
                <td className={`${table.td} ${table.wide} ${styles.mono}`}>{release.recordedCommit?.slice(0, 10) ?? T.notRecorded}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className={styles.pages}>
        {befores.length > 0 && <Button onClick={() => setBefores([])}>{T.newest}</Button>}
        {data && rows && data.releases.length > PAGE && (
          <Button onClick={() => setBefores([...befores, rows.at(-1)!.number])}>{T.older}</Button>
        )}
      </div>
    </section>
  );
}

/** /content/history/:number: one release, its changed files, its rollback and "open as draft". */
export function ReleaseScreen() {
  const styles = useStyles();
  const number = Number(useParams().number);
  const { data, error } = useSWR<ReleaseDetail, ApiError>(releasePath(number));
  const [outcome, setOutcome] = useState<Outcome>();
  const [busy, setBusy] = useState(false);

  const act = async (action: () => Promise<string>) => {
    setBusy(true);
    try {
      setOutcome({ intent: 'success', text: await action() });
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };
  const rollBackNow = () =>
    act(async () => {
      const done = await rollBack(number, await liveRelease());
      await mutate((key) => typeof key === 'string' && key.startsWith('/editor/'));
      return fillPlaceholders(T.rolledBack, { release: done.release, old: number });
    });
  const open = (file: string) =>
    act(async () => {
      await openAsDraft(number, file);
      return fillPlaceholders(T.opened, { file });
    });

  return (
    <section aria-labelledby="release-title">
      <Link to="/content/history">{T.back}</Link>
      <Title2 as="h1" block id="release-title">
        {fillPlaceholders(T.detailTitle, { release: number })}
      </Title2>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {!data && !error && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Text as="p" block>
            {sourceText(data.release)} · {whoText(data.release)} · {dateTime(data.release.createdAt)}
            {data.release.recordedCommit && ` · ${data.release.recordedCommit.slice(0, 10)}`}
          </Text>
          {data.release.reviewer && <Text as="p">{fillPlaceholders(T.reviewer, { reviewer: data.release.reviewer })}</Text>}
          <Summary lines={data.release.summary} />
          <div className={styles.actions}>
            {number === 1 ? (
              <Text>{T.first}</Text>
            ) : (
              <ConfirmButton
                label={T.rollBack}
                question={fillPlaceholders(T.rollBackQuestion, { release: number })}
                busy={busy}
                onConfirm={() => void rollBackNow()}
              />
            )}
          </div>
          <Title2 as="h2" block>
            {T.files}
          </Title2>
          {Object.entries(data.files).map(([file, { after }]) => (
            <div key={file} className={styles.file}>
              <span className={styles.mono}>{file}</span>
              {after !== null && (
                <Button size="small" disabled={busy} onClick={() => void open(file)}>
                  {T.openFile}
                </Button>
              )}
            </div>
          ))}
        </>
      )}
    </section>
  );
}
