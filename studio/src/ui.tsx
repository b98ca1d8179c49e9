import { makeStyles, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

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
