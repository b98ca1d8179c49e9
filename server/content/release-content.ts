import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manilaToday } from '../../domain/dates';
import { isContentFile, isFormFile } from '../../scripts/lib/editor/paths';
import { PROJECT_PATHS } from '../../scripts/lib/project';
import { readContentFiles, resourceOf, type ContentFile } from './files';
import { loadContent, type LoadedContent } from './load';
import { DEMO_CONTENT_DIR } from './files';
import type { ContentTexts } from './release-rows';

/**
 * A release's texts as content: the items the API serves (loadContent on the texts, not the disk)
 * and the files of a project as a release's set. A release holds every content file, those of
 * content/demo/ too; a start that is not a demo serves only content/.
 */

/** The file of a project that names the release its content files are (the number and a newline). */
export const RELEASE_MARK = 'content/.release';

/** The texts as content files, content/ before content/demo/, each folder by name (readContentFiles' order). */
export function contentFilesOf(texts: ContentTexts): ContentFile[] {
  const demo = (file: string) => file.startsWith(`${DEMO_CONTENT_DIR}/`);
  return Object.keys(texts)
    .filter(isContentFile)
    .sort((a, b) => Number(demo(a)) - Number(demo(b)) || (a < b ? -1 : a > b ? 1 : 0))
    .map((file) => ({ file, resource: resourceOf(file), demo: demo(file), text: texts[file] }));
}

/** The checked items of a set of texts: demo data only when `demo`, its dates moved to today. */
export function contentOf(
  texts: ContentTexts,
  options: { root: string; demo: boolean; product: { name: string; short: string }; now: Date },
): LoadedContent {
  return loadContent({
    root: options.root,
    demo: options.demo,
    product: options.product,
    today: manilaToday(options.now),
    files: contentFilesOf(texts),
  });
}

/**
 * Every file of a release's set a project has on disk (content/, content/demo/, pages.config.json
 * and forms/<name>.json), as a release's set.
 */
export function diskTexts(root: string): ContentTexts {
  return withProjectFiles(Object.fromEntries(readContentFiles(root, { demo: true }).map((file) => [file.file, file.text])), root);
}

/** The project's pages.config.json and forms/<name>.json files (paths relative to the root). */
function projectSetFiles(root: string): string[] {
  const forms = join(root, PROJECT_PATHS.forms);
  const formFiles = existsSync(forms)
    ? readdirSync(forms)
        .map((name) => `${PROJECT_PATHS.forms}/${name}`)
        .filter(isFormFile)
        .sort()
    : [];
  return [...(existsSync(join(root, PROJECT_PATHS.config)) ? [PROJECT_PATHS.config] : []), ...formFiles];
}

/**
 * `texts` with the project's pages.config.json and form files where the set has none (a release
 * made before the studio edited them, or by a root without them): what the site serves for it.
 */
export function withProjectFiles(texts: ContentTexts, root: string): ContentTexts {
  const missing = projectSetFiles(root).filter((file) => !(file in texts));
  if (missing.length === 0) return texts;
  return { ...texts, ...Object.fromEntries(missing.map((file) => [file, readFileSync(join(root, file), 'utf8')])) };
}

/** The release number the project's files say they are (RELEASE_MARK), or undefined without a valid one. */
export function releaseMark(root: string): number | undefined {
  let text: string;
  try {
    text = readFileSync(join(root, RELEASE_MARK), 'utf8');
  } catch {
    return undefined;
  }
  const n = Number(text.trim());
  return Number.isInteger(n) && n > 0 ? n : undefined;
}
