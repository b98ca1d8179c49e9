import { parsePointer } from '../../domain/json-pointer';
import type { ValidationError } from './form';

/** Field path ('a.b', '' for the form itself) -> its messages, in the order they were found. */
export type FieldErrors = Record<string, string[]>;

/** '/a/b~1c' (a JSON pointer) -> 'a.b/c'. */
const fieldPath = (pointer: string) => parsePointer(pointer).join('.');

const join = (parent: string, child: string) => (parent === '' ? child : `${parent}.${child}`);

/**
 * The validator's errors per field, with the form's own messages. ajv-errors reports a `required`
 * message against the object that lacks the property (params.errors holds the original `required`
 * errors): each one goes to its missing field, as the browser shows it. Other errors stay where
 * they are; errors of the form as a whole are under ''.
 */
export function fieldErrors(errors: readonly ValidationError[] | null | undefined): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, message: string | undefined) => {
    const text = message ?? 'is invalid';
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  };
  for (const error of errors ?? []) {
    const at = fieldPath(error.instancePath);
    const originals = error.keyword === 'errorMessage' && Array.isArray(error.params.errors) ? error.params.errors : [error];
    const missing = originals.filter((e) => e.keyword === 'required' && typeof e.params.missingProperty === 'string');
    for (const e of missing) add(join(at, e.params.missingProperty as string), error.message);
    if (missing.length < originals.length) add(at, error.message);
  }
  return out;
}

/** The same errors with the fields in the form's order (unknown fields after, in the order found). */
export function inFormOrder(errors: FieldErrors, order: readonly string[]): FieldErrors {
  const rank = (field: string) => {
    const top = field.split('.')[0];
    const index = order.indexOf(top);
    return index < 0 ? order.length : index;
  };
  const fields = Object.keys(errors);
  const sorted = fields
    .map((field, i) => ({ field, i }))
    .sort((a, b) => rank(a.field) - rank(b.field) || a.i - b.i)
    .map(({ field }) => field);
  return Object.fromEntries(sorted.map((field) => [field, errors[field]]));
}
