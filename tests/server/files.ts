/**
 * Files the server tests upload: a PDF and a DOCX (a real ZIP) that the apply-now form accepts, a
 * multipart body, and SVGs whose CSS refers to another file.
 */

import { deflateRawSync } from 'node:zlib';

/** The first bytes of a PDF, padded: a CV the apply-now form accepts. */
export const CV_PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20)]);

/** A multipart/form-data body exactly as a browser's FormData is sent (written by the Fetch API). */
export async function multipartBody(parts: Record<string, string | { filename: string; type: string; content: Buffer }>) {
  const form = new FormData();
  for (const [name, part] of Object.entries(parts)) {
    if (typeof part === 'string') form.append(name, part);
    else form.append(name, new Blob([new Uint8Array(part.content)], { type: part.type }), part.filename);
  }
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** CRC-32 (ZIP's checksum of each entry), by table. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

interface ZipInput {
  name: string;
  content: Buffer;
  /** What the central directory declares as the unpacked size (default: the true one). */
  declaredSize?: number;
}

/**
 * A ZIP written by hand (APPNOTE.TXT 4.3: local headers, central directory, end record), every entry
 * deflated; `declaredSize` lets an entry lie about what it unpacks to.
 */
export function zipFile(entries: ZipInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'latin1');
    const packed = deflateRawSync(entry.content);
    const size = entry.declaredSize ?? entry.content.length;
    const crc = crc32(entry.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(packed.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    centrals.push(central, name);
    offset += local.length + name.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A minimal Word document: what apply-now accepts as a DOCX. */
export const CV_DOCX = zipFile([
  {
    name: '[Content_Types].xml',
    content: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
  },
  {
    name: 'word/document.xml',
    content: Buffer.from(
      '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
        '<w:body><w:p><w:r><w:t>Maria Santos</w:t></w:r></w:p></w:body></w:document>',
    ),
  },
]);

/** An SVG document with `body` inside (and `attributes` on) its root element. */
export const svgOf = (body: string, attributes = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${attributes}>${body}</svg>`);

/** Each way an SVG's CSS can spell a reference to another file, and what the check says of it. */
const BACKSLASH = 'This SVG has a backslash in its CSS (an escape), so it cannot be used.';
const ELSEWHERE = 'This SVG refers to another file, so it cannot be used.';
export const SVG_CSS_TRICKS: ReadonlyArray<readonly [string, Buffer, string]> = [
  ['an escaped url( in <style>', svgOf('<style>rect{fill:u\\72l(https://x.test/y)}</style><rect/>'), BACKSLASH],
  ['an escaped @import in <style>', svgOf('<style>@im\\port "https://x.test/a.css";</style>'), BACKSLASH],
  ['an escaped letter of url( in <style>', svgOf('<style>rect{fill:\\u rl(https://x.test/y)}</style><rect/>'), BACKSLASH],
  ['an escaped url( in style=""', svgOf('<rect style="fill:u\\72l(https://x.test/y)"/>'), BACKSLASH],
  ['an escaped url( in a presentation attribute', svgOf('<rect fill="u\\72l(https://x.test/y)"/>'), BACKSLASH],
  ['a backslash spelt as a character reference in style=""', svgOf('<rect style="fill:u&#x5c;72l(https://x.test/y)"/>'), BACKSLASH],
  ['a backslash spelt as a character reference in <style>', svgOf('<style>@im&#92;port "https://x.test/a.css";</style>'), BACKSLASH],
  ['url( split by a comment in <style>', svgOf('<style>rect{fill:u/**/rl(https://x.test/y)}</style><rect/>'), ELSEWHERE],
  ['url( split by a comment in style=""', svgOf('<rect style="fill:u/* */rl(https://x.test/y)"/>'), ELSEWHERE],
  ['@import split by a comment', svgOf('<style>@imp/**/ort "https://x.test/a.css";</style>'), ELSEWHERE],
  ['url( as a character reference in style=""', svgOf('<rect style="fill:&#x75;rl(https://x.test/y)"/>'), ELSEWHERE],
  ['url( as a character reference in <style>', svgOf('<style>rect{fill:&#117;rl(https://x.test/y)}</style><rect/>'), ELSEWHERE],
  ['@import with a string', svgOf('<style>@import "https://x.test/a.css";</style>'), ELSEWHERE],
  ['@import in CDATA', svgOf('<style><![CDATA[@import url(https://x.test/a.css);]]></style>'), ELSEWHERE],
  ['image-set( with a string in <style>', svgOf('<style>rect{fill:image-set("https://x.test/y.png" 1x)}</style><rect/>'), ELSEWHERE],
  ['-webkit-image-set( in style=""', svgOf('<rect style="fill:-webkit-image-set(\'https://x.test/y.png\' 1x)"/>'), ELSEWHERE],
  ['image( with a string', svgOf('<rect style="fill:image(\'https://x.test/y.png\')"/>'), ELSEWHERE],
  ['src( with a string in <style>', svgOf('<style>rect{fill:src("https://x.test/y")}</style><rect/>'), ELSEWHERE],
];
