import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The site's content as files: `content/<resource>.json` for what every start serves, and
 * `content/demo/<resource>.json` for the demo's made-up partners and codes, which only a demo start
 * loads. Each file is `{ "$schema": ".../schemas/content/<kind>.json", "items": [...] }`: the items
 * exactly as the API returns them, each with a stable id. The file's name is the resource's name.
 */
export const CONTENT_DIR = 'content';
export const DEMO_CONTENT_DIR = 'content/demo';

export interface ContentFile {
  /** Path relative to the project root, forward slashes: content/articles.json. */
  file: string;
  resource: string;
  /** A file of content/demo/ (demo-only data). */
  demo: boolean;
  text: string;
}

/** The resource name a content file serves (its name without .json). */
export const resourceOf = (file: string): string => file.slice(file.lastIndexOf('/') + 1, -'.json'.length);

function listDir(root: string, dir: string, demo: boolean): ContentFile[] {
  const abs = join(root, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const file = `${dir}/${name}`;
      return { file, resource: resourceOf(file), demo, text: readFileSync(join(abs, name), 'utf8') };
    });
}

/** The content files of a project, in a stable order; those of content/demo/ only when `demo`. */
export function readContentFiles(root: string, options: { demo: boolean }): ContentFile[] {
  return [...listDir(root, CONTENT_DIR, false), ...(options.demo ? listDir(root, DEMO_CONTENT_DIR, true) : [])];
}
