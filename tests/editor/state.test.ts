import { describe, expect, it, vi } from 'vitest';
import type { SaveResult } from '../../editor/src/core/api';
import { EditorStore, type EditorApi } from '../../editor/src/core/store';
import { PAGES_FILE, type Diagnostic, type PagesConfigValue, type ProjectResponse } from '../../editor/src/core/types';

function project(): ProjectResponse {
  const config: PagesConfigValue = {
    presets: { grid: { type: 'planGrid', id: 'plans', props: { texts: { title: 'Plans' } } } },
    pages: [
      {
        name: 'Home',
        path: '/',
        sections: [
          { type: 'banner', source: 'home-sliders' },
          { type: 'planGrid', preset: 'grid' },
        ],
      },
      { name: 'Shop', path: '/shop', sections: [] },
    ],
  };
  return {
    files: { [PAGES_FILE]: { value: config, hash: 'h1' }, 'forms/contact.json': { value: { schema: {} }, hash: 'f1' } },
    blocks: [],
    sources: [],
  };
}

function fakeServer(save?: EditorApi['saveFiles']) {
  return {
    getProject: vi.fn<EditorApi['getProject']>(async () => project()),
    getHashes: vi.fn<EditorApi['getHashes']>(async () => ({ [PAGES_FILE]: 'h1', 'forms/contact.json': 'f1' })),
    checkFiles: vi.fn<EditorApi['checkFiles']>(async () => []),
    saveFiles: vi.fn<EditorApi['saveFiles']>(save ?? (async () => ({ status: 'saved', hashes: { [PAGES_FILE]: 'h2' } }))),
    sendDrafts: vi.fn<NonNullable<EditorApi['sendDrafts']>>(async () => ({ ok: true, partial: false })),
  };
}

async function loaded(server = fakeServer()) {
  const store = new EditorStore(server);
  await store.load();
  return { store, server };
}

const pages = (store: EditorStore) => store.state.files[PAGES_FILE] as PagesConfigValue;

