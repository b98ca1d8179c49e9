import { Field, makeStyles, mergeClasses, shorthands, Spinner, Text, Title2, tokens } from '@fluentui/react-components';
import { useState, type DragEvent } from 'react';
import useSWR from 'swr';
import { fillPlaceholders } from '../../../domain/text';
import TEXTS from '../../texts.json';
import { del, type ApiError } from '../api';
import { failureText, OutcomeBar, type Outcome } from '../ui';
import { MediaCard } from './MediaCard';
import { MEDIA_KEY, uploadMedia, type MediaEntry } from './media-api';

const T = TEXTS.media;

/** The file types the picker offers (the server judges the bytes). */
const ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/svg+xml';

const useStyles = makeStyles({
  upload: {
    display: 'flex',
    flexDirection: 'column',
    gap: '8px',
    margin: '12px 0',
    padding: '12px',
    border: `2px dashed ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  over: { ...shorthands.borderColor(tokens.colorCompoundBrandStroke), backgroundColor: tokens.colorBrandBackground2 },
  grid: {
    listStyle: 'none',
    margin: '12px 0',
    padding: 0,
    display: 'grid',
    gap: '12px',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
  },
});

/** `/content/media`: every image with where the live site uses it; upload one, delete one no content uses. */
export function MediaScreen() {
  const styles = useStyles();
  const { data, error, isLoading, mutate } = useSWR<{ media: MediaEntry[] }, ApiError>(MEDIA_KEY);
  const [busy, setBusy] = useState<string>();
  const [outcome, setOutcome] = useState<Outcome>();
  const [over, setOver] = useState(false);

  const act = async (key: string, work: () => Promise<string>) => {
    setBusy(key);
    setOutcome(undefined);
    try {
      setOutcome({ intent: 'success', text: await work() });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(undefined);
    }
  };
  const upload = (file: File | undefined) => {
    if (!file || busy) return;
    const known = new Set(data?.media.map((entry) => entry.name));
    void act('upload', async () => {
      const entry = await uploadMedia(file);
      return fillPlaceholders(known.has(entry.name) ? T.already : T.uploaded, { name: entry.name });
    });
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    upload(event.dataTransfer.files[0]);
  };

  return (
    <section aria-labelledby="media-title">
      <Title2 as="h1" block id="media-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <div
        className={mergeClasses(styles.upload, over && styles.over)}
        onDragOver={(event) => {
          event.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <Field label={T.upload} hint={T.uploadHint}>
          {(fieldProps) => (
            <input
              {...fieldProps}
              type="file"
              accept={ACCEPT}
              disabled={busy === 'upload'}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                upload(file);
              }}
            />
          )}
        </Field>
        {busy === 'upload' && <Spinner size="tiny" label={T.uploading} />}
      </div>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && data.media.length === 0 && <Text as="p">{T.none}</Text>}
      {data && data.media.length > 0 && (
        <ul className={styles.grid} aria-label={T.list}>
          {data.media.map((entry) => (
            <MediaCard
              key={entry.name}
              entry={entry}
              busy={busy === entry.name}
              onDelete={() =>
                void act(entry.name, async () => {
                  await del(`${MEDIA_KEY}/${encodeURIComponent(entry.name)}`);
                  return fillPlaceholders(T.deleted, { name: entry.name });
                })
              }
            />
          ))}
        </ul>
      )}
    </section>
  );
}
