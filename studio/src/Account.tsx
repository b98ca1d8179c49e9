import { Button, Field, Input, makeStyles, Spinner, Text, Title2, Title3, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import useSWR, { mutate as mutateKey } from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { del, post, type ApiError } from './api';
import { dateTime } from './format';
import { createPasskey, passkeyFailureText, passkeysSupported } from './passkey';
import { useSession } from './session';
import { ConfirmButton, failureText, OutcomeBar, useLayout, type Outcome } from './ui';

const T = TEXTS.account;
const MAX_PASSKEY_NAME = 60;

interface PasskeyItem {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: '12px', maxWidth: '640px', marginBottom: '32px' },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: '8px' },
  item: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '8px',
    padding: '12px',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  what: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: 0, overflowWrap: 'anywhere' },
  muted: { color: tokens.colorNeutralForeground3 },
  field: { flexGrow: 1, minWidth: '200px' },
});

/**
 * `/account`, for every signed-in person: their passkeys (name, added, last used), adding one and
 * removing one (the API refuses the last factor, in words), and new recovery codes for a password
 * account (with a code of its authenticator app), shown this once.
 */
export function Account() {
  const styles = useStyles();
  const { me } = useSession();
  return (
    <>
      <Title2 as="h1" block>
        {T.title}
      </Title2>
      <Text as="p" block>
        {fillPlaceholders(T.email, { email: me.email, roles: me.roles.join(', ') })}
      </Text>
      <section className={styles.section} aria-labelledby="passkeys-title">
        <Passkeys />
      </section>
      <section className={styles.section} aria-labelledby="recovery-title">
        <RecoveryCodes />
      </section>
    </>
  );
}

function Passkeys() {
  const styles = useStyles();
  const layout = useLayout();
  const { data, error, isLoading, mutate } = useSWR<PasskeyItem[], ApiError>('/me/passkeys');
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const add = async (event: FormEvent) => {
    event.preventDefault();
    const given = name.trim();
    if (!given || given.length > MAX_PASSKEY_NAME) return setOutcome({ intent: 'error', text: TEXTS.enrol.passkeyNameMissing });
    setBusy(true);
    setOutcome(undefined);
    try {
      await createPasskey('/me/passkeys/options', {}, '/me/passkeys', { name: given });
      setName('');
      setOutcome({ intent: 'success', text: fillPlaceholders(T.added, { name: given }) });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: passkeyFailureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  const remove = async (passkey: PasskeyItem) => {
    setBusy(true);
    setOutcome(undefined);
    try {
      await del(`/me/passkeys/${passkey.id}`);
      setOutcome({ intent: 'success', text: fillPlaceholders(T.removed, { name: passkey.name }) });
      await mutate();
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Title3 as="h2" id="passkeys-title" className={layout.subhead}>
        {T.passkeys}
      </Title3>
      <Text>{T.passkeysIntro}</Text>
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
      {isLoading && <Spinner size="small" label={TEXTS.loading} />}
      {data && data.length === 0 && <Text>{T.none}</Text>}
      {data && data.length > 0 && (
        <ul className={styles.list} aria-label={T.passkeys}>
          {data.map((passkey) => (
            <li key={passkey.id} className={styles.item}>
              <span className={styles.what}>
                <Text weight="semibold">{passkey.name}</Text>
                <Text size={200} className={styles.muted}>
                  {fillPlaceholders(T.addedAt, { at: dateTime(passkey.created_at) })},{' '}
                  {passkey.last_used_at ? fillPlaceholders(T.lastUsed, { at: dateTime(passkey.last_used_at) }) : T.neverUsed}
                </Text>
              </span>
              <ConfirmButton
                label={`${T.remove} ${passkey.name}`}
                question={fillPlaceholders(T.removeConfirm, { name: passkey.name })}
                busy={busy}
                onConfirm={() => void remove(passkey)}
              />
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <form className={layout.row} onSubmit={add} noValidate aria-label={T.add}>
          <Field label={T.newName} hint={T.newNameHint} className={styles.field}>
            <Input value={name} maxLength={MAX_PASSKEY_NAME} onChange={(_, d) => setName(d.value)} />
          </Field>
          <Button type="submit" appearance="primary" disabled={busy}>
            {busy ? T.adding : T.add}
          </Button>
        </form>
      ) : (
        <Text>{TEXTS.passkey.unsupported}</Text>
      )}
    </>
  );
}

function RecoveryCodes() {
  const layout = useLayout();
  const styles = useStyles();
  const { me } = useSession();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const [codes, setCodes] = useState<string[]>();

  const renew = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) return setOutcome({ intent: 'error', text: T.recoveryCodeFormat });
    setBusy(true);
    setOutcome(undefined);
    try {
      const answer = await post<{ recoveryCodes: string[] }>('/me/recovery-codes', { code: code.trim() });
      setCodes(answer.recoveryCodes);
      setCode('');
      await mutateKey('/me');
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Title3 as="h2" id="recovery-title" className={layout.subhead}>
        {T.recovery}
      </Title3>
      {!me.password && <Text>{T.recoveryPasskeyOnly}</Text>}
      {me.password && !codes && (
        <>
          <Text>{fillPlaceholders(T.recoveryLeft, { n: me.recoveryCodesLeft })}</Text>
          <OutcomeBar outcome={outcome} />
          <form className={layout.row} onSubmit={renew} noValidate aria-label={T.recoveryNew}>
            <Field label={T.recoveryCode} className={styles.field}>
              <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(_, d) => setCode(d.value)} />
            </Field>
            <Button type="submit" disabled={busy}>
              {T.recoveryNew}
            </Button>
          </form>
        </>
      )}
      {codes && (
        <>
          <Text role="status">{T.recoveryShown}</Text>
          <ul className={layout.mono} aria-label={T.recovery}>
            {codes.map((recovery) => (
              <li key={recovery}>{recovery}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
