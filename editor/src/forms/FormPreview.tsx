import { Component, useMemo, useRef, useState, type ReactNode } from 'react';
import { Button, MessageBar, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { withTheme } from '@rjsf/core';
import { Theme } from '@rjsf/fluentui-rc';
import type { RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { moveRequiredToFields } from '../../../src/forms/errors';
import { useEditorHost } from '../core/host';
import { serverCheckedValidator } from '../core/server-checked-validator';
import { useHostCheck } from './preview-check';
import { PreviewErrorList, PreviewFileWidget, PreviewMaskedWidget } from './preview-widgets';
import { isObject, type JsonObject } from './types';

const NO_SCHEMA: RJSFSchema = { type: 'object' };
const NO_UI: UiSchema = {};

/** rjsf's Fluent UI theme with the preview's file and masked widgets (the site's own widgets, src/forms/widgets) and error summary. */
const PreviewForm = withTheme({
  ...Theme,
  widgets: { ...Theme.widgets, file: PreviewFileWidget, masked: PreviewMaskedWidget },
  templates: { ...Theme.templates, ErrorListTemplate: PreviewErrorList },
});

const useStyles = makeStyles({
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  result: { marginTop: tokens.spacingVerticalM },
});

/** Shows what the preview cannot render (a schema rjsf refuses) instead of the editor going blank; resets when the form changes. */
class PreviewBoundary extends Component<{ resetKey: string; children: ReactNode }, { error?: Error; key: string }> {
  state: { error?: Error; key: string } = { key: this.props.resetKey };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  static getDerivedStateFromProps(props: { resetKey: string }, state: { error?: Error; key: string }) {
    return props.resetKey === state.key ? null : { error: undefined, key: props.resetKey };
  }

  render() {
    if (this.state.error) {
      return (
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>The preview cannot show this form</MessageBarTitle>
            {this.state.error.message}
          </MessageBarBody>
        </MessageBar>
      );
    }
    return this.props.children;
  }
}

function text(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * The live preview of a form: an rjsf Form of the form's schema and uiSchema (fragments resolved,
 * default messages filled in: FormEditor passes the bundled form), validated as the visitor types
 * with the form's own messages. Its submit button checks every field; when all are valid it says
 * which dialogs the visitor would see. Nothing is sent.
 *
 * Validated in the browser where the host gives a compiling validator (`formValidator`: Ajv,
 * `npm run edit`), and, where the host checks forms (`checkForm`: the studio, whose CSP runs no
 * compiled code), by the host after each change: file `file` as the editor holds it (`source`),
 * its errors shown at their fields.
 */
export function FormPreview({ form, file, source, idPrefix }: { form: JsonObject; file: string; source: unknown; idPrefix: string }) {
  const styles = useStyles();
  const schema = (isObject(form.schema) ? form.schema : NO_SCHEMA) as RJSFSchema;
  const uiSchema = (isObject(form.uiSchema) ? form.uiSchema : NO_UI) as UiSchema;
  const flow = isObject(form.flow) ? form.flow : {};
  const resetKey = useMemo(() => JSON.stringify([schema, uiSchema]), [schema, uiSchema]);
  // A new Ajv for each schema: one Ajv would keep every compiled version of the form being edited.
  const { formValidator } = useEditorHost();
  const remote = useHostCheck(file, source);
  const validatorFor = useRef<{ schema: RJSFSchema; validator: ValidatorType }>(undefined);
  if (validatorFor.current?.schema !== schema)
    validatorFor.current = { schema, validator: formValidator ? formValidator() : serverCheckedValidator() };
  const { validator } = validatorFor.current;
  const [formData, setFormData] = useState<unknown>({});
  const [submitted, setSubmitted] = useState(false);
  const confirm = isObject(flow.confirm) ? flow.confirm : undefined;
  const success = isObject(flow.success) ? flow.success : undefined;

  return (
    <PreviewBoundary resetKey={resetKey}>
      <PreviewForm
        idPrefix={idPrefix}
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        onChange={(event) => {
          setFormData(event.formData);
          setSubmitted(false);
          remote.check(event.formData);
        }}
        extraErrors={remote.extraErrors}
        extraErrorsBlockSubmit={remote.enabled}
        onSubmit={() => setSubmitted(true)}
        onError={() => setSubmitted(false)}
        transformErrors={moveRequiredToFields}
        liveValidate="onChange"
        noHtml5Validate
        showErrorList="top"
      >
        <div className={styles.actions}>
          <Button type="submit" appearance="primary">
            {text(flow.submitLabel, 'Submit')}
          </Button>
          {typeof flow.cancelLabel === 'string' && <Button type="button">{flow.cancelLabel}</Button>}
          <Button
            type="button"
            appearance="subtle"
            onClick={() => {
              setFormData({});
              setSubmitted(false);
              remote.clear();
            }}
          >
            Clear the preview
          </Button>
        </div>
      </PreviewForm>
      <div aria-live="polite" className={styles.result}>
        {submitted && (
          <MessageBar intent="success">
            <MessageBarBody>
              <MessageBarTitle>Valid: nothing is sent from the preview</MessageBarTitle>
              {confirm ? `The visitor is asked “${text(confirm.title)}: ${text(confirm.message)}”` : 'The form sends at once'}
              {success ? `, then sees “${text(success.title)}: ${text(success.message)}”.` : '.'}
            </MessageBarBody>
          </MessageBar>
        )}
      </div>
    </PreviewBoundary>
  );
}
