import { parsePointer } from '../../../domain/json-pointer';
import { isFileRef } from '../../../domain/form-bundle';
import { bundleForm, defaultRequiredMessage, resolveRef } from './bundle';
import { FORM_FIELD_KINDS, kindOf, MAX_LENGTH_MESSAGE, MESSAGES, newField, uniqueFieldName, type FieldKind } from './field-kinds';
import { DELETE, deepEqual, setIn } from './patch-write';
import { isObject, type Diagnostic, type FormContext, type FormFile, type JsonObject } from './types';

/**
 * What the form editor reads of a form file (its fields in order, each with what the UI shows) and
 * the changes it makes (immer recipes on the form file). The file is read resolved (bundle.ts) and
 * written through setIn (patch-write.ts), so that a form built from a fragment
 * (`"schema": { "$ref": "fragments/billing-core.json#/schema" }`) is changed by keys beside the `$ref`.
 * Every change keeps `uiSchema['ui:order']`, `schema.properties`, `schema.required` and
 * `uiSchema[name]` consistent.
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

const at = (name: string) => ['schema', 'properties', name];

function strings(value: unknown): string[] {
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

function resolvedForm(draft: FormFile, ctx: FormContext): JsonObject {
  return bundleForm(draft, ctx).data;
}

function schemaOf(form: JsonObject): JsonObject {
  return isObject(form.schema) ? form.schema : {};
}

function uiOf(form: JsonObject): JsonObject {
  return isObject(form.uiSchema) ? form.uiSchema : {};
}

/** Every name a new field must not take: the schema's fields, and the names ui:order and uiSchema already use. */
export function takenNames(form: JsonObject): Set<string> {
  const properties = isObject(schemaOf(form).properties) ? Object.keys(schemaOf(form).properties as JsonObject) : [];
  const ui = uiOf(form);
  return new Set([...properties, ...strings(ui['ui:order']), ...Object.keys(ui).filter((key) => !key.startsWith('ui:'))]);
}

/** Writes the form's required list (removing the key when it becomes empty). */
function writeRequired(draft: FormFile, ctx: FormContext, names: string[]) {
  setIn(draft, ['schema', 'required'], names.length > 0 ? names : DELETE, ctx);
}

/** Removes schema.errorMessage.required[name] (and the objects it leaves empty). */
function dropRequiredMessage(draft: FormFile, ctx: FormContext, name: string) {
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
  setIn(draft, at(name), field.schema, ctx);
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
  setIn(draft, at(name), DELETE, ctx);
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
      setIn(draft, [...at(name), 'minLength'], 1, ctx);
      if (!hasDefault && typeof field.errorMessage !== 'string')
        setIn(draft, [...at(name), 'errorMessage', 'minLength'], MESSAGES.required, ctx);
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
      setIn(draft, [...at(name), 'minLength'], DELETE, ctx);
      if (isObject(field.errorMessage) && 'minLength' in field.errorMessage)
        setIn(draft, [...at(name), 'errorMessage', 'minLength'], DELETE, ctx);
    }
  }
}

/** The field's label; empty: no label of its own (a fragment's field shows the fragment's again). */
export function setTitle(draft: FormFile, name: string, title: string, ctx: FormContext): void {
  setIn(draft, [...at(name), 'title'], title === '' ? DELETE : title, ctx);
}

/** One of the field's messages (errorMessage[keyword]; '' removes it); keyword undefined: the field's single message for every error. */
export function setMessage(draft: FormFile, name: string, keyword: string | undefined, text: string, ctx: FormContext): void {
  setIn(
    draft,
    keyword === undefined ? [...at(name), 'errorMessage'] : [...at(name), 'errorMessage', keyword],
    text === '' ? DELETE : text,
    ctx,
  );
}

/** The message of a required field left empty: the form's own for this field, or the default again when it is the default's text. */
export function setRequiredMessage(draft: FormFile, name: string, text: string, ctx: FormContext): void {
  const form = resolvedForm(draft, ctx);
  const fallback = defaultRequiredMessage(form);
  if (fallback !== undefined && (text === fallback || text === '')) dropRequiredMessage(draft, ctx, name);
  else setIn(draft, ['schema', 'errorMessage', 'required', name], text, ctx);
}

/** The options of a select field (its enum), with their labels (ui:enumNames) kept in step when it has them. */
export function setOptions(draft: FormFile, name: string, options: string[], ctx: FormContext, labels?: string[]): void {
  setIn(draft, [...at(name), 'enum'], options, ctx);
  if (labels) setIn(draft, ['uiSchema', name, 'ui:enumNames'], labels, ctx);
}

