/**
 * The one reading of a file's type from its first bytes (its magic numbers), for the forms' uploads
 * (server/forms/uploads.ts: CVs) and the content images (server/images/check.ts). Nothing else in
 * the project compares signatures: tests/validate/written-once.test.ts keeps it so.
 *
 * - `pdf`: `%PDF-`;
 * - `docx`: a ZIP (`PK\x03\x04`) whose bytes name `word/document.xml` (server/forms/uploads.ts then
 *   reads the package itself);
 * - `doc`: the OLE2 compound file header;
 * - `png`, `jpeg`: their signatures; `webp`: a RIFF file of form `WEBP`; `avif`: an ISO-BMFF `ftyp`
 *   box naming the `avif` or `avis` brand;
 * - `svg`: UTF-8 text (no NUL in its first 4 kB) whose first element, past an optional BOM, XML
 *   declaration, comments and doctype, is `<svg`.
 */

export type Sniffed = 'pdf' | 'docx' | 'doc' | 'png' | 'jpeg' | 'webp' | 'avif' | 'svg';

const ascii = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.subarray(from, to)).toString('latin1');
const startsWith = (bytes: Uint8Array, signature: readonly number[]) =>
  bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** The ISO-BMFF brands of an `ftyp` box at the start ('avif', 'avis', 'mif1'…), or [] when there is none. */
function brands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const size = Math.min(Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0), bytes.length, 256);
  const list = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) list.push(ascii(bytes, at, at + 4));
  return list;
}

/** Whether the bytes look like an SVG document: UTF-8 text whose first element is `<svg`. */
function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('utf8');
  if (head.includes('\0')) return false;
  // Past an optional BOM, XML declaration, comments and doctype: the first element's name.
  const start = head.replace(/^\uFEFF/, '').replace(/^(?:\s+|<\?[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)*/i, '');
  return /^<svg[\s>/]/.test(start);
}

/** The type the bytes are, by their first bytes (see above); undefined for anything else. */
export function sniff(bytes: Uint8Array): Sniffed | undefined {
  if (startsWith(bytes, JPEG)) return 'jpeg';
  if (startsWith(bytes, PNG)) return 'png';
  if (ascii(bytes, 0, 5) === '%PDF-') return 'pdf';
  if (startsWith(bytes, ZIP)) {
    const all = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return all.includes('word/document.xml', 0, 'latin1') ? 'docx' : undefined;
  }
  if (startsWith(bytes, OLE2)) return 'doc';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (brands(bytes).some((brand) => brand === 'avif' || brand === 'avis')) return 'avif';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}
