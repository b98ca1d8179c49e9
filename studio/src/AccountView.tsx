import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, Title2, Title3 } from '@fluentui/react-components';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { ApiError, post, put } from './api';
import { accountState, factorsText, RoleChoice, rolesText, StateBadge, type AccountItem } from './AccountList';
import { dateTime } from './format';
import { Pairs } from './OrderView';
import { useSession } from './session';
import { ConfirmButton, failureText, OutcomeBar, type Outcome } from './ui';

const T = TEXTS.accounts;

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: '12px', marginTop: '20px', maxWidth: '560px' },
  heading: { margin: 0 },
  bars: { display: 'flex', flexDirection: 'column', gap: '8px', marginTop: '16px', maxWidth: '720px' },
  title: { overflowWrap: 'anywhere' },
});

/** What an action does: its call, and the words of its success. */
type Act = () => Promise<string>;

/** One account opened: its state, roles, factors and sessions; change its roles, disable or enable it, reset its factors. */
export function AccountView() {
  const styles = useStyles();
  const { id } = useParams();
  const { me } = useSession();
  const { data, error, isLoading, mutate } = useSWR<AccountItem[], ApiError>('/accounts');
  const account = data?.find((each) => String(each.id) === id);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const run = async (act: Act) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      setOutcome({ intent: 'success', text: await act() });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const back = <Link to="/admin/accounts">{T.back}</Link>;
  if (error) return <OutcomeBar outcome={{ intent: 'error', text: error.message }} />;
  if (isLoading) return <Spinner size="small" label={TEXTS.loading} />;
  if (!account)
    return (
      <>
        {back}
        <Text as="p">{T.noSuch}</Text>
      </>
    );

  const own = account.email === me.email;
  return (
    <section aria-labelledby="account-title">
      {back}
      <Title2 as="h1" block id="account-title" className={styles.title}>
        {fillPlaceholders(T.openTitle, { email: account.email })}
      </Title2>
      <div className={styles.section}>
        <div>
          <StateBadge account={account} />
        </div>
        <Pairs
          pairs={[
            [T.roles, rolesText(account.roles)],
            [T.factors, factorsText(account)],
            ...(accountState(account) === 'waiting' ? [[T.linkUntil, dateTime(account.linkExpiresAt!)] as [string, string]] : []),
            [T.lastSignIn, account.lastSignInAt ? dateTime(account.lastSignInAt) : T.never],
            [T.sessions, String(account.sessions)],
            [T.created, dateTime(account.created_at)],
          ]}
        />
      </div>
      <div className={styles.bars}>
        <OutcomeBar outcome={outcome} />
        {own && (
          <MessageBar intent="info">
            <MessageBarBody>{T.own}</MessageBarBody>
          </MessageBar>
        )}
      </div>
      {!own && <AccountActions key={account.roles.join()} account={account} busy={busy} run={(act) => void run(act)} />}
    </section>
  );
}

/** The actions on another's account; each says what it did, or the server's refusal in its words. */
function AccountActions({ account, busy, run }: { account: AccountItem; busy: boolean; run: (act: Act) => void }) {
  const styles = useStyles();
  const [roles, setRoles] = useState(account.roles);
  const path = `/accounts/${account.id}`;

  const saveRoles = () =>
    run(async () => {
      // The server refuses an account without a role too; said here before asking it.
      if (roles.length === 0) throw new ApiError(400, T.rolesNone);
      await put(`${path}/roles`, { roles });
      return fillPlaceholders(T.rolesSaved, { roles: rolesText(roles) });
    });
  const setDisabled = (disabled: boolean) =>
    run(async () => {
      await put(`${path}/disabled`, { disabled });
      return disabled ? T.disabled : T.enabled;
    });
  const reset = () =>
    run(async () => {
      const done = await post<{ expires_at: string }>(`${path}/reset-factors`);
      return fillPlaceholders(T.resetDone, { email: account.email, until: dateTime(done.expires_at) });
    });

  const unchanged = roles.join() === account.roles.join();
  return (
    <>
      <div className={styles.section}>
        <Title3 as="h2" id="roles-title" className={styles.heading}>
          {T.changeRoles}
        </Title3>
        <RoleChoice legend={T.roles} value={roles} onChange={setRoles} />
        <div>
          <Button appearance="primary" disabled={busy || unchanged} onClick={saveRoles}>
            {T.saveRoles}
          </Button>
        </div>
      </div>
      <div className={styles.section}>
        {account.disabled ? (
          <ConfirmButton
            label={T.enable}
            question={fillPlaceholders(T.enableConfirm, { email: account.email })}
            busy={busy}
            onConfirm={() => setDisabled(false)}
          />
        ) : (
          <ConfirmButton
            label={T.disable}
            question={fillPlaceholders(T.disableConfirm, { email: account.email })}
            busy={busy}
            onConfirm={() => setDisabled(true)}
          />
        )}
        <ConfirmButton
          label={T.reset}
          question={fillPlaceholders(T.resetConfirm, { email: account.email })}
          busy={busy}
          onConfirm={reset}
        />
      </div>
    </>
  );
}
