import { withTheme } from '@rjsf/core';
import FieldHelpTemplate from '@rjsf/fluentui-rc/lib/FieldHelpTemplate/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/fluentui-rc/lib/FieldTemplate/FieldTemplate.js';
import type { ErrorListProps, FieldProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { useEffect } from 'react';
import { logError } from '../lib/log';
import { fillSiteTexts, site } from '../lib/site';
import { SafeObjectField } from './SafeObjectField';
import { BaseInputTemplate, DescriptionField, FieldErrorTemplate, TextareaWidget } from './templates';
import { CheckboxWidget } from './widgets/CheckboxWidget';
import { RadioWidget } from './widgets/RadioWidget';
import { FileWidget } from './widgets/FileWidget';
import { MaskedWidget } from './widgets/MaskedWidget';
import { SelectWidget } from './widgets/SelectWidget';

/** Fields one under the other; the form's own title and description come from the page, not the schema. */
function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <div className="form-fields">{properties.filter((p) => !p.hidden).map((p) => p.content)}</div>;
}

function fieldLabel(schema: RJSFSchema, property: string | undefined): string | undefined {
  let node: RJSFSchema | undefined = schema;
  for (const key of (property ?? '').split('.').filter(Boolean)) {
    const next: unknown = node?.properties?.[key];
    node = typeof next === 'object' && next !== null ? (next as RJSFSchema) : undefined;
  }
  return node?.title;
}

/** The error summary above the form, announced to screen readers when a submit fails. */
function ErrorListTemplate({ errors, schema }: ErrorListProps) {
  return (
    <div className="form-error-summary" role="alert">
      <p className="form-error-summary__title">{fillSiteTexts(site).forms?.errorSummary ?? 'Please correct the following:'}</p>
      <ul>
        {errors.map((error, index) => {
          const label = fieldLabel(schema, error.property);
          return <li key={index}>{label ? `${label}: ${error.message}` : error.message}</li>;
        })}
      </ul>
    </div>
  );
}

/**
 * A field whose schema rjsf cannot render (a form file that skipped `npm run validate`): logged,
 * and a generic line on the page instead of rjsf's, which prints the field's schema as JSON.
 */
function UnsupportedFieldTemplate({ fieldPathId, reason }: Pick<FieldProps, 'fieldPathId'> & { reason?: string }) {
  const id = fieldPathId?.$id ?? 'root';
  useEffect(() => logError('form', new Error(`${id}: unsupported field${reason ? ` (${reason})` : ''}`)), [id, reason]);
  return <p className="form-field-unavailable">This field is not available at the moment.</p>;
}

/**
 * The one form theme of the site: the Fluent UI pieces of @rjsf/fluentui-rc that our forms use
 * (imported one by one, so array, grid, range and dropdown code stays out of the bundle), its radio
 * and checkbox in valid HTML, our native select, masked and file widgets, a plain field layout and
 * an announced error summary.
 * rjsf's core defaults cover every other template. A form never prints its schema on the page:
 * a wrong ui:order and an unsupported field are logged (SafeObjectField, UnsupportedFieldTemplate).
 */
export const ThemedForm = withTheme({
  fields: { ObjectField: SafeObjectField },
  widgets: {
    CheckboxWidget,
    RadioWidget,
    TextareaWidget,
    SelectWidget,
    masked: MaskedWidget,
    file: FileWidget,
  },
  templates: {
    BaseInputTemplate,
    DescriptionFieldTemplate: DescriptionField,
    FieldErrorTemplate,
    FieldHelpTemplate,
    FieldTemplate,
    ObjectFieldTemplate,
    ErrorListTemplate,
    UnsupportedFieldTemplate,
  },
});
