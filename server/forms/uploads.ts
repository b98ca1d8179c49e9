/**
 * Uploaded files are judged by their content, not their name: the first bytes must be those of a
 * type the form accepts (magic bytes), and a name that claims another known type is refused. The
 * stored MIME type is the detected one, never the browser's.
 */
export interface FileType {
  extension: string;
  mime: string;
  matches: (content: Buffer) => boolean;
}

const startsWith = (content: Buffer, bytes: readonly number[]) => bytes.every((byte, i) => content[i] === byte);
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

/** The file types the server can recognise by content. */
const FILE_TYPES: readonly FileType[] = [
  { extension: '.pdf', mime: 'application/pdf', matches: (c) => c.subarray(0, 5).toString('latin1') === '%PDF-' },
  {
    extension: '.docx',
    mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    // A ZIP whose directory names the Word document part.
    matches: (c) => startsWith(c, ZIP) && c.includes('word/document.xml', 0, 'latin1'),
  },
  { extension: '.doc', mime: 'application/msword', matches: (c) => startsWith(c, OLE2) },
  { extension: '.png', mime: 'image/png', matches: (c) => startsWith(c, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { extension: '.jpg', mime: 'image/jpeg', matches: (c) => startsWith(c, [0xff, 0xd8, 0xff]) },
];

/** The type of `content` by its first bytes, or undefined. */
function detectFileType(content: Buffer): FileType | undefined {
  return FILE_TYPES.find((type) => type.matches(content));
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot).toLowerCase();
}

/** Whether a form's accept list (extensions and MIME patterns) admits a type. */
export function admits(accept: { extensions: readonly string[]; mimeTypes: readonly string[] }, type: FileType): boolean {
  const extensions = type.extension === '.jpg' ? ['.jpg', '.jpeg'] : [type.extension];
  if (accept.extensions.some((e) => extensions.includes(e))) return true;
  return accept.mimeTypes.some((m) => (m.endsWith('/*') ? type.mime.startsWith(m.slice(0, -1)) : type.mime === m));
}

/** The known type a file name's extension claims, if any ('.jpeg' claims JPEG). */
export function claimedType(filename: string): FileType | undefined {
  const claimed = extensionOf(filename);
  return FILE_TYPES.find((t) => t.extension === claimed || (t.extension === '.jpg' && claimed === '.jpeg'));
}

/**
 * The type of an upload if the form accepts it: its content is of an accepted type, and its name
 * carries that type's extension (a PDF named cv.doc or cv.txt is refused). Undefined otherwise.
 */
export function acceptedType(
  accept: { extensions: readonly string[]; mimeTypes: readonly string[] },
  filename: string,
  content: Buffer,
): FileType | undefined {
  const type = detectFileType(content);
  return type && admits(accept, type) && claimedType(filename) === type ? type : undefined;
}

/** Longest stored file name (characters). */
const MAX_FILE_NAME_LENGTH = 150;

/**
 * A file name as it is stored and shown: no folder part, no control characters (C0, C1), no bidi
 * overrides or isolates (which can make 'cv\u202Efdp.exe' read as 'cvexe.pdf'), no zero-width
 * characters, white space collapsed, at most MAX_FILE_NAME_LENGTH characters (the extension kept).
 */
export function cleanFileName(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const clean = base
    // eslint-disable-next-line no-control-regex -- the control characters are what this removes
    .replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (clean.length <= MAX_FILE_NAME_LENGTH) return clean;
  const extension = extensionOf(clean).slice(0, 10);
  return clean.slice(0, MAX_FILE_NAME_LENGTH - extension.length) + extension;
}
