import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { fieldErrors, inFormOrder, type FieldErrors } from '../forms/errors';
import { FORMS_DIR, VALIDATORS_DIR, type ValidateFunction } from '../forms/registry';

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A checkout's billing form (forms/<name>.json) with its precompiled validator: the module the
 * browser runs (src/generated/validators/<name>.js), so both sides give the same messages.
 */
export interface CheckoutForm {
  name: string;
  schema: RJSFSchema;
  uiSchema: Json;
  validate: ValidateFunction;
  /** Field names in the form's order (ui:order, then the schema's properties). */
  order: string[];
  /** Confirmations the browser checks and does not send (the form file's clientOnly): not required here. */
  clientOnly: string[];
}

/** Loads forms/<name>.json and its validator; fails when the validator is missing or stale (`npm run generate`). */
export async function loadCheckoutForm(name: string, formsDir = FORMS_DIR, validatorsDir = VALIDATORS_DIR): Promise<CheckoutForm> {
  const file = join(formsDir, `${name}.json`);
  const json = JSON.parse(readFileSync(file, 'utf8')) as Json;
  if (!isObject(json.schema)) throw new Error(`${file} has no schema`);
  const schema = json.schema as RJSFSchema;
  const uiSchema = isObject(json.uiSchema) ? json.uiSchema : {};
  const modulePath = join(validatorsDir, `${name}.js`);
  if (!existsSync(modulePath)) throw new Error(`${modulePath} is missing: run \`npm run generate\``);
  const mod = (await import(pathToFileURL(modulePath).href)) as { default: Record<string, ValidateFunction>; rootKey: string };
  // The key rjsf's precompiled validator uses for the root schema: its $id, else its hash.
  const expected = typeof schema.$id === 'string' && schema.$id !== '' ? schema.$id : hashForSchema(schema);
  if (mod.rootKey !== expected || typeof mod.default?.[expected] !== 'function') {
    throw new Error(`${modulePath} was generated from another version of ${file}: run \`npm run generate\``);
  }
  const fromUi = Array.isArray(uiSchema['ui:order']) ? uiSchema['ui:order'].filter((f): f is string => typeof f === 'string' && f !== '*') : [];
  const order = [...new Set([...fromUi, ...Object.keys(isObject(schema.properties) ? schema.properties : {})])];
  const clientOnly = Array.isArray(json.clientOnly) ? json.clientOnly.filter((f): f is string => typeof f === 'string') : [];
  return { name, schema, uiSchema, validate: mod.default[expected], order, clientOnly };
}

/** A text of the form: uiSchema[field]['ui:options'][option], else the fallback. */
export function formOption(form: CheckoutForm, field: string, option: string, fallback: string): string {
  const ui = form.uiSchema[field];
  const options = isObject(ui) && isObject(ui['ui:options']) ? ui['ui:options'] : {};
  return typeof options[option] === 'string' ? options[option] : fallback;
}

/**
 * The form's errors for `data` (the form's own messages, per field, in the form's order; `fill`
 * completes a message's placeholders) plus `extra` errors of the server's own rules; {} when valid.
 * The form's clientOnly fields may be absent (the browser does not send them).
 */
export function formErrors(
  form: CheckoutForm,
  data: unknown,
  extra: FieldErrors = {},
  fill: (field: string, message: string) => string = (_field, message) => message,
): FieldErrors {
  const errors: FieldErrors = {};
  const found = form.validate(data) ? {} : fieldErrors(form.validate.errors);
  // A client-only confirmation (confirm e-mail, agreement) is checked when sent, not required.
  for (const field of form.clientOnly) if (!(isObject(data) && field in data)) delete found[field];
  for (const [field, messages] of Object.entries(found)) errors[field] = [...new Set(messages.map((m) => fill(field, m)))];
  for (const [field, messages] of Object.entries(extra)) {
    const list = (errors[field] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return inFormOrder(errors, form.order);
}
