import { isObject } from './guards';

/**
 * What a form file says about an uploaded file field (`uiSchema[field]` with `"ui:widget": "file"`
 * and its `ui:options`: accept, maxBytes, typeMessage, sizeMessage, budgetMessage). The browser checks a chosen file
 * by it before sending (`fileProblems`); the server checks the upload again by the same rule, and its
 * content besides (server/forms/uploads.ts).
 */
export interface FileRule {
  field: string;
  /** Lower-case extensions with their dot ('.pdf') and MIME patterns ('image/*') from `accept`; both empty: any. */
  extensions: string[];
  mimeTypes: string[];
  maxBytes: number;
  typeMessage: string;
  sizeMessage: string;
  /** What the server answers (429) when the client has stored its day's budget of uploads (UPLOAD_CLIENT_DAILY_MB). */
  budgetMessage: string;
}

/** A file's size limit when its form file names none. */
export const DEFAULT_MAX_FILE_BYTES = 5 * 1024 * 1024;

/** The file rules of a form's uiSchema; only the fields of `fields` when given (the schema's properties). */
export function fileRules(uiSchema: unknown, fields?: readonly string[]): FileRule[] {
  if (!isObject(uiSchema)) return [];
  return Object.entries(uiSchema).flatMap(([field, ui]) => {
    if ((fields && !fields.includes(field)) || !isObject(ui) || ui['ui:widget'] !== 'file') return [];
    const options = isObject(ui['ui:options']) ? ui['ui:options'] : {};
    const accept =
      typeof options.accept === 'string'
        ? options.accept
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean)
        : [];
    const maxBytes = typeof options.maxBytes === 'number' && options.maxBytes > 0 ? Math.floor(options.maxBytes) : DEFAULT_MAX_FILE_BYTES;
    return [
      {
        field,
        extensions: accept.filter((a) => a.startsWith('.')),
        mimeTypes: accept.filter((a) => !a.startsWith('.')),
        maxBytes,
        typeMessage: typeof options.typeMessage === 'string' ? options.typeMessage : `Allowed file types: ${accept.join(', ')}`,
        sizeMessage:
          typeof options.sizeMessage === 'string'
            ? options.sizeMessage
            : `The file must not be larger than ${Math.round(maxBytes / 1048576)} MB`,
        budgetMessage:
          typeof options.budgetMessage === 'string'
            ? options.budgetMessage
            : 'You have sent as many files as we can take from you today. Please try again tomorrow.',
      },
    ];
  });
}

/**
 * The checks a browser can make of a chosen file before it is sent: its extension among the
 * accepted ones (a rule that accepts by extension), and its size. The server checks again.
 */
export function fileProblems(rule: FileRule, file: { name: string; size: number } | undefined): string[] {
  if (!file) return [];
  const problems: string[] = [];
  const ext = `.${file.name.split('.').pop()?.toLowerCase() ?? ''}`;
  const restricted = rule.extensions.length + rule.mimeTypes.length > 0;
  if (restricted && !rule.extensions.includes(ext)) problems.push(rule.typeMessage);
  if (file.size > rule.maxBytes) problems.push(rule.sizeMessage);
  return problems;
}
