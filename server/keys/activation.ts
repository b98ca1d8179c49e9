import { isAfterYesterday, manilaCalendarDay, parseUsDate } from '../../domain/ages';
import type { FieldErrors } from '../forms/errors';
import { loadForm, type Form } from '../forms/form';
import { formErrors } from '../shop/form';
import { KEY_LOCKOUT } from './lockout';
import type { ActivationRefusal } from './store';

type Json = Record<string, unknown>;

/**
 * The two payloads of POST key-assignments: the single form's (forms/key-assignment.json:
 * gender, employment status, company, birthdate YYYY-MM-DD) and a multi-member card's
 * (forms/member-card.json: birthdate MM/DD/YYYY and the `employee` flag). The `employee` flag is
 * what tells them apart: only a card sends it.
 */
export type PayloadKind = 'single' | 'member';

export interface KeyForms {
  single: Form;
  member: Form;
}

export async function loadKeyForms(): Promise<KeyForms> {
  const [single, member] = await Promise.all([loadForm('key-assignment'), loadForm('member-card')]);
  return { single, member };
}

/** The refusals, with their status and the message the site shows (error dialog or red card). */
export const REFUSALS: Readonly<Record<ActivationRefusal, { status: number; message: string }>> = {
  unknown: { status: 404, message: 'Invalid access key or activation code.' },
  used: { status: 409, message: 'This access key has already been activated.' },
  unpaid: { status: 409, message: 'This access key cannot be activated until its order is paid.' },
  locked: {
    status: 429,
    message: `Too many wrong activation codes for this access key. For your security it is locked for ${KEY_LOCKOUT.minutes} minutes; please try again later.`,
  },
};

/** Optional fields that are sent only when filled (an empty one is dropped). */
const OPTIONAL_TEXT = ['middle_name', 'company', 'employment_status'];

export function payloadKind(body: Json): PayloadKind {
  return 'employee' in body ? 'member' : 'single';
}

/**
 * The fields to validate (the spec's payload, field by field: anything else is refused by the
 * form's schema): text trimmed, empty optional fields dropped.
 */
export function normalizePayload(body: Json): Json {
  const fields: Json = { ...body };
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '' && OPTIONAL_TEXT.includes(name)) delete fields[name];
    else fields[name] = trimmed;
  }
  return fields;
}

/** A card's birthdate must be a real day that is not later than yesterday in Manila (the form's pattern checks the shape). */
function memberBirthdateErrors(form: Form, data: Json, now: Date): FieldErrors {
  const value = data.birthdate;
  if (typeof value !== 'string' || !/^\d{2}\/\d{2}\/\d{4}$/.test(value)) return {};
  const birth = parseUsDate(value);
  if (birth && !isAfterYesterday(birth, manilaCalendarDay(now))) return {};
  const field = (form.schema.properties?.birthdate ?? {}) as { errorMessage?: { pattern?: unknown } };
  const message = typeof field.errorMessage?.pattern === 'string' ? field.errorMessage.pattern : 'Enter a valid date (MM/DD/YYYY)';
  return { birthdate: [message] };
}

/** The form's messages for the payload, per field ({} when valid). */
export function payloadErrors(forms: KeyForms, kind: PayloadKind, data: Json, now: Date): FieldErrors {
  const form = forms[kind];
  return formErrors(form, data, kind === 'member' ? memberBirthdateErrors(form, data, now) : {});
}

/** What is kept of the member: the payload without the access key and activation code. */
export function memberRecord(data: Json): Json {
  const { access_key: _key, activation_code: _code, ...member } = data;
  return member;
}

/** Access keys are issued in capitals; a key typed in lower case is the same key. */
export const normalizeAccessKey = (key: string) => key.trim().toUpperCase();
