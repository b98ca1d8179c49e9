import { isPlainAddress } from '../../domain/email';
import type { SubmittableForm } from '../forms/registry';
import { dataTable, fill, htmlDocument, paragraph, type MailFrame } from './layout';
import type { OutgoingMail } from './outbox';

const MANILA = new Intl.DateTimeFormat('en-PH', {
  timeZone: 'Asia/Manila',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

/** A value of the form data as staff read it (`empty` for a field left out). */
function shown(value: unknown, empty: string): string {
  if (value === undefined || value === null || value === '') return empty;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (Array.isArray(value)) return value.map((v) => shown(v, empty)).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The field's label: its schema title, else its name. */
function label(form: SubmittableForm, field: string): string {
  const property = form.schema.properties?.[field];
  const title = typeof property === 'object' && property !== null ? (property as { title?: unknown }).title : undefined;
  return typeof title === 'string' && title.trim() !== '' ? title : field;
}

export interface FormMailInput {
  form: SubmittableForm;
  /** The validated form data. */
  data: Record<string, unknown>;
  submissionId: number;
  /** When it was stored (ISO). */
  createdAt: string;
  /** Names of the files stored with the submission (attached when sent). */
  files: readonly string[];
}

/**
 * A stored submission as an e-mail to the staff its form file names (`mail.to`): every field of the
 * form with its label, in the form's order (fields the data has beyond those after them), the
 * uploaded files attached, and Reply-To the visitor's address (`mail.replyTo`) when it is a single
 * plain address. Its fixed texts are `emails.forms` of pages.config.json.
 */
export function formMail(input: FormMailInput, frame: MailFrame): OutgoingMail {
  const { form, data } = input;
  const t = frame.texts.forms;
  const subject = fill(frame, form.mail.subject);
  const fields = [...form.order, ...Object.keys(data).filter((name) => !form.order.includes(name))];
  const rows = fields.map((field) => [label(form, field), shown(data[field], t.empty)] as const);
  // The form's own e-mail rule allows commas, brackets and quotes, which would make one typed value
  // several addresses or a display name in a header: such a value is shown, never the Reply-To.
  const typed = form.mail.replyTo ? data[form.mail.replyTo] : undefined;
  const replyTo = isPlainAddress(typed) ? typed : undefined;
  const date = MANILA.format(new Date(input.createdAt));
  const values = { form: subject, email: replyTo ?? '', files: input.files.join(', '), date };
  const notes = [
    fill(frame, t.submitted, values),
    ...(input.files.length > 0 ? [fill(frame, t.attachments, values)] : []),
    ...(replyTo ? [fill(frame, t.replyHint, values)] : []),
  ];

  const text = [
    fill(frame, t.intro, values),
    '',
    // A multi-line answer is indented under its label so that it cannot pass for another field.
    ...rows.map(([name, value]) => (value.includes('\n') ? `${name}:\n  ${value.split(/\r?\n/).join('\n  ')}` : `${name}: ${value}`)),
    '',
    ...notes,
  ].join('\n');

  const htmlPart = htmlDocument(frame, {
    title: subject,
    content: [paragraph(fill(frame, t.intro, values)), dataTable(rows), ...notes.map((note) => paragraph(note))],
  });
  return { kind: 'form', to: form.mail.to, subject, text, html: htmlPart, replyTo, submissionId: input.submissionId };
}
