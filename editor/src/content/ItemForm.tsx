import Form from '@rjsf/fluentui-rc';
import type { IChangeEvent } from '@rjsf/core';
import {
  createSchemaUtils,
  type ErrorSchema,
  type Experimental_DefaultFormStateBehavior,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { useCallback, useMemo, useRef } from 'react';
import { isObject } from '../../../domain/guards';
import { diffValues, humanize, type Change } from '../json';
import { transformErrors } from '../messages';
import type { ContentMeta } from '../types';
import { contentFields, contentUiSchema, contentWidgets, validateImageAlt } from './widgets';

/** A list's minimum items only for a required list; no empty object for an optional one (as the props form). */
const defaultsBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'skipEmptyDefaults',
};

/** Ajv compiles the item schemas in the browser (the editor is development-only). */
const validator = customizeValidator();

/** Field labels from the schema (a property's title, else its name in words); `id` read-only; widgets merged in. */
function uiFor(schema: Record<string, unknown>, widgets: UiSchema, depth = 0): UiSchema {
  const ui: UiSchema = { ...widgets };
  if (!isObject(schema) || depth > 8 || !isObject(schema.properties)) return ui;
  for (const [key, child] of Object.entries(schema.properties)) {
    const title = isObject(child) && typeof child.title === 'string' ? child.title : undefined;
    const inner = isObject(widgets[key]) ? (widgets[key] as UiSchema) : {};
    ui[key] = {
      ...(isObject(child) && isObject(child.properties) ? uiFor(child, inner, depth + 1) : inner),
      'ui:title': title && !/^[A-Za-z0-9]+$/.test(title) ? title : humanize(key === 'id' ? 'Number' : (title ?? key)),
    };
  }
  if (depth === 0 && isObject(schema.properties) && 'id' in schema.properties) {
    ui.id = { ...(ui.id as UiSchema), 'ui:readonly': true, 'ui:help': 'Given by the editor; pages and links name the item by it.' };
  }
  return ui;
}

/**
 * One content item as a form generated from its schema (rjsf with the Fluent theme and the content
 * widgets: rich text, image, date, pesos), validated as you type, with the gate's problems of the
 * item at their fields (`extraErrors`). A change is reported as the changes between the item before
 * and after, both with the schema's defaults filled in, so a default is never written unless changed.
 */
export function ItemForm({
  meta,
  value,
  extraErrors,
  onChange,
}: {
  meta: ContentMeta;
  value: Record<string, unknown>;
  extraErrors: ErrorSchema;
  onChange: (changes: Change[]) => void;
}) {
  const schema = useMemo(() => {
    const { title: _title, description: _description, $schema: _schema, ...rest } = meta.schema;
    return rest as RJSFSchema;
  }, [meta.schema]);
  const uiSchema = useMemo<UiSchema>(
    () => ({ ...uiFor(schema, contentUiSchema(meta.schema, meta.resource)), 'ui:submitButtonOptions': { norender: true } }),
    [schema, meta.schema, meta.resource],
  );
  const utils = useMemo(() => createSchemaUtils(validator, schema, defaultsBehavior), [schema]);
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  const handle = useCallback(
    (event: IChangeEvent) => {
      const before = utils.getDefaultFormState(schema, structuredClone(latest.current.value));
      const changes = diffValues(before, event.formData);
      if (changes.length > 0) latest.current.onChange(changes);
    },
    [utils, schema],
  );
  const formData = useMemo(() => structuredClone(value), [value]);
  const idPrefix = `item-${meta.resource}`;
  return useMemo(
    () => (
      <Form
        schema={schema}
        uiSchema={uiSchema}
        validator={validator}
        formData={formData}
        onChange={handle}
        liveValidate="onChange"
        extraErrors={extraErrors}
        showErrorList={false}
        noHtml5Validate
        idPrefix={idPrefix}
        widgets={contentWidgets}
        fields={contentFields}
        customValidate={validateImageAlt}
        transformErrors={transformErrors}
        experimental_defaultFormStateBehavior={defaultsBehavior}
      />
    ),
    [schema, uiSchema, formData, handle, extraErrors, idPrefix],
  );
}
