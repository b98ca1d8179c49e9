import { isFileRef } from '../../../domain/form-bundle';
import { defaultRequiredMessage } from './bundle';
import { FORM_FIELD_KINDS, MESSAGES, newField, uniqueFieldName, type FieldKind } from './field-kinds';
import { displayOrder, fieldAt, reorderFields, resolvedForm, schemaOf, strings, takenNames, uiOf } from './form-read';
import { deepEqual } from '../core/json';
import { DELETE, setIn } from './patch-write';
import { isObject, type FormContext, type FormFile, type JsonObject } from './types';

/**
 * The changes of the form's list of fields (immer recipes on the form file): add, remove, move, make
 * required. Written through setIn (patch-write.ts), so that a form built from a fragment
 * (`"schema": { "$ref": "fragments/billing-core.json#/schema" }`) is changed by keys beside the `$ref`.
 * Every change keeps `uiSchema['ui:order']`, `schema.properties`, `schema.required` and
 * `uiSchema[name]` consistent.
 */

/** Writes the form's required list (removing the key when it becomes empty). */
function writeRequired(draft: FormFile, ctx: FormContext, names: string[]) {
  setIn(draft, ['schema', 'required'], names.length > 0 ? names : DELETE, ctx);
}

/** Removes schema.errorMessage.required[name] (and the objects it leaves empty). */
export function dropRequiredMessage(draft: FormFile, ctx: FormContext, name: string) {
  const errorMessage = schemaOf(resolvedForm(draft, ctx)).errorMessage;
  if (!isObject(errorMessage) || !isObject(errorMessage.required) || !(name in errorMessage.required)) return;
  const rest = Object.keys(errorMessage.required).filter((key) => key !== name);
  if (rest.length > 0) setIn(draft, ['schema', 'errorMessage', 'required', name], DELETE, ctx);
  else if (Object.keys(errorMessage).length > 1) setIn(draft, ['schema', 'errorMessage', 'required'], DELETE, ctx);
  else setIn(draft, ['schema', 'errorMessage'], DELETE, ctx);
}

/**
 * Adds a field of `kind` labelled `label` (its name: camelCase of the label, made unique) at the
 * end of the form; returns its name. A file field makes the form send multipart (as apply-now.json).
 */
export function addField(draft: FormFile, kind: FieldKind, label: string, ctx: FormContext): string {
  if (!FORM_FIELD_KINDS.includes(kind)) throw new Error(`unknown field kind '${kind}'`);
  const form = resolvedForm(draft, ctx);
  const name = uniqueFieldName(label, takenNames(form));
  const field = newField(kind, name, { label, fragments: ctx.fragments, file: ctx.file });
  if (!isObject(draft.schema)) draft.schema = { type: 'object', properties: {} };
  setIn(draft, fieldAt(name), field.schema, ctx);
  if (Object.keys(field.uiSchema).length > 0) setIn(draft, ['uiSchema', name], field.uiSchema, ctx);
  const order = uiOf(form)['ui:order'];
  if (Array.isArray(order)) {
    const next = [...order];
    // Before a trailing '*', so that the new field is listed; after everything else.
    if (next[next.length - 1] === '*') next.splice(next.length - 1, 0, name);
    else next.push(name);
    setIn(draft, ['uiSchema', 'ui:order'], next, ctx);
  }
  if (field.required) setRequired(draft, name, true, ctx);
  const flow = isObject(form.flow) ? form.flow : undefined;
  if (kind === 'file' && flow && (flow.submitMode === undefined || flow.submitMode === 'json')) {
    setIn(draft, ['flow', 'submitMode'], 'multipart', ctx);
  }
  return name;
}