describe('EditorStore', () => {
  it('loads the project and starts clean', async () => {
    const { store } = await loaded();
    expect(store.state.status).toBe('ready');
    expect(store.state.dirty).toEqual([]);
    expect(store.state.selection.form).toBe('forms/contact.json');
  });

  it('records each change for undo and redo, and knows what is unsaved', async () => {
    const { store } = await loaded();
    store.changePages('Rename', (config) => void (config.pages[1].title = 'Shop'));
    expect(store.state.dirty).toEqual([PAGES_FILE]);
    store.changePages('Move', (config) => void config.pages.reverse(), { select: { page: 0 } });
    expect(pages(store).pages.map((page) => page.name)).toEqual(['Shop', 'Home']);
    store.undo();
    expect(pages(store).pages.map((page) => page.name)).toEqual(['Home', 'Shop']);
    store.undo();
    // Back to the loaded value: nothing unsaved, although the objects are new.
    expect(store.state.dirty).toEqual([]);
    expect(store.state.past).toHaveLength(0);
    store.redo();
    expect(pages(store).pages[1].title).toBe('Shop');
    expect(store.state.dirty).toEqual([PAGES_FILE]);
    // A new change drops what could be redone.
    store.changePages('Other', (config) => void (config.pages[0].title = 'Home'));
    expect(store.state.future).toHaveLength(0);
  });

  it('joins quick edits of one value into one undo step', async () => {
    const { store } = await loaded();
    for (const title of ['S', 'Sh', 'Sho']) store.changePages('Type', (config) => void (config.pages[1].title = title));
    // The first edit adds the key; the next ones replace it in place and join each other.
    expect(store.state.past.length).toBeLessThanOrEqual(2);
    store.undo();
    store.undo();
    expect(pages(store).pages[1].title).toBeUndefined();
  });

  it('restores the selection of an undone change and keeps it within the pages', async () => {
    const { store } = await loaded();
    store.select({ page: 0, section: 1 });
    store.changePages('Remove', (config) => void config.pages[0].sections?.splice(1, 1), { select: { section: 0 } });
    expect(store.state.selection.section).toBe(0);
    store.undo();
    expect(store.state.selection.section).toBe(1);
  });

  it('saves the unsaved files with their base hash and is clean after a 200', async () => {
    const { store, server } = await loaded();
    store.changePages('Rename', (config) => void (config.pages[1].title = 'Shop'));
    await store.save();
    expect(server.saveFiles).toHaveBeenCalledWith({ [PAGES_FILE]: { value: pages(store), baseHash: 'h1' } });
    expect(store.state.dirty).toEqual([]);
    expect(store.state.hashes[PAGES_FILE]).toBe('h2');
    expect(store.state.save.status).toBe('saved');
  });

  it('keeps the changes and shows the problems of a refused save (422)', async () => {
    const problem: Diagnostic = { file: PAGES_FILE, line: 3, column: 1, pointer: '/pages/1/title', message: 'bad' };
    const { store } = await loaded(fakeServer(async (): Promise<SaveResult> => ({ status: 'invalid', problems: [problem] })));
    store.changePages('Rename', (config) => void (config.pages[1].title = 'x'));
    await store.save();
    expect(store.state.save).toEqual({ status: 'invalid', problems: [problem] });
    expect(store.state.problems).toEqual([problem]);
    expect(store.state.dirty).toEqual([PAGES_FILE]);
  });

  it('reports a conflict (409) and a file changed on disk, and reloads it on request', async () => {
    const server = fakeServer(async (): Promise<SaveResult> => ({ status: 'conflict', conflicts: [PAGES_FILE] }));
    const { store } = await loaded(server);
    store.changePages('Rename', (config) => void (config.pages[1].title = 'x'));
    await store.save();
    expect(store.state.conflicts).toEqual([PAGES_FILE]);

    server.getHashes.mockResolvedValue({ [PAGES_FILE]: 'h9', 'forms/contact.json': 'f1' });
    await store.pollHashes();
    expect(store.state.conflicts).toEqual([PAGES_FILE]);

    const onDisk = project();
    (onDisk.files[PAGES_FILE].value as PagesConfigValue).pages[1].title = 'From disk';
    onDisk.files[PAGES_FILE].hash = 'h9';
    server.getProject.mockResolvedValue(onDisk);
    await store.reload(PAGES_FILE);
    expect(pages(store).pages[1].title).toBe('From disk');
    expect(store.state.hashes[PAGES_FILE]).toBe('h9');
    expect(store.state.dirty).toEqual([]);
    expect(store.state.conflicts).toEqual([]);
    // The undo steps of the reloaded file are gone.
    expect(store.state.past).toHaveLength(0);
  });

  it('checks the unsaved files after a change (debounced) and drops a stale reply', async () => {
    vi.useFakeTimers();
    try {
      const { store, server } = await loaded();
      await vi.runAllTimersAsync();
      server.checkFiles.mockClear();
      store.changePages('A', (config) => void (config.pages[1].title = 'a'));
      store.changePages('B', (config) => void (config.pages[1].title = 'b'));
      await vi.advanceTimersByTimeAsync(350);
      expect(server.checkFiles).toHaveBeenCalledTimes(1);
      expect(server.checkFiles).toHaveBeenCalledWith({ [PAGES_FILE]: pages(store) });
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a problem on its section when the section moves, before the next check and while one runs', async () => {
    const problem = (index: number): Diagnostic => ({
      file: PAGES_FILE,
      pointer: `/pages/0/sections/${index}/source`,
      message: 'unknown source',
      line: 1,
      column: 1,
    });
    let reply: (problems: Diagnostic[]) => void = () => {};
    const server = fakeServer();
    server.checkFiles.mockImplementation(() => new Promise((resolve) => (reply = resolve)));
    const { store } = await loaded(server);
    const moveFirstDown = () =>
      store.changePages('Move', (config) => {
        const [first] = config.pages[0].sections!.splice(0, 1);
        config.pages[0].sections!.splice(1, 0, first);
      });

    // The banner (section 0) has a problem; a check is on its way when the banner moves down.
    const checking = store.check();
    moveFirstDown();
    reply([problem(0)]);
    await checking;
    expect(store.state.problems.map((p) => p.pointer)).toEqual(['/pages/0/sections/1/source']);

    // Moved back up before the next check: the problem goes with it at once.
    moveFirstDown();
    expect(store.state.problems.map((p) => p.pointer)).toEqual(['/pages/0/sections/0/source']);
    store.undo();
    expect(store.state.problems.map((p) => p.pointer)).toEqual(['/pages/0/sections/1/source']);
  });

  it('sends an unsaved page layout to the preview only where the API says its preview takes it', async () => {
    vi.useFakeTimers();
    try {
      const rename = async (server: ReturnType<typeof fakeServer> & Pick<EditorApi, 'previewsFile'>) => {
        const store = new EditorStore(server, 0);
        await store.load();
        store.changePages('Rename', (config) => void (config.pages[1].title = 'Shop'));
        await vi.advanceTimersByTimeAsync(1);
        return server.sendDrafts;
      };
      // By default the preview takes the content files: no content changed, nothing is sent.
      expect(await rename(fakeServer())).not.toHaveBeenCalled();
      const studio = await rename({ ...fakeServer(), previewsFile: (path) => path === PAGES_FILE });
      expect(studio).toHaveBeenLastCalledWith(
        { [PAGES_FILE]: expect.objectContaining({ pages: expect.any(Array) as unknown }) },
        expect.any(Number),
      );

      // With no delay (the studio's), the change itself sends: no timer runs before the request leaves.
      const server = { ...fakeServer(), previewsFile: (path: string) => path === PAGES_FILE };
      const store = new EditorStore(server, 0);
      await store.load();
      const before = Date.now();
      store.changePages('Rename', (config) => void (config.pages[1].title = 'Plans'));
      expect(server.sendDrafts).toHaveBeenCalledTimes(1);
      // Numbered from the clock as it leaves (the preview frame is told the number at once), each send above the last.
      const first = store.state.draftsSeq;
      expect(first).toBeGreaterThanOrEqual(before);
      expect(server.sendDrafts).toHaveBeenLastCalledWith(expect.any(Object), first);
      store.changePages('Rename', (config) => void (config.pages[1].title = 'Prices'));
      expect(store.state.draftsSeq).toBeGreaterThan(first);
      expect(server.sendDrafts).toHaveBeenLastCalledWith(expect.any(Object), store.state.draftsSeq);
      // Its answers: nothing to render (the frames follow the numbers) but the preview's refusal and its end.
      const following = { ...fakeServer(), previewsFile: (path: string) => path === PAGES_FILE, previewFollowsSeq: true };
      const quiet = new EditorStore(following, 0);
      await quiet.load();
      const renders = vi.fn();
      quiet.subscribe(renders);
      quiet.changePages('Rename', (config) => void (config.pages[1].title = 'A'));
      const afterChange = renders.mock.calls.length;
      await vi.advanceTimersByTimeAsync(0);
      expect([renders.mock.calls.length, quiet.state.contentVersion]).toEqual([afterChange, 0]);
      following.sendDrafts.mockResolvedValueOnce({ ok: false, partial: false });
      quiet.changePages('Rename', (config) => void (config.pages[1].title = 'B'));
      await vi.advanceTimersByTimeAsync(0);
      expect(quiet.state.draftsRefused).toBe(true);
      quiet.changePages('Rename', (config) => void (config.pages[1].title = 'C'));
      await vi.advanceTimersByTimeAsync(0);
      expect(quiet.state.draftsRefused).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
