import { withTheme } from '@rjsf/core';
import BaseInputTemplate from '@rjsf/fluentui-rc/lib/BaseInputTemplate/BaseInputTemplate.js';
import CheckboxWidget from '@rjsf/fluentui-rc/lib/CheckboxWidget/CheckboxWidget.js';
import DescriptionField from '@rjsf/fluentui-rc/lib/DescriptionField/DescriptionField.js';
import FieldErrorTemplate from '@rjsf/fluentui-rc/lib/FieldErrorTemplate/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/fluentui-rc/lib/FieldHelpTemplate/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/fluentui-rc/lib/FieldTemplate/FieldTemplate.js';
import RadioWidget from '@rjsf/fluentui-rc/lib/RadioWidget/RadioWidget.js';
import TextareaWidget from '@rjsf/fluentui-rc/lib/TextareaWidget/TextareaWidget.js';
import type { ErrorListProps, ObjectFieldTemplateProps, RJSFSchema } from '@rjsf/utils';
import { fill, site } from '../lib/site';
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
      <p className="form-error-summary__title">{fill(site.forms?.errorSummary ?? 'Please correct the following:')}</p>
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
 * The one form theme of the site: the Fluent UI pieces of @rjsf/fluentui-rc that our forms use
 * (imported one by one, so array, grid, range and dropdown code stays out of the bundle), our
 * native select, masked and file widgets, a plain field layout and an announced error summary.
 * rjsf's core defaults cover every other template.
 */
export const ThemedForm = withTheme({
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
  },
});
