import { defaultRequiredMessage } from './bundle';
import { MAX_LENGTH_MESSAGE, MESSAGES } from './field-kinds';
import { dropRequiredMessage } from './field-ops';
import { fieldAt, resolvedForm, schemaOf } from './form-read';
import { DELETE, setIn } from './patch-write';
import { isObject, type FormContext, type FormFile } from './types';

/**
 * The changes of one field's settings (immer recipes on the form file): its label, messages, options,
 * maximum length and UI hints, written through setIn (patch-write.ts) beside a fragment's `$ref`.
 */

/** The field's label; empty: no label of its own (a fragment's field shows the fragment's again). */
export function setTitle(draft: FormFile, name: string, title: string, ctx: FormContext): void {
  setIn(draft, [...fieldAt(name), 'title'], title === '' ? DELETE : title, ctx);
}

/** One of the field's messages (errorMessage[keyword]; '' removes it); keyword undefined: the field's single message for every error. */
export function setMessage(draft: FormFile, name: string, keyword: string | undefined, text: string, ctx: FormContext): void {
  setIn(
    draft,
    keyword === undefined ? [...fieldAt(name), 'errorMessage'] : [...fieldAt(name), 'errorMessage', keyword],
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
  setIn(draft, [...fieldAt(name), 'enum'], options, ctx);
  if (labels) setIn(draft, ['uiSchema', name, 'ui:enumNames'], labels, ctx);
}

/** maxLength of a text field, and its message when it is the usual "Must be at most N characters". */
export function setMaxLength(draft: FormFile, name: string, max: number, ctx: FormContext): void {
  const field = schemaOf(resolvedForm(draft, ctx)).properties;
  const own = isObject(field) && isObject(field[name]) ? field[name] : {};
  setIn(draft, [...fieldAt(name), 'maxLength'], max, ctx);
  const message = isObject(own.errorMessage) ? own.errorMessage.maxLength : undefined;
  if (typeof message === 'string' && MAX_LENGTH_MESSAGE.test(message)) {
    setIn(draft, [...fieldAt(name), 'errorMessage', 'maxLength'], MESSAGES.maxLength(max), ctx);
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
