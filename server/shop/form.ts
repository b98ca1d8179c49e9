import { fieldErrors, inFormOrder, type FieldErrors } from '../forms/errors';
import { isObject } from '../../domain/guards';
import type { Form } from '../forms/form';

/**
 * The form's errors for `data` (the form's own messages, per field, in the form's order; `fill`
 * completes a message's placeholders) plus `extra` errors of the server's own rules; {} when valid.
 * Checkouts and key activations answer them as 422 { message, errors }. The form's clientOnly
 * fields may be absent (the browser does not send them); when sent they are checked.
 */
export function formErrors(
  form: Pick<Form, 'validate' | 'order'> & { clientOnly?: readonly string[] },
  data: unknown,
  extra: FieldErrors = {},
  fill: (field: string, message: string) => string = (_field, message) => message,
): FieldErrors {
  const errors: FieldErrors = {};
  const found = form.validate(data) ? {} : fieldErrors(form.validate.errors);
  // A client-only confirmation (confirm e-mail, agreement) is checked when sent, not required.
  for (const field of form.clientOnly ?? []) if (!(isObject(data) && field in data)) delete found[field];
  for (const [field, messages] of Object.entries(found)) errors[field] = [...new Set(messages.map((m) => fill(field, m)))];
  for (const [field, messages] of Object.entries(extra)) {
    const list = (errors[field] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return inFormOrder(errors, form.order);
}