/** Removes a field from the schema, `required`, ui:order, uiSchema, its required message, clientOnly and mail.replyTo. */
export function removeField(draft: FormFile, name: string, ctx: FormContext): void {
  const form = resolvedForm(draft, ctx);
  const schema = schemaOf(form);
  const ui = uiOf(form);
  setIn(draft, fieldAt(name), DELETE, ctx);
  const required = strings(schema.required);
  if (required.includes(name))
    writeRequired(
      draft,
      ctx,
      required.filter((n) => n !== name),
    );
  dropRequiredMessage(draft, ctx, name);
  if (isObject(schema.errorMessage) && isObject(schema.errorMessage.properties) && name in schema.errorMessage.properties) {
    setIn(draft, ['schema', 'errorMessage', 'properties', name], DELETE, ctx);
  }
  const order = ui['ui:order'];
  if (Array.isArray(order) && order.includes(name)) {
    setIn(
      draft,
      ['uiSchema', 'ui:order'],
      order.filter((n) => n !== name),
      ctx,
    );
  }
  if (name in ui) setIn(draft, ['uiSchema', name], DELETE, ctx);
  const clientOnly = strings(form.clientOnly);
  if (clientOnly.includes(name)) {
    const rest = clientOnly.filter((n) => n !== name);
    setIn(draft, ['clientOnly'], rest.length > 0 ? rest : DELETE, ctx);
  }
  if (isObject(form.mail) && form.mail.replyTo === name) setIn(draft, ['mail', 'replyTo'], DELETE, ctx);
}

/** Moves field `from` to the place of field `to` in ui:order (written in full when the form has none, or '*' hides one of them). */
export function moveField(draft: FormFile, from: string, to: string, ctx: FormContext): void {
  const form = resolvedForm(draft, ctx);
  const properties = isObject(schemaOf(form).properties) ? Object.keys(schemaOf(form).properties as JsonObject) : [];
  const order = uiOf(form)['ui:order'];
  const listed = strings(order);
  const base = Array.isArray(order) && listed.includes(from) && listed.includes(to) ? [...order] : displayOrder(properties, order);
  const next = reorderFields(base as string[], from, to);
  if (!deepEqual(next, order)) setIn(draft, ['uiSchema', 'ui:order'], next, ctx);
}

/** Makes a field required or not: `required`, its message when the form has no default (messages), and minLength 1 of a text field. */
export function setRequired(draft: FormFile, name: string, on: boolean, ctx: FormContext): void {
  const form = resolvedForm(draft, ctx);
  const schema = schemaOf(form);
  const required = strings(schema.required);
  const field = isObject(schema.properties) && isObject(schema.properties[name]) ? schema.properties[name] : {};
  const raw = isObject(draft.schema) && isObject(draft.schema.properties) ? draft.schema.properties[name] : undefined;
  const hasDefault = defaultRequiredMessage(form) !== undefined;
  // A text field of the form's own (not a fragment's): required means not empty either.
  const ownText = !(isObject(raw) && isFileRef(raw.$ref)) && field.type === 'string' && !('enum' in field) && !('const' in field);
  if (on) {
    if (!required.includes(name)) writeRequired(draft, ctx, [...required, name]);
    const catchAll = typeof schema.errorMessage === 'string';
    if (!hasDefault && !catchAll) setIn(draft, ['schema', 'errorMessage', 'required', name], MESSAGES.required, ctx);
    if (ownText && field.minLength === undefined) {
      setIn(draft, [...fieldAt(name), 'minLength'], 1, ctx);
      if (!hasDefault && typeof field.errorMessage !== 'string')
        setIn(draft, [...fieldAt(name), 'errorMessage', 'minLength'], MESSAGES.required, ctx);
    }
  } else {
    if (required.includes(name))
      writeRequired(
        draft,
        ctx,
        required.filter((n) => n !== name),
      );
    dropRequiredMessage(draft, ctx, name);
    if (ownText && field.minLength === 1) {
      setIn(draft, [...fieldAt(name), 'minLength'], DELETE, ctx);
      if (isObject(field.errorMessage) && 'minLength' in field.errorMessage)
        setIn(draft, [...fieldAt(name), 'errorMessage', 'minLength'], DELETE, ctx);
    }
  }
}
