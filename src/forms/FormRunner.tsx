import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import type { CustomValidator, ErrorSchema, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormFile } from '../generated/forms';
import { useHydrated } from '../lib/hydrated';
import { ApiError } from '../api/client';
import { submitFields, submitFormJson, submitFormMultipart } from '../api/forms';
import { useDialogs } from '../lib/dialogs';
import { logError } from '../lib/log';
import { fill, site } from '../lib/site';
import { ConfirmDialog, preloadConfirmDialog } from './ConfirmDialog';
import { moveRequiredToFields, serverErrorsToErrorSchema } from './errors';
import type { FormContext } from './form-context';
import { ThemedForm } from './theme';
import { FluentScope } from '../lib/FluentScope';
import { fileProblems, fileRules } from '../../domain/file-rules';

type Data = Record<string, unknown>;

export interface FormRunnerProps {
  form: FormFile;
  validator: ValidatorType;
  /** Sends the data (without the form's clientOnly fields); by default to the form's own flow.target. A falsy reply means nothing was saved. */
  send?: (data: Data, files: Map<string, File>) => Promise<unknown>;
  /** Called after a successful submission, with the server's reply. */
  onSuccess?: (reply: unknown, data: Data) => void;
  initialData?: Data;
  /** Whether to show the form's success dialog for this reply (default: always). */
  showSuccessFor?: (reply: unknown) => boolean;
  /** Page-specific ui hints merged over the form file's (e.g. hiding a field the plan does not need). */
  uiSchemaOverrides?: UiSchema;
  /** Page-specific checks on top of the schema, with messages from the page's configuration. */
  extraValidate?: (data: Data) => Record<string, string[]>;
  /** Extra content under the fields, above the buttons (the terms link of a checkout, ...). */
  children?: ReactNode;
  /** Fields and buttons disabled (e.g. while a checkout hands the buyer over to the payment provider). */
  disabled?: boolean;
  className?: string;
}

function mergeUiSchema(base: UiSchema, overrides: UiSchema | undefined): UiSchema {
  if (!overrides) return base;
  const merged: UiSchema = { ...base };
  for (const [key, value] of Object.entries(overrides)) {
    const current = merged[key] as unknown;
    merged[key] =
      typeof current === 'object' && current !== null && typeof value === 'object' && value !== null ? { ...current, ...value } : value;
  }
  return merged;
}

/** The data to send: the form's data without its client-only confirmations (`clientOnly`: confirm e-mail, agreement). */
export function payloadOf(form: Pick<FormFile, 'clientOnly'>, data: Data): Data {
  const clientOnly = new Set(form.clientOnly ?? []);
  return Object.fromEntries(Object.entries(data).filter(([name]) => !clientOnly.has(name)));
}

/** Sends a form to its own flow.target, in the form's submitMode (the spec's form submission by default). */
export async function sendToTarget(form: FormFile, data: Data, files: Map<string, File>): Promise<unknown> {
  const target = form.flow.target;
  // A form without a target (callback, speed-up, ...) sends nothing and succeeds.
  if (!target) return { sent: false };
  if (form.flow.submitMode === 'multipart') return submitFormMultipart(target, form.key, data, Object.fromEntries(files));
  if (form.flow.submitMode === 'fields') return submitFields(target, data);
  return submitFormJson(target, form.key, data);
}

/**
 * The form flow, for any form file: fill; validate (messages on their fields, focus on
 * the first invalid one, an announced summary); confirm with the form's text; send; success dialog.
 * A submission that returns nothing shows no success dialog and logs the spec's console text. The
 * form is emptied only when its success dialog confirms the submission (and by Cancel).
 */
