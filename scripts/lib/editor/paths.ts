import { formNameOf, PROJECT_PATHS } from '../project';

/**
 * The files the visual editor writes, and the studio's releases hold: pages.config.json, the form
 * files forms/<name>.json (not the fragments of forms/fragments/) and the content files
 * content/<name>.json and content/demo/<name>.json. One rule for the editor's API, the studio's
 * drafts and releases, and the git record.
 */

/** A file name the editor writes in a folder: letters, digits, '_', '.', '-', no '..', ending in .json. */
const SAFE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]*\.json$/;
/** The folder of the demo's content files, under content/. */
export const DEMO_CONTENT = `${PROJECT_PATHS.content}/demo`;

/** The name of `file` when it sits directly in `dir` and is a safe file name, else undefined. */
function nameIn(dir: string, file: string): string | undefined {
  if (!file.startsWith(`${dir}/`)) return undefined;
  const name = file.slice(dir.length + 1);
  return SAFE_NAME.test(name) && !name.includes('..') ? name : undefined;
}

/** Whether the file is a content file the editor edits: content/<name>.json or content/demo/<name>.json. */
export function isContentFile(file: string): boolean {
  return nameIn(PROJECT_PATHS.content, file) !== undefined || nameIn(DEMO_CONTENT, file) !== undefined;
}

/** Whether the file is a form file the editor edits: forms/<name>.json with a name FORM_NAME accepts (not a fragment). */
export function isFormFile(file: string): boolean {
  return formNameOf(file) !== undefined;
}

/**
 * Whether the file is one of a studio release's set: a content file, pages.config.json (the pages'
 * layouts and props) or a form file. A release without pages.config.json or a form's file has the
 * project's own.
 */
export function isReleaseFile(file: string): boolean {
  return file === PROJECT_PATHS.config || isFormFile(file) || isContentFile(file);
}

/**
 * Why a path is not one the editor writes (pages.config.json, forms/<name>.json,
 * content/<name>.json or content/demo/<name>.json), or undefined.
 */
export function editablePathProblem(file: string): string | undefined {
  if (file === PROJECT_PATHS.config) return undefined;
  if (isFormFile(file) || isContentFile(file)) return undefined;
  return `'${file}' is not a file the editor writes: ${PROJECT_PATHS.config}, ${PROJECT_PATHS.forms}/<name>.json (not a fragment), ${PROJECT_PATHS.content}/<name>.json or ${DEMO_CONTENT}/<name>.json`;
}
