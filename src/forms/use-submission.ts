import { useState } from 'react';
import type { ErrorSchema } from '@rjsf/utils';
import type { FormFile } from '../generated/forms';
import { useDialogs } from '../lib/dialogs';
import { logError } from '../lib/log';
import { fillSiteText } from '../lib/site';
import { failedText, failureOf } from './error-ladder';
import { payloadOf, sendToTarget } from './transport';

type Data = Record<string, unknown>;

export interface SubmissionOptions {
  form: FormFile;
  /** The files chosen in the form's file fields, by field. */
  files: Map<string, File>;
  /** Sends the data (without the form's clientOnly fields); by default to the form's own flow.target. A falsy reply means nothing was saved. */
  send?: (data: Data, files: Map<string, File>) => Promise<unknown>;
  /** Called after a successful submission, with the server's reply. */
  onSuccess?: (reply: unknown, data: Data) => void;
  /** Whether to show the form's success dialog for this reply (default: always). */
  showSuccessFor?: (reply: unknown) => boolean;
  /** Empties the form's fields and files (the messages of the server are the hook's own to clear). */
  startOver: () => void;
}

/**
 * What happens to a form the browser found valid: confirm with the form's text (when it has
 * one), send, then the success dialog, or what the failure shows (failureOf). A submission that
 * returns nothing shows no success dialog and logs the site's failure text. The form starts over
 * only when its success dialog confirms the submission, and by `reset` (Cancel).
 */
export function useSubmission({ form, files, send, onSuccess, showSuccessFor, startOver }: SubmissionOptions) {
  const { showSuccess, showError } = useDialogs();
  const [pending, setPending] = useState<Data | null>(null);
  const [busy, setBusy] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const { flow } = form;

  const reset = () => {
    setExtraErrors(undefined);
    startOver();
  };

  const deliver = async (data: Data) => {
    setBusy(true);
    try {
      const reply = await (send ?? ((d, f) => sendToTarget(form, d, f)))(payloadOf(form, data), files);
      if (!reply) {
        console.error(failedText());
        return;
      }
      onSuccess?.(reply, data);
      if (flow.success && (showSuccessFor?.(reply) ?? true)) {
        // The success dialog confirms the submission: the form starts over. Without one (a form
        // that sends nothing, a checkout handing the buyer to the payment provider), what was
        // typed stays.
        reset();
        const { link, persistent } = flow.success;
        showSuccess({
          title: fillSiteText(flow.success.title),
          message: fillSiteText(flow.success.message),
          link: link ? { label: fillSiteText(link.label), href: fillSiteText(link.href) } : undefined,
          persistent,
          onClose: flow.reloadOnSuccess ? () => window.location.reload() : undefined,
        });
      } else if (flow.reloadOnSuccess) {
        window.location.reload();
      }
    } catch (error) {
      logError(`form ${form.key}`, error);
      const failure = failureOf(error, flow);
      if (failure.show === 'fields') setExtraErrors(failure.errors);
      else if (failure.show === 'dialog') showError({ title: failure.title, message: failure.message });
      else console.error(failure.text);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return {
    /** Sending: fields and buttons are disabled. */
    busy,
    /** The server's messages on their fields (rjsf's extraErrors), until the next submit. */
    extraErrors,
    /** The form's confirm dialog is open. */
    confirming: pending !== null,
    /** Submits valid data: asks the form's confirm question first, when it has one. */
    submit: (data: Data) => {
      setExtraErrors(undefined);
      if (flow.confirm) setPending(data);
      else void deliver(data);
    },
    /** Yes in the confirm dialog: sends what was submitted. */
    confirm: () => {
      if (pending) void deliver(pending);
    },
    /** No in the confirm dialog: nothing is sent. */
    cancelConfirm: () => setPending(null),
    reset,
  };
}
