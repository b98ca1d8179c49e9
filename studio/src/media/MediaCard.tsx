import { Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { Warning16Regular } from '@fluentui/react-icons';
import { useId } from 'react';
import { fillPlaceholders } from '../../../domain/text';
import { sizeText } from '../../../domain/media';
import TEXTS from '../../texts.json';
import { dateTime } from '../format';
import { ConfirmButton } from '../ui';
import { mediaSrc, type MediaEntry } from './media-api';

const T = TEXTS.media;

const useStyles = makeStyles({
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: '6px',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: 0,
  },
  thumb: {
    width: '100%',
    aspectRatio: '4 / 3',
    objectFit: 'contain',
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusSmall,
  },
  name: { margin: 0, fontSize: tokens.fontSizeBase300, fontWeight: tokens.fontWeightSemibold, overflowWrap: 'anywhere' },
  sub: { color: tokens.colorNeutralForeground3 },
  uses: { margin: 0, paddingLeft: '18px' },
  warning: { display: 'flex', gap: '4px', color: tokens.colorPaletteDarkOrangeForeground1 },
});

/** Why an image cannot be deleted, in words, or undefined when it can. */
const keptBecause = (entry: MediaEntry): string | undefined => (entry.uses.length > 0 ? T.inUse : !entry.stored ? T.inFiles : undefined);

/**
 * One image of the library: its thumbnail, name, size, who uploaded it and when, where the live site
 * uses it (and where the alt text the gate requires is missing), and Delete, asked first, or disabled
 * with the reason beside it while it is in use or part of the site's files.
 */
export function MediaCard({ entry, busy, onDelete }: { entry: MediaEntry; busy: boolean; onDelete: () => void }) {
  const styles = useStyles();
  const reasonId = useId();
  const kept = keptBecause(entry);
  return (
    <li className={styles.card} aria-labelledby={`${reasonId}-name`}>
      <img src={mediaSrc(entry.url)} alt="" className={styles.thumb} loading="lazy" />
      <h2 id={`${reasonId}-name`} className={styles.name}>
        {entry.name}
      </h2>
      <Text size={200} className={styles.sub}>
        {sizeText(entry.size)}
        {entry.uploadedBy && entry.createdAt
          ? ` · ${fillPlaceholders(T.uploadedBy, { who: entry.uploadedBy, when: dateTime(entry.createdAt) })}`
          : entry.inFiles
            ? ` · ${T.ofFiles}`
            : ''}
      </Text>
      {entry.uses.length === 0 ? (
        <Text size={200}>{T.notUsed}</Text>
      ) : (
        <>
          <Text size={200} weight="semibold">
            {T.usedIn}
          </Text>
          <ul className={styles.uses}>
            {entry.uses.map((use) => (
              <li key={`${use.file}${use.pointer}`}>
                <Text size={200}>{use.item === null ? use.resource : `${use.resource} › ${use.item}`}</Text>
                {use.altMissing && (
                  <Text size={200} className={styles.warning} role="note">
                    <Warning16Regular aria-hidden /> {T.altMissing}
                  </Text>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {kept ? (
        <>
          <Button disabled aria-describedby={reasonId}>
            {T.delete}
          </Button>
          <Text id={reasonId} size={200} className={styles.sub}>
            {kept}
          </Text>
        </>
      ) : (
        <ConfirmButton
          label={T.delete}
          question={fillPlaceholders(T.deleteQuestion, { name: entry.name })}
          busy={busy}
          onConfirm={onDelete}
        />
      )}
    </li>
  );
}
