import { useEffect } from 'react';
import type { EditorStore } from '../../../editor/src/core/store';

/** A change is saved into the draft this long after the last one. */
const AUTOSAVE_MS = 800;

/**
 * Saves the editor's changes into the person's draft on their own: once typing pauses, and again
 * after a save for what changed while it ran. A refused save waits for the next change (no loop);
 * a conflict waits for a reload. Leaving the page with a change not saved yet asks first.
 */
export function useAutosave(store: EditorStore, delay = AUTOSAVE_MS): void {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let scheduled: unknown;
    let wasSaving = false;
    const onChange = () => {
      const { status, dirty, files, save } = store.state;
      const saving = save.status === 'saving';
      const justSaved = wasSaving && !saving;
      wasSaving = saving;
      if (status !== 'ready' || dirty.length === 0 || saving || save.status === 'conflict') return;
      if (files === scheduled && !(justSaved && save.status === 'saved')) return;
      scheduled = files;
      clearTimeout(timer);
      timer = setTimeout(() => void store.save(), delay);
    };
    const onLeave = (event: BeforeUnloadEvent) => {
      if (store.state.dirty.length > 0) event.preventDefault();
    };
    const unsubscribe = store.subscribe(onChange);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      unsubscribe();
      clearTimeout(timer);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, [store, delay]);
}
