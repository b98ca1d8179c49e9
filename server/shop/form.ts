import { fieldErrors, inFormOrder, type FieldErrors } from '../forms/errors';
import type { Form } from '../forms/form';

/**
 * The form's errors for `data` (the form's own messages, per field, in the form's order; `fill`
 * completes a message's placeholders) plus `extra` errors of the server's own rules; {} when valid.
 * Checkouts and key activations answer them as 422 { message, errors }.
 */
export function formErrors(
  form: Pick<Form, 'validate' | 'order'>,
  data: unknown,
  extra: FieldErrors = {},
  fill: (field: string, message: string) => string = (_field, message) => message,
): FieldErrors {
  const errors: FieldErrors = {};
  const found = form.validate(data) ? {} : fieldErrors(form.validate.errors);
  for (const [field, messages] of Object.entries(found)) errors[field] = [...new Set(messages.map((m) => fill(field, m)))];
  for (const [field, messages] of Object.entries(extra)) {
    const list = (errors[field] ??= []);
    for (const message of messages) if (!list.includes(message)) list.push(message);
  }
  return inFormOrder(errors, form.order);
}
