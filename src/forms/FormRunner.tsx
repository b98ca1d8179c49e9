import { useMemo, useRef, useState, type ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FormFile } from '../generated/forms';
import { useHydrated } from '../lib/hydrated';
import { fillSiteText } from '../lib/site';
import { ConfirmDialog, preloadConfirmDialog } from './ConfirmDialog';
import { moveRequiredToFields } from './errors';
import type { FormContext } from './form-context';
import { ThemedForm } from './theme';
import { FluentScope } from '../lib/FluentScope';
import { fileRules } from '../../domain/file-rules';
import { clientChecks, type FieldMessages } from './client-checks';
import { mergeUiSchema } from './ui-schema';
import { useSubmission, type SubmissionOptions } from './use-submission';

type Data = Record<string, unknown>;

export interface FormRunnerProps extends Pick<SubmissionOptions, 'send' | 'onSuccess' | 'showSuccessFor'> {
  form: FormFile;
  validator: ValidatorType;
  initialData?: Data;
  /** Page-specific ui hints merged over the form file's (e.g. hiding a field the plan does not need). */
  uiSchemaOverrides?: UiSchema;
  /** Page-specific checks on top of the schema, with messages from the page's configuration. */
  extraValidate?: (data: Data) => FieldMessages;
  /** Extra content under the fields, above the buttons (the terms link of a checkout, ...). */
  children?: ReactNode;
  /** Fields and buttons disabled (e.g. while a checkout hands the buyer over to the payment provider). */
  disabled?: boolean;
  className?: string;
}

/**
 * Until the page's scripts run, the form cannot be used: a browser without JavaScript would send it
 * to the page's own address. With JavaScript, the boot script (server/boot-script.ts) enables it at
 * once, so that the visitor can type before it hydrates; hydration then hands the text to the form.
 * Its own component: when hydration ends only the fieldset renders again, not the fields inside,
 * which would be set back to the form's state before the typed text is handed over.
 */
function UntilScript({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset className="form-runner__until-script" disabled={!hydrated} data-until-script="">
      {children}
    </fieldset>
  );
}

/**
 * The form flow, for any form file: fill; validate (messages on their fields, focus on the first
 * invalid one, an announced summary); then the submission (useSubmission): confirm with the form's
 * text, send, success dialog or the failure's messages.
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
  const [formData, setFormData] = useState<Data>(initialData ?? {});
  const [attempted, setAttempted] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const files = useRef(new Map<string, File>()).current;
  const formContext = useMemo<FormContext>(() => ({ files }), [files]);
  const uiSchema = useMemo(() => mergeUiSchema((form.uiSchema ?? {}) as UiSchema, uiSchemaOverrides), [form.uiSchema, uiSchemaOverrides]);
  const rules = useMemo(() => fileRules(uiSchema), [uiSchema]);
  const { flow } = form;

  const startOver = () => {
    setFormData(initialData ?? {});
    files.clear();
    setAttempted(false);
    setFormKey((k) => k + 1);
  };
  const submission = useSubmission({ form, files, send, onSuccess, showSuccessFor, startOver });
  const locked = submission.busy || disabled;

  return (
    <FluentScope>
      <div className={className ? `form-runner ${className}` : 'form-runner'} onFocus={flow.confirm ? preloadConfirmDialog : undefined}>
        <UntilScript>
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
            onSubmit={(event) => submission.submit((event.formData ?? {}) as Data)}
            transformErrors={moveRequiredToFields}
            customValidate={clientChecks(rules, files, extraValidate)}
            extraErrors={submission.extraErrors}
            noHtml5Validate
            focusOnFirstError
            showErrorList="top"
            liveValidate={attempted ? 'onChange' : undefined}
            disabled={locked}
          >
            {children}
            <div className="form-actions">
              <Button type="submit" appearance="primary" disabled={locked}>
                {fillSiteText(flow.submitLabel)}
              </Button>
              {flow.cancelLabel && (
                <Button type="button" appearance="secondary" onClick={submission.reset} disabled={locked}>
                  {fillSiteText(flow.cancelLabel)}
                </Button>
              )}
            </div>
          </ThemedForm>
        </UntilScript>
        {flow.confirm && (
          <ConfirmDialog
            open={submission.confirming}
            title={flow.confirm.title}
            message={flow.confirm.message}
            busy={submission.busy}
            onYes={submission.confirm}
            onNo={submission.cancelConfirm}
          />
        )}
      </div>
    </FluentScope>
  );
}
