import type { SaveResult } from './api';
import { clampSelection, dirtyPaths, touches } from './history';
import type { EditorState, Files } from './store-state';
import type { ProjectResponse } from './types';

/**
 * What a save's answer changes: a saved file is the new baseline (its hash, no longer unsaved or in
 * conflict); a conflict adds the files changed on disk; a refusal shows the gate's problems.
 */
export function savedStep(state: EditorState, sent: Files, result: SaveResult): Partial<EditorState> {
  switch (result.status) {
    case 'saved': {
      const saved = { ...state.saved, ...sent };
      return {
        saved,
        hashes: { ...state.hashes, ...result.hashes },
        dirty: dirtyPaths(state.files, saved),
        conflicts: state.conflicts.filter((path) => !(path in sent)),
        save: { status: 'saved', problems: [] },
      };
    }
    case 'conflict':
      return {
        conflicts: [...new Set([...state.conflicts, ...result.conflicts])],
        save: { status: 'conflict', problems: [], message: `Not saved: ${result.conflicts.join(', ')} changed on disk` },
      };
    case 'invalid':
      return { problems: result.problems, save: { status: 'invalid', problems: result.problems } };
    case 'failed':
      return { save: { status: 'failed', problems: [], message: result.message } };
  }
}

/** The file as it is on disk (`project`): local changes to it, and the undo steps that touch it, are dropped. */
export function reloadedFile(state: EditorState, path: string, project: ProjectResponse): Partial<EditorState> {
  const file = project.files[path];
  const files = { ...state.files };
  const saved = { ...state.saved };
  const hashes = { ...state.hashes };
  if (file) {
    files[path] = file.value;
    saved[path] = file.value;
    hashes[path] = file.hash;
  } else {
    delete files[path];
    delete saved[path];
    delete hashes[path];
  }
  return {
    files,
    saved,
    hashes,
    fragments: project.fragments ?? state.fragments,
    past: state.past.filter((entry) => !touches(entry, path)),
    future: state.future.filter((entry) => !touches(entry, path)),
    dirty: dirtyPaths(files, saved),
    conflicts: state.conflicts.filter((other) => other !== path),
    selection: clampSelection(state.selection, files),
    save: { status: 'idle', problems: [] },
  };
}
