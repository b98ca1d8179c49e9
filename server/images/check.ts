import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import sharp from 'sharp';
import { sizeText } from '../../domain/media';
import { sniff } from '../sniff';

/**
 * The one check of a content image, used by the editor's upload (scripts/lib/editor/media.ts),
 * `npm run validate` (scripts/lib/images.ts) and the server (server/images/serve.ts).
 *
 * Rules:
 * - the type is judged by the bytes, never by the name: JPEG, PNG, WebP, AVIF or SVG;
 * - a raster image is at most MAX_RASTER_BYTES (8 MB), an SVG at most MAX_SVG_BYTES (512 kB);
 * - an SVG is refused when DOMPurify (its SVG profile) would remove anything from it (script
 *   elements, on* attributes, foreignObject, javascript: URLs…), or when it refers to anything
 *   outside itself (an href other than `#id`, a `url(…)` other than `url(#id)`, a CSS `@import`,
 *   `image-set(`, `image(` or `src(`);
 * - the CSS of an SVG (its `<style>` elements and every attribute value, `style` and presentation
 *   attributes alike) has no backslash: a CSS escape (`u\72l(`, `@im\port`) would spell a function or
 *   rule the checks above look for. Comments are read as nothing (`u`, a comment, `rl(` is checked as
 *   `url(`), and character references (`&#x75;rl(`) are decoded by the XML parser before the check sees them.
 */

/** Where uploaded content images live, relative to the project root. */
export const MEDIA_DIR = 'content/media';
export { MEDIA_PREFIX } from '../../domain/media';
/** The largest raster image (JPEG, PNG, WebP, AVIF) accepted, in bytes: 8 MB. */
export const MAX_RASTER_BYTES = 8 * 1024 * 1024;
/** The largest SVG accepted, in bytes: 512 kB. */
export const MAX_SVG_BYTES = 512 * 1024;
/** The most pixels a raster image may have (a 100-megapixel photo), so that decoding stays bounded. */
export const MAX_PIXELS = 100_000_000;

export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'svg';

export const MIME: Record<ImageType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};
/** The extension a file of each type is stored with. */
export const EXTENSION: Record<ImageType, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' };

/**
 * A stored image's name: `<slug>-<hash8>.<ext>`, the slug lower-case letters, digits and single
 * hyphens, the hash the first 8 hex digits of the file's SHA-256 (so its URL changes with its bytes
 * and may be cached for ever). Nothing else is served or accepted: no dots, no slashes.
 */
export const MEDIA_NAME = /^([a-z0-9]+(?:-[a-z0-9]+)*)-([0-9a-f]{8})\.(jpg|png|webp|avif|svg)$/;

export interface ImageFacts {
  type: ImageType;
  mime: string;
  width: number;
  height: number;
  bytes: number;
}

export type ImageCheck = { ok: true; image: ImageFacts } | { ok: false; status: 413 | 415 | 422; message: string };

export const WRONG_TYPE = 'Only JPEG, PNG, WebP, AVIF or SVG images can be used.';
export const SVG_SCRIPT = 'This SVG contains a script, so it cannot be used.';

/** The project root (this file is server/images/check.ts). */
const ROOT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The absolute folder of content images in the project at `root`. */
export const mediaDir = (root: string = ROOT_DIR) => join(root, MEDIA_DIR);

/** Written once in domain/media.ts, where the studio's screens read it too. */
export { sizeText };

/** The first 8 hex digits of the SHA-256 of `bytes`. */
export const contentHash = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex').slice(0, 8);

