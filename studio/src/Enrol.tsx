import { Button, Field, Input, Link, MessageBar, MessageBarBody, Spinner, Text, Title2, Title3 } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { ApiError, post } from './api';
import { CardPage, useLayout } from './ui';

const T = TEXTS.enrol;
const MIN_PASSWORD = 12;

interface Offer {
  email: string;
  roles: string[];
  totpSecret: string;
  otpauthUrl: string;
}

/** One start per token and page load: each start offers a new secret, and only the last one counts. */
const started = new Map<string, Promise<Offer>>();
const startOnce = (token: string) => {
  if (!started.has(token)) started.set(token, post<Offer>('/enrolment/start', { token }));
  return started.get(token)!;
};

/**
 * Enrolment through a one-time link (/enrol#<token>; the fragment never reaches a server or a log):
 * the TOTP secret to add to an authenticator app, the password twice and a code, then the recovery
 * codes, shown this once.
 */
export function Enrol() {
  const styles = useLayout();
  const [token] = useState(() => decodeURIComponent(window.location.hash.slice(1)));
  const [offer, setOffer] = useState<Offer>();
  const [password, setPassword] = useState('');
  const [password2, setPassword2] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();

  useEffect(() => {
    if (!token) return;
    startOnce(token).then(setOffer, (failure: unknown) => setError(failure instanceof ApiError ? failure.message : TEXTS.errors.server));
  }, [token]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if ([...password].length < MIN_PASSWORD) return setError(T.short);
    if (password !== password2) return setError(T.mismatch);
    if (!/^\d{6}$/.test(code.trim())) return setError(T.codeFormat);
    setBusy(true);
    setError(undefined);
    try {
      const done = await post<{ email: string; recoveryCodes: string[] }>('/enrolment/finish', { token, password, code: code.trim() });
      setCodes(done.recoveryCodes);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : TEXTS.errors.server);
    } finally {
      setBusy(false);
    }
  };

  const alert = error && (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{error}</MessageBarBody>
    </MessageBar>
  );

  if (codes) {
    return (
      <CardPage>
        <Title2 as="h1">{T.done}</Title2>
        <Title3 as="h2">{T.recoveryTitle}</Title3>
        <Text>{T.recoveryText}</Text>
        <ul className={styles.mono} aria-label={T.recoveryTitle}>
          {codes.map((recovery) => (
            <li key={recovery}>{recovery}</li>
          ))}
        </ul>
        <RouterLink to="/sign-in">{T.goSignIn}</RouterLink>
      </CardPage>
    );
  }

  return (
    <CardPage>
      <Title2 as="h1">{T.title}</Title2>
      {!token && (
        <MessageBar intent="warning">
          <MessageBarBody>{T.noToken}</MessageBarBody>
        </MessageBar>
      )}
      {alert}
      {token && !offer && !error && <Spinner size="small" label={T.start} />}
      {offer && (
        <form className={styles.form} onSubmit={submit} noValidate>
          <Text weight="semibold">{fillPlaceholders(T.for, { email: offer.email })}</Text>
          <Text>{T.step1}</Text>
          <Field label={T.secret}>
            <Input readOnly value={offer.totpSecret} className={styles.mono} />
          </Field>
          <Link href={offer.otpauthUrl}>{T.otpauth}</Link>
          <Text>{T.step2}</Text>
          <input type="text" name="username" autoComplete="username" value={offer.email} readOnly hidden />
          <Field label={T.password} required>
            <Input type="password" autoComplete="new-password" value={password} onChange={(_, d) => setPassword(d.value)} />
          </Field>
          <Field label={T.password2} required>
            <Input type="password" autoComplete="new-password" value={password2} onChange={(_, d) => setPassword2(d.value)} />
          </Field>
          <Text>{T.step3}</Text>
          <Field label={T.code} required>
            <Input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(_, d) => setCode(d.value)} />
          </Field>
          <Button appearance="primary" type="submit" disabled={busy}>
            {busy ? T.busy : T.submit}
          </Button>
        </form>
      )}
    </CardPage>
  );
}
