import { Button, Field, Input, MessageBar, MessageBarBody, Title2 } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { mutate } from 'swr';
import TEXTS from '../texts.json';
import { ApiError, get, post } from './api';
import type { Me } from './session';
import { CardPage, useLayout } from './ui';

const T = TEXTS.signIn;

/** Sign-in: e-mail, password and a TOTP code (or a recovery code); the API's refusal shown in words. */
export function SignIn() {
  const styles = useLayout();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password || code.trim().length < 6) return setError(T.incomplete);
    setBusy(true);
    setError(undefined);
    try {
      await post('/sign-in', { email: email.trim(), password, code: code.trim() });
      // The shell reads the account from the cache, which may still hold the refusal of before.
      await mutate('/me', await get<Me>('/me'), { revalidate: false });
      navigate('/', { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : TEXTS.errors.server);
      setCode('');
    } finally {
      setBusy(false);
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
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? T.busy : T.submit}
        </Button>
      </form>
    </CardPage>
  );
}
