import { Button, Divider, Field, Input, MessageBar, MessageBarBody, Text, Subtitle2, Title2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import TEXTS from '../texts.json';
import { ApiError, get, post } from './api';
import { passkeyFailureText, passkeysSupported, signInWithPasskey } from './passkey';
import type { Me } from './session';
import { CardPage, useLayout } from './ui';

const T = TEXTS.signIn;

/**
 * Sign-in: a passkey first (no e-mail typed: the passkey names the account), else e-mail, password
 * and a TOTP code (or a recovery code). The API's refusal shown in words.
 */
export function SignIn() {
  const styles = useLayout();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState<'passkey' | 'password'>();
  const [error, setError] = useState<string>();

  /** The shell reads the account from the cache, which may still hold the refusal of before. */
  const enter = async () => {
    await mutate('/me', await get<Me>('/me'), { revalidate: false });
    navigate('/', { replace: true });
  };

  const withPasskey = async () => {
    setBusy('passkey');
    setError(undefined);
    try {
      await signInWithPasskey();
      await enter();
    } catch (failure) {
      setError(passkeyFailureText(failure));
    } finally {
      setBusy(undefined);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || code.trim().length < 6) return setError(T.incomplete);
    setBusy('password');
    setError(undefined);
    try {
      await post('/sign-in', { email: email.trim(), password, code: code.trim() });
      await enter();
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : TEXTS.errors.server);
      setCode('');
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <CardPage>
      <Title2 as="h1">{T.title}</Title2>
      {error && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {passkeysSupported() ? (
        <div className={styles.form}>
          <Button appearance="primary" size="large" disabled={busy !== undefined} onClick={() => void withPasskey()}>
            {busy === 'passkey' ? T.passkeyBusy : T.passkey}
          </Button>
          <Text>{T.passkeyHint}</Text>
        </div>
      ) : (
        <Text>{TEXTS.passkey.unsupported}</Text>
      )}
      <Divider />
      {/* A heading, not a label: "password" labels the password's field alone. */}
      <Subtitle2 as="h2" className={styles.subhead}>
        {T.orPassword}
      </Subtitle2>
      <form className={styles.form} onSubmit={submit} noValidate>
        <Field label={T.email} required>
          <Input type="email" name="email" autoComplete="username" value={email} onChange={(_, d) => setEmail(d.value)} />
        </Field>
        <Field label={T.password} required>
          <Input
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(_, d) => setPassword(d.value)}
          />
        </Field>
        <Field label={T.code} hint={T.codeHint} required>
          <Input name="code" autoComplete="one-time-code" value={code} onChange={(_, d) => setCode(d.value)} />
        </Field>
        <Button type="submit" disabled={busy !== undefined}>
          {busy === 'password' ? T.busy : T.submit}
        </Button>
      </form>
    </CardPage>
  );
}
