import { submitFields, submitFormJson, submitFormMultipart } from '../api/forms';
import type { FormFile } from '../generated/forms';

type Data = Record<string, unknown>;

/** The data to send: the form's data without its client-only confirmations (`clientOnly`: confirm e-mail, agreement). */
export function payloadOf(form: Pick<FormFile, 'clientOnly'>, data: Data): Data {
  const clientOnly = new Set(form.clientOnly ?? []);
  return Object.fromEntries(Object.entries(data).filter(([name]) => !clientOnly.has(name)));
}

/**
 * Sends a form to its own flow.target, in the form's submitMode: by default JSON of the form's key,
 * its data as JSON text and the fields; `multipart` with its files; `fields` the fields alone.
 */
export async function sendToTarget(form: FormFile, data: Data, files: Map<string, File>): Promise<unknown> {
  const target = form.flow.target;
  // A form without a target (callback, speed-up, ...) sends nothing and succeeds.
  if (!target) return { sent: false };
  if (form.flow.submitMode === 'multipart') return submitFormMultipart(target, form.key, data, Object.fromEntries(files));
  if (form.flow.submitMode === 'fields') return submitFields(target, data);
  return submitFormJson(target, form.key, data);
}
