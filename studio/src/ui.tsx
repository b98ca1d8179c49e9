import { Button, makeStyles, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import TEXTS from '../texts.json';
import { ApiError } from './api';

/** The desk's tables: a row a record, secondary columns folded under the first one on a phone. */
export const useTableStyles = makeStyles({
  table: { width: '100%', borderCollapse: 'collapse' },
  th: { textAlign: 'left', padding: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke1}`, fontWeight: tokens.fontWeightSemibold },
  td: { padding: '8px', borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, verticalAlign: 'top', overflowWrap: 'anywhere' },
  // On a phone the secondary columns (`wide`) are hidden, and what they say goes under the first
  // column instead (`narrow`: shown on a phone only).
  wide: { '@media (max-width: 640px)': { display: 'none' } },
  narrow: { display: 'none', '@media (max-width: 640px)': { display: 'block' } },
  // A status badge keeps its word whole in a narrow column (cells may break anywhere else).
  badge: { whiteSpace: 'nowrap' },
  sub: { display: 'block', color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

/** The layout pieces the studio's screens share. */
export const useLayout = makeStyles({
  page: { display: 'flex', justifyContent: 'center', padding: '32px 16px' },
  card: {
    width: '100%',
    maxWidth: '440px',
    display: 'flex',
    flexDirection: 'column',
    gap: '16px',
    padding: '24px',
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow8,
  },
  form: { display: 'flex', flexDirection: 'column', gap: '12px' },
  row: { display: 'flex', flexWrap: 'wrap', gap: '8px', alignItems: 'flex-end' },
  mono: { fontFamily: tokens.fontFamilyMonospace, wordBreak: 'break-all' },
  // A card's sub-heading (an h2): no browser margin, the card's gap spaces it.
  subhead: { margin: 0 },
});

/** A narrow centred card: sign-in and enrolment. */
export function CardPage({ children }: { children: ReactNode }) {
  const styles = useLayout();
  return (
    <main className={styles.page}>
      <div className={styles.card}>{children}</div>
    </main>
  );
}

/** What an action did, in words: success as a status, a refusal as an alert. */
export interface Outcome {
  intent: 'error' | 'success' | 'warning';
  text: string;
}

export function OutcomeBar({ outcome, className }: { outcome?: Outcome; className?: string }) {
  if (!outcome) return null;
  return (
    <MessageBar intent={outcome.intent} role={outcome.intent === 'error' ? 'alert' : 'status'} className={className}>
      <MessageBarBody>{outcome.text}</MessageBarBody>
    </MessageBar>
  );
}

/** The words of a failed call: the server's own, or the studio's for what it did not say. */
export const failureText = (failure: unknown): string => (failure instanceof ApiError ? failure.message : TEXTS.errors.server);

/**
 * A button whose action runs only once confirmed: pressing it asks `question` in words beside it,
 * with "yes" and "cancel"; the focus goes to the question's "yes".
 */
export function ConfirmButton({
  label,
  question,
  busy,
  onConfirm,
}: {
  label: string;
  question: string;
  busy?: boolean;
  onConfirm: () => void;
}) {
  const styles = useLayout();
  const [asking, setAsking] = useState(false);
  const yes = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (asking) yes.current?.focus();
  }, [asking]);
  if (!asking)
    return (
      <Button disabled={busy} onClick={() => setAsking(true)}>
        {label}
      </Button>
    );
  return (
    <div role="group" aria-label={label} className={styles.row}>
      <Text>{question}</Text>
      <Button
        appearance="primary"
        ref={yes}
        onClick={() => {
          setAsking(false);
          onConfirm();
        }}
      >
        {TEXTS.confirm.yes}
      </Button>
      <Button onClick={() => setAsking(false)}>{TEXTS.confirm.cancel}</Button>
    </div>
  );
}
