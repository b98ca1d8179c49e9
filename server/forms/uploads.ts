import { inflateRaw as inflateRawCallback } from 'node:zlib';
import { promisify } from 'node:util';

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

/** The most a DOCX may unpack to in all (its entries' uncompressed sizes added up). */
const MAX_DOCX_UNPACKED_BYTES = 20 * 1024 * 1024;
/** The most entries a DOCX may have (a long CV with images has a few dozen). */
const MAX_DOCX_ENTRIES = 1000;
/** The most an entry of at least RATIO_FLOOR_BYTES may unpack to per byte packed (XML packs 5-20 times; a zip bomb 1000). */
const MAX_DOCX_RATIO = 100;
const RATIO_FLOOR_BYTES = 1024 * 1024;
/** The start of a PDF searched for HTML: content sniffers read the start of a file (the WHATWG standard 512 bytes, old IE 256). */
const PDF_SNIFF_BYTES = 1024;
const HTML_IN_PDF = /<(?:!doctype|html|head|body|script|iframe|object|embed|svg|meta|img)[\s/>]/i;

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const STORED = 0;
const DEFLATED = 8;

interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  packed: number;
  unpacked: number;
  localOffset: number;
}

/** The entries of a ZIP's central directory, or why it cannot be read. Bounds every offset; reads no entry's data. */
function zipEntries(zip: Buffer): ZipEntry[] | string {
  // The end-of-central-directory record: 22 bytes and a comment of up to 65,535, at the very end.
  let eocd = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at--) {
    if (zip.readUInt32LE(at) === EOCD_SIGNATURE && at + 22 + zip.readUInt16LE(at + 20) === zip.length) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) return 'no end of central directory';
  const count = zip.readUInt16LE(eocd + 10);
  const size = zip.readUInt32LE(eocd + 12);
  const offset = zip.readUInt32LE(eocd + 16);
  if (zip.readUInt16LE(eocd + 4) !== 0 || zip.readUInt16LE(eocd + 6) !== 0 || zip.readUInt16LE(eocd + 8) !== count) {
    return 'a multi-part archive';
  }
  // ZIP64 (0xffff entries, 4 GiB offsets) has no place in a CV.
  if (count === 0xffff || size === 0xffffffff || offset === 0xffffffff) return 'a ZIP64 archive';
  if (count > MAX_DOCX_ENTRIES) return `${count} entries`;
  if (offset + size > eocd) return 'a central directory outside the file';
  const entries: ZipEntry[] = [];
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > offset + size || zip.readUInt32LE(at) !== CENTRAL_SIGNATURE) return 'a broken central directory';
    const nameLength = zip.readUInt16LE(at + 28);
    const next = at + 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    if (next > offset + size) return 'a broken central directory';
    entries.push({
      flags: zip.readUInt16LE(at + 8),
      method: zip.readUInt16LE(at + 10),
      packed: zip.readUInt32LE(at + 20),
      unpacked: zip.readUInt32LE(at + 24),
      localOffset: zip.readUInt32LE(at + 42),
      name: zip.toString('latin1', at + 46, at + 46 + nameLength),
    });
    at = next;
  }
  return entries;
}

/** An entry's name as a refusal names it (the log line): quoted, at most 100 characters. */
const shown = (name: string) => JSON.stringify(name.slice(0, 100));

/** An entry's packed bytes (after its local header), or why they cannot be found. */
function packedData(zip: Buffer, entry: ZipEntry): Buffer | string {
  const at = entry.localOffset;
  if (at + 30 > zip.length || zip.readUInt32LE(at) !== LOCAL_SIGNATURE) return `no local header for ${shown(entry.name)}`;
  const start = at + 30 + zip.readUInt16LE(at + 26) + zip.readUInt16LE(at + 28);
  if (start + entry.packed > zip.length) return `${shown(entry.name)} runs past the end of the file`;
  return zip.subarray(start, start + entry.packed);
}

const inflateRaw = promisify(inflateRawCallback);

/**
 * Why a DOCX is refused, or undefined: what its central directory declares must stay within bounds
 * (MAX_DOCX_ENTRIES entries, MAX_DOCX_UNPACKED_BYTES in all, no entry of RATIO_FLOOR_BYTES or more
 * unpacking over MAX_DOCX_RATIO times its packed size), it holds word/document.xml and no macros
 * (vbaProject.bin: a .docx never has them), nothing encrypted or packed otherwise than stored or
 * deflated, and each entry truly unpacks to its declared size: it is inflated with its declared size
 * as the limit (zlib's maxOutputLength), so a directory that lies costs at most the bound, never the
 * whole bomb.
 */
async function docxProblem(zip: Buffer): Promise<string | undefined> {
  const entries = zipEntries(zip);
  if (typeof entries === 'string') return entries;
  let total = 0;
  for (const entry of entries) {
    total += entry.unpacked;
    if (total > MAX_DOCX_UNPACKED_BYTES) return `unpacks to more than ${MAX_DOCX_UNPACKED_BYTES} bytes`;
    if (entry.unpacked >= RATIO_FLOOR_BYTES && entry.unpacked > entry.packed * MAX_DOCX_RATIO) {
      return `${shown(entry.name)} unpacks ${Math.round(entry.unpacked / Math.max(entry.packed, 1))} times its size`;
    }
    if (entry.flags & 1) return `${shown(entry.name)} is encrypted`;
    if (entry.method !== STORED && entry.method !== DEFLATED) return `${shown(entry.name)} uses compression method ${entry.method}`;
    if (/(^|\/)vbaproject\.bin$/i.test(entry.name)) return 'it holds macros';
  }
  if (!entries.some((entry) => entry.name === 'word/document.xml')) return 'no word/document.xml';
  for (const entry of entries) {
    const packed = packedData(zip, entry);
    if (typeof packed === 'string') return packed;
    let size: number;
    if (entry.method === STORED) size = packed.length;
    else {
      try {
        size = (await inflateRaw(packed, { maxOutputLength: entry.unpacked + 1 })).length;
      } catch {
        return `${shown(entry.name)} does not unpack to its declared ${entry.unpacked} bytes`;
      }
    }
    if (size !== entry.unpacked) return `${shown(entry.name)} does not unpack to its declared ${entry.unpacked} bytes`;
  }
  return undefined;
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
