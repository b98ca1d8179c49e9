import {
  Button,
  Divider,
  Field,
  Input,
  Link,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  Text,
  Title2,
  Title3,
} from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { ApiError, post } from './api';
import { createPasskey, passkeyFailureText, passkeysSupported } from './passkey';
import { CardPage, useLayout } from './ui';

const T = TEXTS.enrol;

/**
 * The otpauth:// URL as a QR code for an authenticator app to scan: a PNG data URL (the page's CSP
 * takes `data:` images), drawn by the `qrcode` package, loaded only when the password path opens.
 * Until then, or if it cannot load, the setup key and the link below it do the same.
 */
function SetupQrCode({ url }: { url: string }) {
  const [src, setSrc] = useState<string>();
  useEffect(() => {
    let current = true;
    import('qrcode')
      .then((qr) => qr.toDataURL(url, { margin: 1, width: 192, errorCorrectionLevel: 'M' }))
      .then((data) => current && setSrc(data))
      .catch((error: unknown) => console.warn('studio: the QR code could not be drawn', error));
    return () => {
      current = false;
    };
  }, [url]);
  return src ? <img src={src} width={192} height={192} alt={T.qr} /> : null;
}
const MIN_PASSWORD = 12;
const MAX_PASSKEY_NAME = 60;

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
 * Enrolment through a one-time link (/enrol#<token>; the fragment never reaches a server or a log).
 * A passkey first (recommended): its name, then the browser's prompt; the person then signs in
 * with it. Else, on request: the TOTP secret to add to an authenticator app, the password twice
 * and a code, then the recovery codes, shown this once.
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
  const [passkeyName, setPasskeyName] = useState('');
  const [withPassword, setWithPassword] = useState(() => !passkeysSupported());
  const [passkeyDone, setPasskeyDone] = useState(false);

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

  const enrolPasskey = async (event: FormEvent) => {
    event.preventDefault();
    const name = passkeyName.trim();
    if (!name || name.length > MAX_PASSKEY_NAME) return setError(T.passkeyNameMissing);
    setBusy(true);
    setError(undefined);
    try {
      await createPasskey('/enrolment/passkey/options', { token }, '/enrolment/passkey/finish', { token, name });
      setPasskeyDone(true);
    } catch (failure) {
      setError(passkeyFailureText(failure));
    } finally {
      setBusy(false);
    }
  };

  const alert = error && (
    <MessageBar intent="error" role="alert">
      <MessageBarBody>{error}</MessageBarBody>
    </MessageBar>
  );

  if (passkeyDone) {
    return (
      <CardPage>
        <Title2 as="h1">{T.passkeyDone}</Title2>
        <RouterLink to="/sign-in">{T.goSignIn}</RouterLink>
      </CardPage>
    );
  }

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
        <>
          <Text weight="semibold">{fillPlaceholders(T.for, { email: offer.email })}</Text>
          <Text>{T.choose}</Text>
          {passkeysSupported() ? (
            <form className={styles.form} onSubmit={enrolPasskey} noValidate aria-labelledby="enrol-passkey">
              <Subtitle2 as="h2" id="enrol-passkey" className={styles.subhead}>
                {T.usePasskey}
              </Subtitle2>
              <Text>{T.passkeyIntro}</Text>
              <Field label={T.passkeyName} hint={T.passkeyNameHint} required>
                <Input value={passkeyName} maxLength={MAX_PASSKEY_NAME} onChange={(_, d) => setPasskeyName(d.value)} />
              </Field>
              <Button appearance="primary" type="submit" disabled={busy}>
                {busy ? T.passkeyBusy : T.createPasskey}
              </Button>
            </form>
          ) : (
            <Text>{TEXTS.passkey.unsupported}</Text>
          )}
          <Divider />
          {!withPassword && (
            <Button
              onClick={() => {
                setWithPassword(true);
                // The button goes away: the focus moves to what it opened.
                requestAnimationFrame(() => document.getElementById('enrol-password')?.focus());
              }}
            >
              {T.usePassword}
            </Button>
          )}
        </>
      )}
      {offer && withPassword && (
        <form className={styles.form} onSubmit={submit} noValidate aria-labelledby="enrol-password">
          <Subtitle2 as="h2" id="enrol-password" className={styles.subhead} tabIndex={-1}>
            {T.usePassword}
          </Subtitle2>
          <Text>{T.passwordIntro}</Text>
          <Text>{T.step1}</Text>
          <SetupQrCode url={offer.otpauthUrl} />
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
