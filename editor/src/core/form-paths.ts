/** The form files among the editor's files (forms/<name>.json, fragments left out), by path. */
export function formPaths(files: Readonly<Record<string, unknown>>): string[] {
  return Object.keys(files)
    .filter((path) => path.startsWith('forms/') && !path.startsWith('forms/fragments/'))
    .sort();
}

/** The form the Forms tab shows: the selected one while it exists, else the first. */
export function shownForm(paths: readonly string[], selected: string | null): string | null {
  return selected !== null && paths.includes(selected) ? selected : (paths[0] ?? null);
}