/** maxLength of a text field, and its message when it is the usual "Must be at most N characters". */
export function setMaxLength(draft: FormFile, name: string, max: number, ctx: FormContext): void {
  const field = schemaOf(resolvedForm(draft, ctx)).properties;
  const own = isObject(field) && isObject(field[name]) ? field[name] : {};
  setIn(draft, [...at(name), 'maxLength'], max, ctx);
  const message = isObject(own.errorMessage) ? own.errorMessage.maxLength : undefined;
  if (typeof message === 'string' && MAX_LENGTH_MESSAGE.test(message)) {
    setIn(draft, [...at(name), 'errorMessage', 'maxLength'], MESSAGES.maxLength(max), ctx);
  }
}

/** A UI hint of the field (uiSchema[name][key]); '' or undefined removes it. */
export function setUiHint(draft: FormFile, name: string, key: string, value: unknown, ctx: FormContext): void {
  setIn(draft, ['uiSchema', name, key], value === '' || value === undefined ? DELETE : value, ctx);
}

/** One of a file field's ui:options (accept, maxBytes, typeMessage, sizeMessage). */
export function setUiOption(draft: FormFile, name: string, key: string, value: unknown, ctx: FormContext): void {
  setIn(draft, ['uiSchema', name, 'ui:options', key], value === '' || value === undefined ? DELETE : value, ctx);
}

/** A text of the flow, e.g. ['confirm', 'title'] or ['submitLabel']. */
export function setFlowText(draft: FormFile, path: readonly string[], text: string, ctx: FormContext): void {
  setIn(draft, ['flow', ...path], text, ctx);
}

/** Adds or removes the flow's confirm or success dialog (with texts to edit). */
export function setDialog(draft: FormFile, dialog: 'confirm' | 'success', on: boolean, ctx: FormContext): void {
  const texts =
    dialog === 'confirm'
      ? { title: 'Confirm', message: 'Would you like to send this form?' }
      : { title: 'Thank you!', message: 'Your message has been sent.' };
  setIn(draft, ['flow', dialog], on ? texts : DELETE, ctx);
}

/** The mail recipients (mail.to). */
export function setMailTo(draft: FormFile, to: string[], ctx: FormContext): void {
  setIn(draft, ['mail', 'to'], to, ctx);
}

export function setMailSubject(draft: FormFile, subject: string, ctx: FormContext): void {
  setIn(draft, ['mail', 'subject'], subject, ctx);
}

/** Where a problem of the form file belongs: a field, the flow or mail texts, or the form as a whole. */
export type ProblemPlace = { field: string } | { section: 'flow' | 'mail' } | { section: 'form' };

/** The field (or section) a Diagnostic's pointer points at (pointers of the form file as written). */
export function problemPlace(pointer: string, value: FormFile, fieldNames: readonly string[]): ProblemPlace {
  const tokens = parsePointer(pointer);
  const known = (name: unknown): name is string => typeof name === 'string' && fieldNames.includes(name);
  const [first, second, third, fourth] = tokens;
  if (first === 'schema') {
    if (second === 'properties' && known(third)) return { field: third };
    if (second === 'required' && third !== undefined) {
      const name = isObject(value?.schema) && Array.isArray(value.schema.required) ? value.schema.required[Number(third)] : undefined;
      if (known(name)) return { field: name };
    }
    if (second === 'errorMessage' && (third === 'required' || third === 'properties') && known(fourth)) return { field: fourth };
  }
  if (first === 'uiSchema') {
    if (known(second)) return { field: second };
    if (second === 'ui:order' && third !== undefined) {
      const name =
        isObject(value?.uiSchema) && Array.isArray(value.uiSchema['ui:order']) ? value.uiSchema['ui:order'][Number(third)] : undefined;
      if (known(name)) return { field: name };
    }
  }
  if (first === 'flow') return { section: 'flow' };
  if (first === 'mail') return { section: 'mail' };
  return { section: 'form' };
}

/** The problems of the form file, by the field or section they point at. */
export function groupProblems(problems: readonly Diagnostic[], value: FormFile, fieldNames: readonly string[]) {
  const byField = new Map<string, Diagnostic[]>();
  const flow: Diagnostic[] = [];
  const mail: Diagnostic[] = [];
  const form: Diagnostic[] = [];
  for (const problem of problems) {
    const place = problemPlace(problem.pointer, value, fieldNames);
    if ('field' in place) byField.set(place.field, [...(byField.get(place.field) ?? []), problem]);
    else if (place.section === 'flow') flow.push(problem);
    else if (place.section === 'mail') mail.push(problem);
    else form.push(problem);
  }
  return { byField, flow, mail, form };
}
