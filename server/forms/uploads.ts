import { finished } from 'node:stream/promises';
import { fromBufferPromise, type Entry, type ZipFile } from 'yauzl';
import { sniff, type Sniffed } from '../sniff';

/**
 * Uploaded files are judged by their content, not their name: the first bytes must be those of a
 * type the form accepts (magic bytes), and a name that claims another known type is refused. The
 * stored MIME type is the detected one, never the browser's.
 */
export interface FileType {
  extension: string;
  mime: string;
  /** What server/sniff.ts calls a file of this type. */
  sniffed: Sniffed;
}

/** The file types a form may accept, each recognised by its content (server/sniff.ts). */
const FILE_TYPES: readonly FileType[] = [
  { extension: '.pdf', mime: 'application/pdf', sniffed: 'pdf' },
  { extension: '.docx', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sniffed: 'docx' },
  { extension: '.doc', mime: 'application/msword', sniffed: 'doc' },
  { extension: '.png', mime: 'image/png', sniffed: 'png' },
  { extension: '.jpg', mime: 'image/jpeg', sniffed: 'jpeg' },
];

/** The type of `content` by its first bytes, or undefined. */
function detectFileType(content: Buffer): FileType | undefined {
  const sniffed = sniff(content);
  return FILE_TYPES.find((type) => type.sniffed === sniffed);
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

/**
 * The most a DOCX may unpack to in all (its entries' uncompressed sizes added up): a CV of many
 * pages with photos unpacks to a few MB (Word stores images as they are, already packed).
 */
const MAX_DOCX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** The most entries a DOCX may have (a long CV with images has a few dozen). */
const MAX_DOCX_ENTRIES = 1000;
/** The most an entry of at least RATIO_FLOOR_BYTES may unpack to per byte packed (XML packs 5-20 times; a zip bomb 1000). */
const MAX_DOCX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** The start of a PDF searched for HTML: content sniffers read the start of a file (the WHATWG standard 512 bytes, old IE 256). */
const PDF_SNIFF_BYTES = 1024;
const HTML_IN_PDF = /<(?:!doctype|html|head|body|script|iframe|object|embed|svg|meta|img)[\s/>]/i;

/** The parts every Word document has: the package's content types and the document itself. */
const DOCX_PARTS = ['[Content_Types].xml', 'word/document.xml'];

/** An entry's name as a refusal names it (the log line): quoted, at most 100 characters. */
const shown = (name: string) => JSON.stringify(name.slice(0, 100));

/**
 * A DOCX's entries, or why they are refused, from its central directory alone: at most
 * MAX_DOCX_ENTRIES entries, MAX_DOCX_UNPACKED_BYTES in all, no entry of RATIO_FLOOR_BYTES or more
 * unpacking over MAX_DOCX_RATIO times its packed size, no macros (vbaProject.bin: a .docx never has
 * them), and the DOCX_PARTS present.
 */
async function directoryEntries(zip: ZipFile): Promise<Entry[] | string> {
  if (zip.entryCount > MAX_DOCX_ENTRIES) return `${zip.entryCount} entries`;
  const entries: Entry[] = [];
  let total = 0;
  for await (const entry of zip.eachEntry()) {
    total += entry.uncompressedSize;
    if (total > MAX_DOCX_UNPACKED_BYTES) return `unpacks to more than ${MAX_DOCX_UNPACKED_BYTES} bytes`;
    if (entry.uncompressedSize >= RATIO_FLOOR_BYTES && entry.uncompressedSize > entry.compressedSize * MAX_DOCX_RATIO) {
      return `${shown(entry.fileName)} unpacks ${Math.round(entry.uncompressedSize / Math.max(entry.compressedSize, 1))} times its size`;
    }
    if (/(^|\/)vbaproject\.bin$/i.test(entry.fileName)) return 'it holds macros';
    entries.push(entry);
  }
  const missing = DOCX_PARTS.find((part) => !entries.some((entry) => entry.fileName === part));
  return missing ? `no ${missing}` : entries;
}

/**
 * Why a DOCX is refused, or undefined. Its central directory must be within bounds
 * (directoryEntries), read by yauzl, which refuses names with a backslash, an absolute path or '..'
 * (strictFileNames), and split or strongly encrypted archives. Only then is each entry unpacked,
 * and discarded: yauzl refuses encryption and methods other than stored and deflate, and
 * validateEntrySizes stops an entry at the first byte past its declared size (and refuses one that
 * ends short), so a directory that lies costs at most MAX_DOCX_UNPACKED_BYTES of inflating, never
 * the whole bomb, and what staff open unpacks to what the directory said.
 */
async function docxProblem(docx: Buffer): Promise<string | undefined> {
  let zip: ZipFile | undefined;
  try {
    zip = await fromBufferPromise(docx, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true });
    const entries = await directoryEntries(zip);
    if (typeof entries === 'string') return entries;
    for (const entry of entries) {
      const stream = await zip.openReadStreamPromise(entry);
      stream.resume();
      await finished(stream);
    }
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    zip?.close();
  }
}

/**
 * Why an upload of an accepted type is refused after all, or undefined. A DOCX must unpack within
 * bounds (docxProblem). A PDF must have no HTML tags in its first PDF_SNIFF_BYTES: a real PDF has its
 * header, a binary comment and objects there, while a page that starts with '%PDF-' and goes on as
 * HTML would be shown as a web page by a program that guesses the type from the content. Other types
 * are judged by their first bytes alone.
 */
export async function uploadProblem(type: FileType, content: Buffer): Promise<string | undefined> {
  if (type.extension === '.docx') return docxProblem(content);
  if (type.extension === '.pdf' && HTML_IN_PDF.test(content.toString('latin1', 0, PDF_SNIFF_BYTES))) return 'HTML in a PDF';
  return undefined;
}
