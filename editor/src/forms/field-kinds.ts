import { getAtRef } from '../../../domain/json-pointer';
import { joinPath } from '../../../domain/form-bundle';
import { isObject, type Fragments, type JsonObject } from './types';

/** The kinds of field the editor adds, in the order its "Add a field" menu lists them. */
export const FORM_FIELD_KINDS = ['text', 'email', 'phone', 'number', 'select', 'checkbox', 'date', 'file', 'long-text'] as const;

export type FieldKind = (typeof FORM_FIELD_KINDS)[number];

export const FIELD_KIND_LABELS: Readonly<Record<FieldKind, string>> = {
  text: 'Text',
  email: 'E-mail',
  phone: 'Phone',
  number: 'Number',
  select: 'Select with options',
  checkbox: 'Checkbox',
  date: 'Date',
  file: 'File',
  'long-text': 'Long text',
};

/** The messages a new field gets, so that the gate (npm run validate) has nothing to say about it. */
export const MESSAGES = {
  maxLength: (n: number) => `Must be at most ${n} characters`,
  text: 'Must not contain control characters',
  enum: 'Select one of the options',
  date: 'Enter a valid date',
  email: 'Enter a valid e-mail address',
  numberType: 'Enter a number',
  minimum: (n: number) => `Must be at least ${n}`,
  required: 'This field is required',
  fileType: 'Only PDF, DOCX or DOC files are allowed',
  fileSize: 'The file must not be larger than 5 MB',
} as const;

/** A "Must be at most N characters" message (so a changed maxLength can change it too). */
export const MAX_LENGTH_MESSAGE = /^Must be at most \d+ characters$/;

/** The fragments a new field of a kind uses when the project has them (paths relative to forms/). */
export const KIND_FRAGMENTS: Partial<Record<FieldKind, { file: string; pointer: string }>> = {
  email: { file: 'fragments/email.json', pointer: '/email' },
  phone: { file: 'fragments/phone.json', pointer: '/mobile' },
};

export interface NewField {
  /** schema.properties[name] */
  schema: JsonObject;
  /** uiSchema[name] ({} when the field needs no hint) */
  uiSchema: JsonObject;
  /** Whether the field starts out required. */
  required?: boolean;
}

export interface NewFieldOptions {
  /** The field's label (schema title); by default made from the name ('companySize' -> 'Company size'). */
  label?: string;
  /** forms/fragments/*.json by path: an e-mail or phone field uses the project's fragment when it has one. */
  fragments?: Fragments;
  /** The form file's path ('forms/contact.json'), to find the fragments relative to it. */
  file?: string;
}

/** 'companySize' -> 'Company size'. */
export function labelFromName(name: string): string {
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words ? words[0].toUpperCase() + words.slice(1) : 'Field';
}

/** 'Company size' -> 'companySize' (letters and digits only; 'field' when nothing is left, never a leading digit). */
export function camelCaseName(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  const name = words.map((word, i) => (i === 0 ? word.toLowerCase() : word[0].toUpperCase() + word.slice(1).toLowerCase())).join('');
  if (name === '') return 'field';
  return /^[0-9]/.test(name) ? `field${name}` : name;
}

/** A field name made from `label` that none of `taken` is: camelCase, then 2, 3, ... on a clash. */
export function uniqueFieldName(label: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  const base = camelCaseName(label);
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base}${n}`)) return `${base}${n}`;
}

/** The fragment's field (e.g. forms/fragments/email.json#/email) when `fragments` holds it. */
function fragmentField(kind: FieldKind, options: NewFieldOptions): { ref: string; field: JsonObject } | undefined {
  const at = KIND_FRAGMENTS[kind];
  if (!at || !options.fragments) return undefined;
  const file = joinPath(options.file ?? 'forms/form.json', at.file);
  const json = options.fragments[file] ?? options.fragments[file.replace(/^forms\//, '')];
  const ref = `${at.file}#${at.pointer}`;
  const { found, value } = getAtRef(json, ref);
  return found && isObject(value) ? { ref, field: value } : undefined;
}

/** A single-line text of at most `max` characters, with the messages the gate requires. */
function textSchema(title: string, max: number, kind: 'single-line' | 'multi-line' = 'single-line'): JsonObject {
  return {
    type: 'string',
    title,
    maxLength: max,
    'x-text': kind,
    errorMessage: { maxLength: MESSAGES.maxLength(max), 'x-text': MESSAGES.text },
  };
}

