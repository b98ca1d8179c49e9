import { useCallback, useEffect, useState } from 'react';
import { isObject } from '../../../domain/guards';
import { type EditorStore } from '../../../editor/src/core/store';
import { formPaths, shownForm } from '../../../editor/src/core/form-paths';
import { PAGES_FILE } from '../../../editor/src/core/types';
import { useEditor } from '../../../editor/src/core/use-store';
import { lockItem, releaseItem, releaseOnLeave, takeOverItem, type LockState, type LockTarget } from './locks';

/** Heartbeats until the server's first answer says how often (it says 20 s). */
const HEARTBEAT_MS = 20_000;
/** A change renews the lock at once when the last renewal is older than this. */
const RENEW_ON_CHANGE_MS = 5_000;

/** The id of a form file's lock: the whole form is one item (FORM_ITEM of server/content/locks-refusals.ts). */
const FORM_ITEM = 'form';

/**
 * The item the editor has open, by the tab it shows: a content item (its file and id), a page (the
 * layout file and the page's name) or a form (its file, as one item); undefined when none is.
 */
function openItem(state: ReturnType<typeof useEditor>): LockTarget | undefined {
  if (state.selection.tab === 'pages') {
    const config = state.files[PAGES_FILE];
    const pages = isObject(config) && Array.isArray(config.pages) ? config.pages : [];
    const page: unknown = pages[Math.max(0, Math.min(state.selection.page, pages.length - 1))];
    return isObject(page) && typeof page.name === 'string' ? { file: PAGES_FILE, id: page.name } : undefined;
  }
  if (state.selection.tab === 'forms') {
    const form = shownForm(formPaths(state.files), state.selection.form);
    return form === null ? undefined : { file: form, id: FORM_ITEM };
  }
  const { content: file, item } = state.selection;
  if (!file || item === null || item === undefined) return undefined;
  const value = state.files[file];
  const items = isObject(value) && Array.isArray(value.items) ? value.items : [];
  const id = isObject(items[item]) ? items[item].id : undefined;
  return id === undefined ? undefined : { file, id: String(id) };
}

/**
 * The edit lock of the item open in the editor: taken when it is opened, kept by a heartbeat while
 * it stays open (and renewed at once when it is changed), released when another item is opened or
 * the page is left. Answers who holds it, and `takeOver` to take it from them.
 */
export function useItemLock(store: EditorStore): { target?: LockTarget; lock?: LockState; takeOver: () => Promise<void> } {
  const open = openItem(useEditor());
  const file = open?.file;
  const id = open?.id;
  const key = open ? `${open.file}#${open.id}` : '';
  const [lock, setLock] = useState<{ key: string; state: LockState }>();

  useEffect(() => {
    if (file === undefined || id === undefined) return;
    const target = { file, id };
    const itemKey = `${file}#${id}`;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let lastBeat = 0;
    const beat = async () => {
      clearTimeout(timer);
      lastBeat = Date.now();
      try {
        const answer = await lockItem(target);
        if (stopped) return;
        setLock({ key: itemKey, state: answer });
        timer = setTimeout(() => void beat(), answer.heartbeatMs || HEARTBEAT_MS);
      } catch {
        if (!stopped) timer = setTimeout(() => void beat(), HEARTBEAT_MS);
      }
    };
    void beat();
    // A change renews the lock soon (after someone's expired, it is taken then), at most every few seconds.
    let files = store.state.files;
    const unsubscribe = store.subscribe(() => {
      if (store.state.files === files) return;
      files = store.state.files;
      if (Date.now() - lastBeat > RENEW_ON_CHANGE_MS) void beat();
    });
    const onLeave = () => releaseOnLeave(target);
    window.addEventListener('pagehide', onLeave);
    return () => {
      stopped = true;
      clearTimeout(timer);
      unsubscribe();
      window.removeEventListener('pagehide', onLeave);
      void releaseItem(target).catch(() => undefined);
    };
  }, [file, id, store]);

  const takeOver = useCallback(async () => {
    if (file === undefined || id === undefined) return;
    setLock({ key: `${file}#${id}`, state: await takeOverItem({ file, id }) });
    // A save refused while the other person held the item goes now.
    if (store.state.save.status === 'conflict') await store.save();
  }, [file, id, store]);

  return { target: open, lock: lock?.key === key ? lock.state : undefined, takeOver };
}
