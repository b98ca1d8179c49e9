import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isObject } from '../../domain/guards';
import { getAtPointer, valuesWithPointers } from '../../domain/json-pointer';
import { MEDIA_PREFIX } from '../../domain/media';
import { checkImageBytes, contentHash, MAX_RASTER_BYTES, MEDIA_DIR, MEDIA_NAME, sizeText } from '../../server/images/check';
import type { ContentFileData, ContentRuleProblem } from '../../server/content/rules';

/**
 * `npm run validate`'s check of the content images (server/images/check.ts has the rules): every
 * string of a content file that starts with MEDIA_PREFIX names a file of content/media that exists,
 * is named `<slug>-<hash8>.<ext>` with its own hash and extension, is within the size limit, is a type
 * the site takes and, an SVG, carries no script. An image of an article, job, partner or testimonial
 * carries meaning: its object needs an `alt`.
 */

/** The kinds (schemas/content/<kind>.json) whose images carry meaning: their content/media images need alt text. */
export const ALT_REQUIRED_KINDS: readonly string[] = ['article', 'job', 'partner', 'testimonial'];

const EXTENSION_OF = { jpeg: 'jpg', png: 'png', webp: 'webp', avif: 'avif', svg: 'svg' } as const;

/** Each file's verdict, kept while it is unchanged (the editor's gate checks often). */
const verdicts = new Map<string, { stamp: string; message: string | undefined }>();

/** Why the image file `name` of the media folder in `root` cannot be used, or undefined. */
export function mediaFileProblem(root: string, name: string): string | undefined {
  const match = MEDIA_NAME.exec(name);
  if (!match)
    return `'${MEDIA_PREFIX}${name}' is not a content image name: use <name>-<8 hex of its SHA-256>.<jpg|png|webp|avif|svg> (docs/content.md, Images)`;
  const file = path.join(root, MEDIA_DIR, name);
  let stamp: string;
  try {
    const stats = statSync(file);
    if (!stats.isFile()) throw new Error('not a file');
    stamp = `${stats.size}:${stats.mtimeMs}`;
    // Not read past the limit: its size says enough.
    if (stats.size > MAX_RASTER_BYTES)
      return `${MEDIA_DIR}/${name}: This image is ${sizeText(stats.size)}; the limit is ${sizeText(MAX_RASTER_BYTES)}.`;
  } catch {
    return `${MEDIA_DIR}/${name} does not exist: add the file, or name one that does`;
  }
  const known = verdicts.get(file);
  if (known?.stamp === stamp) return known.message;
  const bytes = readFileSync(file);
  const checked = checkImageBytes(bytes);
  let message: string | undefined;
  if (!checked.ok) message = `${MEDIA_DIR}/${name}: ${checked.message}`;
  else if (EXTENSION_OF[checked.type] !== match[3])
    message = `${MEDIA_DIR}/${name} is a ${checked.type.toUpperCase()} image: name it .${EXTENSION_OF[checked.type]}`;
  else if (contentHash(bytes) !== match[2])
    message = `${MEDIA_DIR}/${name} does not match the hash in its name: rename it ${match[1]}-${contentHash(bytes)}.${match[3]}`;
  verdicts.set(file, { stamp, message });
  return message;
}

/** The kind a content file's `$schema` names ('../schemas/content/article.json' → 'article'). */
function kindOf(data: unknown): string | undefined {
  const schema = isObject(data) ? data.$schema : undefined;
  return typeof schema === 'string' ? path.posix.basename(schema, '.json') : undefined;
}

/**
 * Whether the content image named at `pointer` (a string of MEDIA_PREFIX) of a content file's data
 * needs alt text and has none: a kind whose images carry meaning, an image object's `main`, its
 * `alt` absent or blank. Returns the image object's pointer when it lacks one.
 */
export function missingAlt(data: unknown, pointer: string): string | undefined {
  if (!ALT_REQUIRED_KINDS.includes(kindOf(data) ?? '') || !pointer.endsWith('/main')) return undefined;
  const owner = pointer.slice(0, -'/main'.length);
  const image = getAtPointer(data, owner);
  const alt = image.found && isObject(image.value) ? image.value.alt : undefined;
  return typeof alt !== 'string' || alt.trim() === '' ? owner : undefined;
}

/** The problems of the content images that `files` name (see above). */
export function contentImageProblems(files: readonly ContentFileData[], root: string): ContentRuleProblem[] {
  const problems: ContentRuleProblem[] = [];
  for (const { file, data } of files) {
    for (const { pointer, value } of valuesWithPointers(data)) {
      if (typeof value !== 'string' || !value.startsWith(MEDIA_PREFIX)) continue;
      const name = value.slice(MEDIA_PREFIX.length);
      const problem = mediaFileProblem(root, name);
      if (problem) {
        problems.push({ file, pointer, message: problem });
        continue;
      }
      const owner = missingAlt(data, pointer);
      if (owner !== undefined) {
        problems.push({ file, pointer: owner, message: 'this image carries meaning: add "alt", a short text saying what it shows' });
      }
    }
  }
  return problems;
}
