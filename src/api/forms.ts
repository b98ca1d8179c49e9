import { postJson, request } from './client';

/** The reply of POST form-emails/{key}: truthy means stored. */
export type FormReply = { data?: { id?: number } } | null;

/** The form submission payload: key, data (the form as JSON text) and the fields. */
export function submitFormJson(target: string, key: string, fields: Record<string, unknown>): Promise<FormReply> {
  return postJson<FormReply>(target, { key, data: JSON.stringify(fields), ...fields });
}

/** Endpoints whose payload the spec lists field by field (key assignment): the fields alone, as JSON. */
export function submitFields(target: string, fields: Record<string, unknown>): Promise<FormReply> {
  return postJson<FormReply>(target, fields);
}

/** A form with files (the job application): multipart with key, data (JSON of the other fields) and each file. */
export function submitFormMultipart(
  target: string,
  key: string,
  fields: Record<string, unknown>,
  files: Record<string, File>,
): Promise<FormReply> {
  const body = new FormData();
  body.set('key', key);
  const data = Object.fromEntries(Object.entries(fields).filter(([name]) => !(name in files)));
  body.set('data', JSON.stringify(data));
  for (const [name, file] of Object.entries(files)) body.set(name, file, file.name);
  return request<FormReply>(target, { method: 'POST', body });
}