/**
 * A new field of `kind` named `name`: its schema (schema.properties[name]), its UI hints
 * (uiSchema[name]) and whether it starts out required. Every field passes the gate as it is:
 * a text field is bounded (maxLength) and refuses control characters (x-text), with a message for
 * each; an e-mail or phone field is the project's fragment (`$ref`) when there is one.
 */
export function newField(kind: FieldKind, name: string, options: NewFieldOptions = {}): NewField {
  const title = options.label?.trim() || labelFromName(name);
  switch (kind) {
    case 'text':
      return { schema: textSchema(title, 200), uiSchema: {} };
    case 'long-text':
      return { schema: textSchema(title, 5000, 'multi-line'), uiSchema: { 'ui:widget': 'textarea' } };
    case 'email': {
      const ui = { 'ui:autocomplete': 'email', 'ui:placeholder': 'name@example.com' };
      const fragment = fragmentField(kind, options);
      if (fragment) {
        const schema: JsonObject = { $ref: fragment.ref };
        if (fragment.field.title !== title) schema.title = title;
        return { schema, uiSchema: ui };
      }
      return {
        schema: {
          type: 'string',
          title,
          format: 'email',
          maxLength: 254,
          errorMessage: { format: MESSAGES.email, maxLength: MESSAGES.maxLength(254) },
        },
        uiSchema: ui,
      };
    }
    case 'phone': {
      const ui = { 'ui:inputType': 'tel', 'ui:autocomplete': 'tel' };
      const fragment = fragmentField(kind, options);
      if (fragment) {
        const schema: JsonObject = { $ref: fragment.ref };
        if (fragment.field.title !== title) schema.title = title;
        return { schema, uiSchema: { ...ui, 'ui:placeholder': '09171234567' } };
      }
      return { schema: textSchema(title, 30), uiSchema: ui };
    }
    case 'number':
      return {
        schema: { type: 'number', title, minimum: 0, errorMessage: { type: MESSAGES.numberType, minimum: MESSAGES.minimum(0) } },
        uiSchema: {},
      };
    case 'select':
      return {
        schema: { type: 'string', title, enum: ['Option 1', 'Option 2'], errorMessage: { enum: MESSAGES.enum } },
        uiSchema: { 'ui:placeholder': 'Select an option' },
      };
    case 'checkbox':
      return { schema: { type: 'boolean', title }, uiSchema: {} };
    case 'date':
      return {
        schema: { type: 'string', title, format: 'date', errorMessage: { format: MESSAGES.date } },
        uiSchema: { 'ui:widget': 'date' },
      };
    case 'file':
      // As forms/apply-now.json's CV: the value is the file's name; the file itself goes with a
      // multipart submission and is checked by ui:options (domain/file-rules.ts).
      return {
        schema: textSchema(title, 255),
        uiSchema: {
          'ui:widget': 'file',
          'ui:help': 'PDF, DOCX or DOC, up to 5 MB',
          'ui:options': {
            accept: '.pdf,.docx,.doc',
            maxBytes: 5242880,
            typeMessage: MESSAGES.fileType,
            sizeMessage: MESSAGES.fileSize,
          },
        },
      };
  }
}

/** The kind of an existing field, as far as the editor can tell ('other' for anything it did not make). */
export function kindOf(schema: JsonObject, ui: JsonObject, ref?: string): FieldKind | 'other' {
  if (typeof ref === 'string') {
    if (/(^|\/)email\.json#/.test(ref)) return 'email';
    if (/(^|\/)phone\.json#/.test(ref)) return 'phone';
  }
  const widget = ui['ui:widget'];
  const type = schema.type;
  if (widget === 'file') return 'file';
  if (widget === 'textarea') return 'long-text';
  if (type === 'boolean') return 'checkbox';
  if (type === 'number' || type === 'integer') return 'number';
  if (type !== 'string') return 'other';
  if ('enum' in schema) return 'select';
  if (schema.format === 'date') return 'date';
  if (schema.format === 'email') return 'email';
  if (ui['ui:inputType'] === 'tel') return 'phone';
  if (widget === undefined || widget === 'text') return 'text';
  return 'other';
}