/** The name an image is stored under: a slug of `name` (its extension dropped) and its content hash. */
export function mediaName(name: string, type: ImageType, bytes: Uint8Array): string {
  const slug =
    name
      .slice(0, 200)
      .replace(/\.[^.]*$/, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'image';
  return `${slug}-${contentHash(bytes)}.${EXTENSION[type]}`;
}

const IMAGE_TYPES: readonly string[] = Object.keys(MIME);

/** The image type the bytes are, by their first bytes (server/sniff.ts); undefined for anything else. */
export function sniffType(bytes: Uint8Array): ImageType | undefined {
  const sniffed = sniff(bytes);
  return sniffed && IMAGE_TYPES.includes(sniffed) ? (sniffed as ImageType) : undefined;
}

/** sharp's format names for each raster type (AVIF is read as HEIF with AV1 compression). */
const SHARP_FORMAT: Record<Exclude<ImageType, 'svg'>, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', avif: 'heif' };

const REFERENCE_ATTRIBUTES = ['href', 'xlink:href', 'src'];
/** `url(` whose argument (past spaces and a quote) does not start with `#`: a reference to another file. */
const EXTERNAL_URL = /url\((?!\s*(?:['"]\s*)?#)/i;
/** CSS that loads another file without `url(`: a rule, or a function taking a string as its URL. */
const LOADING_CSS = /@import|image-set\(|image\(|src\(/i;
/** A CSS comment (closed, or open to the end). */
const CSS_COMMENT = /\/\*(?:[^*]|\*(?!\/))*(?:\*\/|$)/g;
const REFERS_ELSEWHERE = 'This SVG refers to another file, so it cannot be used.';

/**
 * Why a piece of an SVG's CSS (a `<style>` element's text or an attribute's value) cannot be used:
 * a backslash (an escape could spell any name), or a reference to another file once comments are
 * read as nothing (a browser reads `u`, a comment, `rl(` as two tokens; reading it as `url(` only
 * refuses more).
 */
function cssProblem(css: string): string | undefined {
  if (css.includes('\\')) return 'This SVG has a backslash in its CSS (an escape), so it cannot be used.';
  const plain = css.replace(CSS_COMMENT, '');
  if (EXTERNAL_URL.test(plain) || LOADING_CSS.test(plain)) return REFERS_ELSEWHERE;
  return undefined;
}

let window: JSDOM['window'] | undefined;
let purifier: ReturnType<typeof createDOMPurify> | undefined;

/** Why an SVG cannot be used, or undefined when it can. */
export function svgProblem(text: string): string | undefined {
  window ??= new JSDOM('').window;
  purifier ??= createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.nodeName === 'parsererror' || root.getElementsByTagName('parsererror').length > 0 || root.localName !== 'svg') {
    return 'This SVG could not be read; it may be damaged.';
  }
  purifier.sanitize(text, { USE_PROFILES: { svg: true, svgFilters: true }, ADD_ATTR: ['role', 'focusable'] });
  // Whatever DOMPurify would remove (a script, an on* attribute, foreignObject, a javascript: URL,
  // an unknown element) means the file is not plain artwork. (It always reports the <body> it
  // parsed the text into as removed: that one is not the file's.)
  const removed = purifier.removed.some((entry) => !('element' in entry && entry.element.nodeName === 'BODY'));
  if (removed || root.getElementsByTagName('script').length > 0) return SVG_SCRIPT;
  for (const element of Array.from(root.getElementsByTagName('*')).concat(root)) {
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value.trim();
      if (name.startsWith('on') || /^\s*(?:javascript|vbscript):/i.test(value)) return SVG_SCRIPT;
      if (REFERENCE_ATTRIBUTES.includes(name) && !value.startsWith('#')) return REFERS_ELSEWHERE;
      const problem = cssProblem(value);
      if (problem) return problem;
    }
    if (element.localName === 'style') {
      const problem = cssProblem(element.textContent ?? '');
      if (problem) return problem;
    }
  }
  return undefined;
}

/**
 * The checks that need no decoding (type by the bytes, size limit, an SVG's content): what
 * `npm run validate` runs on every content image. Returns the type, or why the image is refused.
 */
export function checkImageBytes(bytes: Uint8Array): { ok: true; type: ImageType } | Extract<ImageCheck, { ok: false }> {
  const type = sniffType(bytes);
  if (!type) return { ok: false, status: 415, message: WRONG_TYPE };
  const limit = type === 'svg' ? MAX_SVG_BYTES : MAX_RASTER_BYTES;
  if (bytes.length > limit) {
    const what = type === 'svg' ? 'This SVG' : 'This image';
    return { ok: false, status: 413, message: `${what} is ${sizeText(bytes.length)}; the limit is ${sizeText(limit)}.` };
  }
  if (type === 'svg') {
    const problem = svgProblem(Buffer.from(bytes).toString('utf8'));
    if (problem) return { ok: false, status: 422, message: problem };
  }
  return { ok: true, type };
}

/** Checks an image's bytes against the rules above and decodes its header; says what it is when it passes. */
export async function checkImage(bytes: Uint8Array): Promise<ImageCheck> {
  const checked = checkImageBytes(bytes);
  if (!checked.ok) return checked;
  const { type } = checked;
  let width: number | undefined;
  let height: number | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_PIXELS }).metadata();
    if (type !== 'svg' && meta.format !== SHARP_FORMAT[type]) return { ok: false, status: 415, message: WRONG_TYPE };
    width = meta.autoOrient?.width ?? meta.width;
    height = meta.autoOrient?.height ?? meta.height;
  } catch {
    return { ok: false, status: 422, message: 'This image could not be read; it may be damaged.' };
  }
  if (!width || !height) return { ok: false, status: 422, message: 'This image could not be read; it may be damaged.' };
  if (width * height > MAX_PIXELS)
    return { ok: false, status: 413, message: 'This image has too many pixels; use one under 100 megapixels.' };
  return { ok: true, image: { type, mime: MIME[type], width, height, bytes: bytes.length } };
}
