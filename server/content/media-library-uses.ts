import { contentName } from '../../domain/content-names';
import { isObject } from '../../domain/guards';
import { valuesWithPointers } from '../../domain/json-pointer';
import { MEDIA_PREFIX } from '../../domain/media';
import { missingAlt } from '../../scripts/lib/images';
import { label } from './change-words';
import type { ContentTexts } from './release-rows';

/**
 * Where a set of content files (a release's) names content images: every string that starts with
 * MEDIA_PREFIX, with the file, the resource's and the item's names, and whether the gate's alt-text
 * rule (scripts/lib/images.ts, missingAlt) finds its alt text missing.
 */

export interface MediaUse {
  /** content/<name>.json */
  file: string;
  /** The resource as editors name it ("Home page banners"). */
  resource: string;
  /** The item's label ("Talk to a doctor…", "#3"), or null for a value outside `items`. */
  item: string | null;
  /** The JSON pointer of the URL in the file. */
  pointer: string;
  /** The image carries meaning and has no alt text: the gate refuses the content until it has. */
  altMissing: boolean;
}

const ITEM = /^\/items\/(\d+)(?:\/|$)/;

/** The image name (`<slug>-<hash8>.<ext>`) a content value names, or undefined. */
export function mediaNameOf(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith(MEDIA_PREFIX)) return undefined;
  const name = value.slice(MEDIA_PREFIX.length);
  return name === '' || name.includes('/') ? undefined : name;
}

/** Every use of a content image in `files`, by image name. A file that is not JSON names none. */
export function mediaUses(files: ContentTexts): Map<string, MediaUse[]> {
  const uses = new Map<string, MediaUse[]>();
  for (const [file, text] of Object.entries(files).sort(([a], [b]) => a.localeCompare(b))) {
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch {
      continue;
    }
    const items = isObject(data) && Array.isArray(data.items) ? data.items : [];
    for (const { pointer, value } of valuesWithPointers(data)) {
      const name = mediaNameOf(value);
      if (name === undefined) continue;
      const index = ITEM.exec(pointer)?.[1];
      const item = index === undefined ? undefined : (items[Number(index)] as unknown);
      const use: MediaUse = {
        file,
        resource: contentName(file),
        item: isObject(item) ? label(item) : null,
        pointer,
        altMissing: missingAlt(data, pointer) !== undefined,
      };
      uses.set(name, [...(uses.get(name) ?? []), use]);
    }
  }
  return uses;
}

/** The image names `files` name (for the git record and the gate). */
export const mediaNamesIn = (files: ContentTexts): string[] => [...mediaUses(files).keys()];
