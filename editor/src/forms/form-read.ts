import { isFileRef } from '../../../domain/form-bundle';
import { bundleForm, defaultRequiredMessage, resolveRef } from './bundle';
import { kindOf, type FieldKind } from './field-kinds';
import { isObject, type FormContext, type FormFile, type JsonObject } from './types';

/**
 * What the form editor reads of a form file: its fields in the order the form shows them, each with
 * what the UI shows (label, kind, where a fragment gives it, its required message). The file is read
 * resolved (bundle.ts), so that a field a fragment gives reads as the site shows it.
 */

export interface FieldView {
  name: string;
  /** schema.properties[name], resolved (fragments in, default messages not expanded). */
  schema: JsonObject;
  /** uiSchema[name], resolved ({} when none). */
  ui: JsonObject;
  /** The `$ref` the form file writes for this field, if any ('fragments/email.json#/email'). */
  ref?: string;
  /**
   * Where the field comes from when a fragment gives it: its own `$ref`, or the `$ref` of the form's
   * schema when the form writes nothing of the field (billing-merchant.json's fields).
   */
  origin?: string;
  /** The title the `$ref` gives (before the form's own override). */
  fragmentTitle?: string;
  /** The form's own label when it overrides the fragment's (the `title` beside the `$ref`). */
  titleOverride?: string;
  required: boolean;
  /** The message shown when the required field is left empty (the form's default unless it states one). */
  requiredMessage?: string;
  kind: FieldKind | 'other';
}

export interface FormView {
  /** The resolved form (default messages not expanded). */
  form: JsonObject;
  fields: FieldView[];
  /** Whether the form states a ui:order. */
  hasOrder: boolean;
  /** The form's default required message (messages.required), if it has one. */
  defaultRequired?: string;
  issues: string[];
}

export function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/** The field names in the order the form shows them: ui:order with '*' standing for the rest, else the schema's order. */
export function displayOrder(properties: readonly string[], order: unknown): string[] {
  if (!Array.isArray(order)) return [...properties];
  const listed = strings(order).filter((name) => name === '*' || properties.includes(name));
  const unique = listed.filter((name, i) => listed.indexOf(name) === i);
  const rest = properties.filter((name) => !unique.includes(name));
  const star = unique.indexOf('*');
  if (star < 0) return [...unique, ...rest];
  return [...unique.slice(0, star), ...rest, ...unique.slice(star + 1)];
}

/** Reads the form's fields (see FieldView). */
export function readForm(value: FormFile, ctx: FormContext): FormView {
  const { data: form, issues } = bundleForm(value, ctx);
  const expanded = bundleForm(value, ctx, { expand: true }).data;
  const schema = isObject(form.schema) ? form.schema : {};
  const properties = isObject(schema.properties) ? schema.properties : {};
  const uiSchema = isObject(form.uiSchema) ? form.uiSchema : {};
  const required = new Set(strings(schema.required));
  const expandedSchema = isObject(expanded.schema) ? expanded.schema : {};
  const requiredMessages =
    isObject(expandedSchema.errorMessage) && isObject(expandedSchema.errorMessage.required) ? expandedSchema.errorMessage.required : {};
  const rawProperties = isObject(value?.schema) && isObject(value.schema.properties) ? value.schema.properties : {};
  const fields = displayOrder(Object.keys(properties), uiSchema['ui:order']).map((name): FieldView => {
    const fieldSchema = isObject(properties[name]) ? properties[name] : {};
    const ui = isObject(uiSchema[name]) ? uiSchema[name] : {};
    const raw = rawProperties[name];
    const ref = isObject(raw) && isFileRef(raw.$ref) ? raw.$ref : undefined;
    const target = ref ? resolveRef(ref, ctx, value) : undefined;
    const fragmentTitle = isObject(target) && typeof target.title === 'string' ? target.title : undefined;
    const own = isObject(raw) && typeof raw.title === 'string' ? raw.title : undefined;
    const message = requiredMessages[name];
    const schemaRef = isObject(value?.schema) && isFileRef(value.schema.$ref) ? value.schema.$ref : undefined;
    return {
      name,
      schema: fieldSchema,
      ui,
      ref,
      origin: ref ?? (raw === undefined && schemaRef ? `${schemaRef}/properties/${name}` : undefined),
      fragmentTitle,
      titleOverride: ref ? own : undefined,
      required: required.has(name),
      requiredMessage: required.has(name) && typeof message === 'string' ? message : undefined,
      kind: kindOf(fieldSchema, ui, ref),
    };
  });
  return { form, fields, hasOrder: Array.isArray(uiSchema['ui:order']), defaultRequired: defaultRequiredMessage(form), issues };
}

/** A field's label as the form shows it. */
export function fieldLabel(field: FieldView): string {
  return typeof field.schema.title === 'string' && field.schema.title !== '' ? field.schema.title : field.name;
}

/**
 * `order` with `from` moved to where `to` is (as a drag and drop onto `to` does), other entries
 * ('*' included) kept in their order; a copy of `order` when either name is not in it.
 */
export function reorderFields(order: readonly string[], from: string, to: string): string[] {
  const result = [...order];
  const i = result.indexOf(from);
  const j = result.indexOf(to);
  if (i < 0 || j < 0 || i === j) return result;
  result.splice(i, 1);
  result.splice(j, 0, from);
  return result;
}

export function schemaOf(form: JsonObject): JsonObject {
  return isObject(form.schema) ? form.schema : {};
}

export function uiOf(form: JsonObject): JsonObject {
  return isObject(form.uiSchema) ? form.uiSchema : {};
}

/** Every name a new field must not take: the schema's fields, and the names ui:order and uiSchema already use. */
export function takenNames(form: JsonObject): Set<string> {
  const properties = isObject(schemaOf(form).properties) ? Object.keys(schemaOf(form).properties as JsonObject) : [];
  const ui = uiOf(form);
  return new Set([...properties, ...strings(ui['ui:order']), ...Object.keys(ui).filter((key) => !key.startsWith('ui:'))]);
}

/** The form file resolved (default messages not expanded), as a change reads it before it writes. */
export function resolvedForm(draft: FormFile, ctx: FormContext): JsonObject {
  return bundleForm(draft, ctx).data;
}

/** Where a field's schema is in the form file: schema.properties[name]. */
export const fieldAt = (name: string) => ['schema', 'properties', name];
