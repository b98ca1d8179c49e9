import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { Navigate, NavLink, Outlet, useNavigate } from 'react-router';
import useSWR, { mutate } from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { ApiError, post } from './api';
import { abilityOf, SessionContext, useSession, type Me } from './session';

const T = TEXTS.shell;

/** The sections of the studio, each shown only to those whose rules allow what it needs. */
const SECTIONS = [
  { to: '/desk/submissions', label: T.submissions, action: 'read', subject: 'Desk' },
  { to: '/desk/orders', label: T.orders, action: 'read', subject: 'Desk' },
  { to: '/desk/payments', label: T.payments, action: 'read', subject: 'Desk' },
  { to: '/desk/emails', label: T.emails, action: 'read', subject: 'Desk' },
  // The Content screen is not lit on its sub-screens (the history has its own entry).
  { to: '/content', label: T.content, action: 'manage', subject: 'Content', end: true },
  { to: '/pages', label: T.pages, action: 'manage', subject: 'Content' },
  { to: '/forms', label: T.forms, action: 'manage', subject: 'Content' },
  { to: '/content/history', label: T.history, action: 'manage', subject: 'Content' },
  { to: '/content/schedule', label: T.schedule, action: 'manage', subject: 'Content' },
  { to: '/content/media', label: T.media, action: 'manage', subject: 'Content' },
  { to: '/content/reviews', label: T.reviews, action: 'read', subject: 'Review' },
  { to: '/admin/accounts', label: T.accounts, action: 'read', subject: 'Account' },
  { to: '/admin/audit', label: T.audit, action: 'read', subject: 'Audit' },
  { to: '/admin/settings', label: T.settings, action: 'manage', subject: 'Settings' },
] as const;

const useStyles = makeStyles({
  header: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '8px 16px',
    padding: '8px 16px',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  product: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase400 },
  nav: { display: 'flex', flexWrap: 'wrap', gap: '4px', flexGrow: 1 },
  link: {
    padding: '6px 10px',
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground1,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `2px solid ${tokens.colorStrokeFocus2}` },
  },
  active: { backgroundColor: tokens.colorNeutralBackground1, fontWeight: tokens.fontWeightSemibold },
  account: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '8px' },
  main: { padding: '16px', maxWidth: '1100px', margin: '0 auto' },
});

/** Everything after sign-in: who is signed in, sign-out, the sections their roles allow. */
export function Shell() {
  const styles = useStyles();
  const navigate = useNavigate();
  const { data: me, error } = useSWR<Me, ApiError>('/me');
  const session = useMemo(() => me && { me, ability: abilityOf(me) }, [me]);
  const [failure, setFailure] = useState<string>();

  if (error?.status === 401) return <Navigate to="/sign-in" replace />;
  if (error)
    return (
      <MessageBar intent="error" role="alert">
        <MessageBarBody>{error.message}</MessageBarBody>
      </MessageBar>
    );
  if (!session) return <Spinner label={TEXTS.loading} />;

  const signOut = async (path: '/sign-out' | '/sign-out-everywhere') => {
    try {
      await post(path);
      await mutate(() => true, undefined, { revalidate: false });
      navigate('/sign-in', { replace: true });
    } catch (problem) {
      setFailure(problem instanceof ApiError ? problem.message : TEXTS.errors.server);
    }
  };

  return (
    <SessionContext.Provider value={session}>
      <header className={styles.header}>
        <span className={styles.product}>{TEXTS.product}</span>
        <nav className={styles.nav} aria-label={T.nav}>
          {SECTIONS.filter((section) => session.ability.can(section.action, section.subject)).map((section) => (
            <NavLink
              key={section.to}
              to={section.to}
              end={'end' in section}
              className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}
            >
              {section.label}
            </NavLink>
          ))}
        </nav>
        <div className={styles.account}>
          <Text size={200}>{fillPlaceholders(T.signedInAs, { email: session.me.email })}</Text>
          <NavLink to="/account" className={({ isActive }) => `${styles.link} ${isActive ? styles.active : ''}`}>
            {T.account}
          </NavLink>
          <Button size="small" onClick={() => void signOut('/sign-out')}>
            {T.signOut}
          </Button>
          <Button size="small" appearance="subtle" onClick={() => void signOut('/sign-out-everywhere')}>
            {T.signOutEverywhere}
          </Button>
        </div>
      </header>
      <main className={styles.main}>
        {failure && (
          <MessageBar intent="error" role="alert">
            <MessageBarBody>{failure}</MessageBarBody>
          </MessageBar>
        )}
        <Outlet />
      </main>
    </SessionContext.Provider>
  );
}

/** `/`: the first section the account may use, or words saying it has none. */
export function FirstSection() {
  const { ability } = useSession();
  const first = SECTIONS.find((section) => ability.can(section.action, section.subject));
  return first ? <Navigate to={first.to} replace /> : <Text as="p">{T.nothing}</Text>;
}

export function NotFound() {
  return <Text as="p">{T.notFound}</Text>;
}
