import { Badge, Button, Checkbox, Field, Input, makeStyles, Spinner, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import useSWR, { mutate } from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { post, type ApiError } from './api';
import { dateTime } from './format';
import { useSession } from './session';
import { failureText, OutcomeBar, useTableStyles, type Outcome } from './ui';

const T = TEXTS.accounts;
/** The roles an account may hold, in the order the server lists them. */
export const ROLES = ['admin', 'editor', 'publisher', 'staff'] as const;
const MAX_EMAIL_LENGTH = 254;

/** An account as GET /api/studio/accounts gives it. */
export interface AccountItem {
  id: number;
  email: string;
  roles: string[];
  disabled: boolean;
  enrolled: boolean;
  factors: string[];
  recoveryCodesLeft: number;
  created_at: string;
  lastSignInAt: string | null;
  sessions: number;
  linkExpiresAt: string | null;
}

interface OpenInvitation {
  email: string;
  roles: string[];
  created_at: string;
  expires_at: string;
}

/** The roles in words, short. */
export const rolesText = (roles: readonly string[]): string =>
  roles.map((role) => (T.roleShort as Record<string, string>)[role] ?? role).join(', ');

/** An account's state: disabled first, then whether it has factors, and whether its set-up link still works. */
export function accountState(account: AccountItem): keyof typeof T.states {
  if (account.disabled) return 'disabled';
  if (account.enrolled) return 'active';
  return account.linkExpiresAt ? 'waiting' : 'expired';
}

const STATE_COLOURS = { active: 'success', disabled: 'danger', waiting: 'warning', expired: 'severe' } as const;

export function StateBadge({ account }: { account: AccountItem }) {
  const table = useTableStyles();
  const state = accountState(account);
  return (
    <Badge appearance="tint" className={table.badge} color={STATE_COLOURS[state]}>
      {T.states[state]}
    </Badge>
  );
}

/** The factors in words: which ones, and how many recovery codes are left. */
export function factorsText(account: AccountItem): string {
  if (account.factors.length === 0) return T.noFactors;
  const names = account.factors.map((factor) => (T.factorNames as Record<string, string>)[factor] ?? factor).join(', ');
  return `${names} · ${fillPlaceholders(T.recoveryLeft, { n: account.recoveryCodesLeft })}`;
}

const useStyles = makeStyles({
  fieldset: { border: `1px solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusMedium, margin: 0, padding: '8px 12px' },
  legend: { padding: '0 4px', fontWeight: tokens.fontWeightSemibold },
  roles: { display: 'flex', flexDirection: 'column' },
  invite: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '520px', margin: '12px 0 24px' },
  narrow: { display: 'none', '@media (max-width: 640px)': { display: 'block' } },
  email: { fontWeight: tokens.fontWeightSemibold },
  section: { marginTop: '24px' },
});

/** A choice of one or more roles: a labelled group of checkboxes, each role said in words. */
export function RoleChoice({ legend, value, onChange }: { legend: string; value: string[]; onChange: (roles: string[]) => void }) {
  const styles = useStyles();
  const toggle = (role: string, on: boolean) => onChange(ROLES.filter((each) => (each === role ? on : value.includes(each))));
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      <div className={styles.roles}>
        {ROLES.map((role) => (
          <Checkbox
            key={role}
            label={T.roleNames[role]}
            checked={value.includes(role)}
            onChange={(_, data) => toggle(role, data.checked === true)}
          />
        ))}
      </div>
    </fieldset>
  );
}

/** The invitation form: an e-mail and its roles; the answer says where the link went and until when it works. */
function InviteForm() {
  const styles = useStyles();
  const [email, setEmail] = useState('');
  const [roles, setRoles] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!/^[^@\s]+@[^@\s]+$/.test(address) || roles.length === 0) return setOutcome({ intent: 'error', text: T.inviteIncomplete });
    setBusy(true);
    setOutcome(undefined);
    try {
      const sent = await post<{ email: string; expires_at: string }>('/invitations', { email: address, roles });
      setOutcome({ intent: 'success', text: fillPlaceholders(T.invited, { email: sent.email, until: dateTime(sent.expires_at) }) });
      setEmail('');
      setRoles([]);
      await mutate('/invitations');
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.invite} onSubmit={submit} noValidate aria-labelledby="invite-title">
      <Title3 as="h2" id="invite-title">
        {T.inviteTitle}
      </Title3>
      <Field label={T.email} required>
        <Input type="email" autoComplete="off" maxLength={MAX_EMAIL_LENGTH} value={email} onChange={(_, d) => setEmail(d.value)} />
      </Field>
      <RoleChoice legend={T.roles} value={roles} onChange={setRoles} />
      <div>
        <Button type="submit" appearance="primary" disabled={busy}>
          {busy ? T.inviteBusy : T.invite}
        </Button>
      </div>
      <OutcomeBar outcome={outcome} />
    </form>
  );
}

/** The invitations not taken up yet: who, as what, until when the link works. */
function OpenInvitations() {
  const styles = useStyles();
  const table = useTableStyles();
  const { data, error } = useSWR<OpenInvitation[], ApiError>('/invitations');
  return (
    <section className={styles.section} aria-labelledby="invitations-title">
      <Title3 as="h2" id="invitations-title">
        {T.invitationsTitle}
      </Title3>
      <OutcomeBar outcome={error && { intent: 'error', text: error.message }} />
      {data?.length === 0 && <Text as="p">{T.noInvitations}</Text>}
      {data && data.length > 0 && (
        <table className={table.table}>
          <thead>
            <tr>
              <th className={table.th}>{T.email}</th>
              <th className={`${table.th} ${table.wide}`}>{T.invitedAs}</th>
              <th className={`${table.th} ${table.wide}`}>{T.linkUntil}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((invitation) => (
              <tr key={invitation.email}>
                <td className={table.td}>
                  {invitation.email}
                  <span className={`${table.sub} ${styles.narrow}`}>
                    {rolesText(invitation.roles)} · {fillPlaceholders(T.waitingUntil, { until: dateTime(invitation.expires_at) })}
                  </span>
                </td>
                <td className={`${table.td} ${table.wide}`}>{rolesText(invitation.roles)}</td>
                <td className={`${table.td} ${table.wide}`}>{dateTime(invitation.expires_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Every account: e-mail, roles, state, factors, last sign-in; each opens to its actions. */
export function AccountList() {
  const styles = useStyles();
  const table = useTableStyles();
  const { me } = useSession();
  const { data, error, isLoading } = useSWR<AccountItem[], ApiError>('/accounts');
  const lastSignIn = (account: AccountItem) => (account.lastSignInAt ? dateTime(account.lastSignInAt) : T.never);

  return (
    <section aria-labelledby="accounts-title">
      <Title2 as="h1" block id="accounts-title">
        {T.title}
      </Title2>
      <Text as="p" block>
        {T.intro}
      </Text>
      <InviteForm />
      <OutcomeBar outcome={error && { intent: 'error', text: error.message }} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Text as="p" block aria-live="polite">
            {fillPlaceholders(T.count, { n: data.length })}
          </Text>
          <table className={table.table}>
            <thead>
              <tr>
                <th className={table.th}>{T.account}</th>
                <th className={table.th}>{T.state}</th>
                <th className={`${table.th} ${table.wide}`}>{T.roles}</th>
                <th className={`${table.th} ${table.wide}`}>{T.factors}</th>
                <th className={`${table.th} ${table.wide}`}>{T.lastSignIn}</th>
              </tr>
            </thead>
            <tbody>
              {data.map((account) => (
                <tr key={account.id}>
                  <td className={table.td}>
                    <Link className={styles.email} to={`/admin/accounts/${account.id}`}>
                      {account.email}
                    </Link>
                    {account.email === me.email && <span className={table.sub}>({T.you})</span>}
                    <span className={`${table.sub} ${styles.narrow}`}>{rolesText(account.roles)}</span>
                    <span className={`${table.sub} ${styles.narrow}`}>{factorsText(account)}</span>
                    <span className={`${table.sub} ${styles.narrow}`}>
                      {T.lastSignIn}: {lastSignIn(account)}
                    </span>
                  </td>
                  <td className={table.td}>
                    <StateBadge account={account} />
                    {accountState(account) === 'waiting' && (
                      <span className={table.sub}>{fillPlaceholders(T.waitingUntil, { until: dateTime(account.linkExpiresAt!) })}</span>
                    )}
                  </td>
                  <td className={`${table.td} ${table.wide}`}>{rolesText(account.roles)}</td>
                  <td className={`${table.td} ${table.wide}`}>{factorsText(account)}</td>
                  <td className={`${table.td} ${table.wide}`}>{lastSignIn(account)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
      <OpenInvitations />
    </section>
  );
}
