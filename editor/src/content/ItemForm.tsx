import Form from '@rjsf/fluentui-rc';
import type { IChangeEvent } from '@rjsf/core';
import {
  createSchemaUtils,
  type ErrorSchema,
  type Experimental_DefaultFormStateBehavior,
  type RJSFSchema,
  type UiSchema,
} from '@rjsf/utils';
import { useCallback, useMemo, useRef } from 'react';
import { isObject } from '../../../domain/guards';
import { useEditorHost } from '../core/host';
import { diffValues, humanize, type Change } from '../core/json';
import { transformErrors } from '../core/messages';
import type { ContentMeta } from '../core/types';
import { fieldWords, type FieldWords } from '../core/field-words';
import { contentFields, contentUiSchema, contentWidgets, validateImageAlt } from './widgets';

/** A list's minimum items only for a required list; no empty object for an optional one (as the props form). */
const defaultsBehavior: Experimental_DefaultFormStateBehavior = {
  arrayMinItems: { populate: 'requiredOnly' },
  emptyObjectFields: 'skipEmptyDefaults',
};

/**
 * A schema without its `description`s, at every depth: they are notes to developers ("Record id.",
 * "as HTML (sanitize before rendering)") and rjsf would show them under the fields.
 */
export function withoutDescriptions(schema: unknown, depth = 0): unknown {
  if (!isObject(schema) || depth > 16) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'description' && typeof value === 'string') continue;
    if ((key === 'properties' || key === 'definitions' || key === '$defs') && isObject(value)) {
      out[key] = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, withoutDescriptions(child, depth + 1)]));
    } else if (key === 'items' || key === 'additionalProperties' || key === 'not') out[key] = withoutDescriptions(value, depth + 1);
    else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value))
      out[key] = value.map((child) => withoutDescriptions(child, depth + 1));
    else out[key] = value;
  }
  return out;
}

/**
 * Field labels: the editor's words for the field (top-level fields), else the schema's title, else
 * the field's name in words; help only from the editor's words; `id` read-only; widgets merged in.
 */
function uiFor(schema: Record<string, unknown>, widgets: UiSchema, words: Readonly<Record<string, FieldWords>>, depth = 0): UiSchema {
  const ui: UiSchema = { ...widgets };
  if (!isObject(schema) || depth > 8 || !isObject(schema.properties)) return ui;
  for (const [key, child] of Object.entries(schema.properties)) {
    const title = isObject(child) && typeof child.title === 'string' ? child.title : undefined;
    const inner = isObject(widgets[key]) ? (widgets[key] as UiSchema) : {};
    const own = depth === 0 ? words[key] : undefined;
    ui[key] = {
      ...(isObject(child) && isObject(child.properties) ? uiFor(child, inner, words, depth + 1) : inner),
      'ui:title': own?.label ?? (title && !/^[A-Za-z0-9]+$/.test(title) ? title : humanize(title ?? key)),
      ...(own?.help ? { 'ui:help': own.help } : {}),
    };
  }
  if (depth === 0 && isObject(schema.properties) && 'id' in schema.properties) ui.id = { ...(ui.id as UiSchema), 'ui:readonly': true };
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
    return withoutDescriptions(rest) as RJSFSchema;
  }, [meta.schema]);
  const kind = typeof meta.schema.title === 'string' ? meta.schema.title : '';
  const uiSchema = useMemo<UiSchema>(
    () => ({
      ...uiFor(schema, contentUiSchema(meta.schema, meta.resource), fieldWords(kind)),
      'ui:submitButtonOptions': { norender: true },
    }),
    [schema, meta.schema, meta.resource, kind],
  );
  const { validator } = useEditorHost();
  const utils = useMemo(() => createSchemaUtils(validator, schema, defaultsBehavior), [validator, schema]);
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
    [schema, uiSchema, validator, formData, handle, extraErrors, idPrefix],
  );
}
