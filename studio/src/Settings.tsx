import { Spinner, Switch, Text, Title2 } from '@fluentui/react-components';
import { useState } from 'react';
import useSWR from 'swr';
import { fillPlaceholders } from '../../domain/text';
import TEXTS from '../texts.json';
import { put, type ApiError } from './api';
import { failureText, OutcomeBar, type Outcome } from './ui';

const T = TEXTS.settings;

interface StudioSettings {
  reviewRequired: boolean;
}

/** The studio's settings, an admin's: review before publish (each change is in the audit trail). */
export function Settings() {
  const { data, error, mutate } = useSWR<StudioSettings, ApiError>('/settings');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();
  const change = async (on: boolean) => {
    setBusy(true);
    try {
      await mutate(await put<StudioSettings>('/settings', { reviewRequired: on }), { revalidate: false });
      setOutcome({ intent: 'success', text: fillPlaceholders(T.saved, { state: on ? T.on : T.off }) });
    } catch (failure) {
      setOutcome({ intent: 'error', text: failureText(failure) });
    }
    setBusy(false);
  };
  return (
    <section aria-labelledby="settings-title">
      <Title2 as="h1" block id="settings-title">
        {T.title}
      </Title2>
      {!data && !error && <Spinner size="small" label={TEXTS.loading} />}
      {data && (
        <>
          <Switch label={T.review} checked={data.reviewRequired} disabled={busy} onChange={(_, d) => void change(d.checked)} />
          <Text as="p" block>
            {T.reviewHint}
          </Text>
        </>
      )}
      <OutcomeBar outcome={error ? { intent: 'error', text: error.message } : outcome} />
    </section>
  );
}