export function FormRunner({
  form,
  validator,
  send,
  onSuccess,
  showSuccessFor,
  uiSchemaOverrides,
  extraValidate,
  initialData,
  children,
  className,
  disabled = false,
}: FormRunnerProps) {
  const { showSuccess, showError } = useDialogs();
  const hydrated = useHydrated();
  const [formData, setFormData] = useState<Data>(initialData ?? {});
  const [pending, setPending] = useState<Data | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [extraErrors, setExtraErrors] = useState<ErrorSchema | undefined>();
  const [formKey, setFormKey] = useState(0);
  const files = useRef(new Map<string, File>()).current;
  const formContext = useMemo<FormContext>(() => ({ files }), [files]);
  const uiSchema = useMemo(() => mergeUiSchema((form.uiSchema ?? {}) as UiSchema, uiSchemaOverrides), [form.uiSchema, uiSchemaOverrides]);
  const rules = useMemo(() => fileRules(uiSchema), [uiSchema]);
  const { flow } = form;
  const texts = site.forms;

  const customValidate: CustomValidator = (data, errors) => {
    const byField = errors as unknown as Record<string, { addError(message: string): void } | undefined>;
    for (const rule of rules) {
      for (const problem of fileProblems(rule, files.get(rule.field))) byField[rule.field]?.addError(problem);
    }
    for (const [field, messages] of Object.entries(extraValidate?.((data ?? {}) as Data) ?? {})) {
      for (const message of messages) byField[field]?.addError(message);
    }
    return errors;
  };

  const reset = () => {
    setFormData(initialData ?? {});
    files.clear();
    setExtraErrors(undefined);
    setAttempted(false);
    setFormKey((k) => k + 1);
  };

  const deliver = async (data: Data) => {
    setBusy(true);
    try {
      const reply = await (send ?? ((d, f) => sendToTarget(form, d, f)))(payloadOf(form, data), files);
      if (!reply) {
        console.error(fill(texts?.failed ?? 'Sorry, there was a problem saving your transaction.'));
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
          title: fill(flow.success.title),
          message: fill(flow.success.message),
          link: link ? { label: fill(link.label), href: fill(link.href) } : undefined,
          persistent,
          onClose: flow.reloadOnSuccess ? () => window.location.reload() : undefined,
        });
      } else if (flow.reloadOnSuccess) {
        window.location.reload();
      }
    } catch (error) {
      logError(`form ${form.key}`, error);
      const body = error instanceof ApiError ? (error.body as { errors?: Record<string, string[]> } | null) : null;
      if (error instanceof ApiError && error.status === 422 && body?.errors) {
        setExtraErrors(serverErrorsToErrorSchema(body.errors) as ErrorSchema);
      } else if (flow.failureTitle && error instanceof ApiError && error.status >= 400 && error.status < 500 && error.serverMessage) {
        // The server refused and said why (e.g. a key already activated): the form's own failure dialog.
        showError({ title: fill(flow.failureTitle), message: error.serverMessage });
      } else if (error instanceof ApiError && [422, 429, 507].includes(error.status) && error.serverMessage) {
        // A refusal the visitor can act on: fix, wait, or try later (507: the storage for uploads is full).
        showError({ title: fill(texts?.errorTitle ?? 'Sorry'), message: error.serverMessage });
      } else {
        console.error(fill(texts?.failed ?? 'Sorry, there was a problem saving your transaction.'));
      }
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  return (
    <FluentScope>
      <div className={className ? `form-runner ${className}` : 'form-runner'} onFocus={flow.confirm ? preloadConfirmDialog : undefined}>
        {/* Until the page's scripts run, the form cannot be used: a browser without JavaScript would
            send it to the page's own address. With JavaScript, the boot script (server/boot-script.ts)
            enables it at once, so that the visitor can type before it hydrates; hydration then hands
            the text to the form. */}
        <fieldset className="form-runner__until-script" disabled={!hydrated} data-until-script="">
          <ThemedForm
            key={formKey}
            idPrefix={form.key}
            schema={form.schema as RJSFSchema}
            uiSchema={uiSchema}
            validator={validator}
            formData={formData}
            formContext={formContext}
            onChange={(event) => setFormData((event.formData ?? {}) as Data)}
            onError={() => setAttempted(true)}
            onSubmit={(event) => {
              const data = (event.formData ?? {}) as Data;
              setExtraErrors(undefined);
              if (flow.confirm) setPending(data);
              else void deliver(data);
            }}
            transformErrors={moveRequiredToFields}
            customValidate={customValidate}
            extraErrors={extraErrors}
            noHtml5Validate
            focusOnFirstError
            showErrorList="top"
            liveValidate={attempted ? 'onChange' : undefined}
            disabled={busy || disabled}
          >
            {children}
            <div className="form-actions">
              <Button type="submit" appearance="primary" disabled={busy || disabled}>
                {fill(flow.submitLabel)}
              </Button>
              {flow.cancelLabel && (
                <Button type="button" appearance="secondary" onClick={reset} disabled={busy || disabled}>
                  {fill(flow.cancelLabel)}
                </Button>
              )}
            </div>
          </ThemedForm>
        </fieldset>
        {flow.confirm && (
          <ConfirmDialog
            open={pending !== null}
            title={flow.confirm.title}
            message={flow.confirm.message}
            busy={busy}
            onYes={() => pending && void deliver(pending)}
            onNo={() => setPending(null)}
          />
        )}
      </div>
    </FluentScope>
  );
}
