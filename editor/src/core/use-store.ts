import { createContext, useContext, useSyncExternalStore } from 'react';
import type { EditorStore } from './store';
import type { EditorState } from './store-state';

/** The editor's store, given by its host (the dev app or the studio's Content screen). */
export const StoreContext = createContext<EditorStore | null>(null);

export function useStore(): EditorStore {
  const store = useContext(StoreContext);
  if (!store) throw new Error('useStore outside <StoreContext>');
  return store;
}

/** The editor state, re-rendering on every change. */
export function useEditor(): EditorState {
  const store = useStore();
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}
