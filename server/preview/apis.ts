import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { syncContent } from '../content/sync';
import type { Product } from '../product';
import { inProcessFetch } from '../in-process-fetch';
import { draftResources } from './content';
import type { PreviewContent } from './draft';
import type { ApiFetch } from './fetch-scope';

/**
 * The APIs the previews render from: one per account previewing, each a copy of the reference API
 * (`build`: never listening, only the renderer asks it, in process) on a SQLite
 * database of its own in a scratch folder, its content table brought to the account's draft with
 * syncContent (only the items that differ are written, so a new save costs a few items). A few are
 * kept, the least recently used closed first; one unused for `idleMs` is closed. The folders of a
 * process killed outright are removed by the next one that starts.
 */

export interface DraftApisOptions {
  /** Builds a copy of the reference API on a database in `dataDir` (server/app.ts gives buildServer). */
  build: (dataDir: string) => Promise<FastifyInstance>;
  /** The project root: schemas/content/ the drafts are checked with. */
  root: string;
  /** The site's mode: a demo site previews content/demo/ too. */
  demo: boolean;
  product: Product;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Most APIs kept at once (default 3). */
  max?: number;
  /** An API unused this long is closed (default 10 minutes). */
  idleMs?: number;
}

interface Held {
  app: FastifyInstance;
  dir: string;
  fetch: ApiFetch;
  /** The version of the content its table holds ('' before the first sync). */
  version: string;
  usedAt: number;
  /** Work on this API, one at a time: a sync never changes the content under a render. */
  queue: Promise<unknown>;
}

export interface DraftApis {
  /** Runs `work` with a fetch to an API that serves exactly `content`, one work at a time per account. */
  use<T>(accountId: number, content: PreviewContent, work: (fetch: ApiFetch) => Promise<T>): Promise<T>;
  /** How many APIs are open (tests). */
  open(): number;
  close(): Promise<void>;
}

/** The scratch folders' prefix in the system's temporary folder, and the file naming their process. */
export const SCRATCH_PREFIX = 'telmed-preview-api-';
const OWNER_FILE = 'owner';

/** Whether the process `pid` runs (on this machine). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the scratch folders of processes that ended without closing their APIs (killed outright). */
function removeLeftFolders(): void {
  for (const name of readdirSync(tmpdir()).filter((entry) => entry.startsWith(SCRATCH_PREFIX))) {
    const dir = join(tmpdir(), name);
    let owner: number;
    try {
      owner = Number(readFileSync(join(dir, OWNER_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (Number.isInteger(owner) && owner > 0 && !running(owner)) rmSync(dir, { recursive: true, force: true });
  }
}

const DEFAULT_MAX = 3;
const DEFAULT_IDLE_MS = 10 * 60_000;
const SWEEP_MS = 60_000;

export function createDraftApis(options: DraftApisOptions): DraftApis {
  const max = options.max ?? DEFAULT_MAX;
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  /** account -> its API, least recently used first (a Map keeps insertion order). */
  const held = new Map<number, Promise<Held>>();
  removeLeftFolders();

  async function start(): Promise<Held> {
    const dir = mkdtempSync(join(tmpdir(), SCRATCH_PREFIX));
    writeFileSync(join(dir, OWNER_FILE), String(process.pid));
    try {
      const app = await options.build(join(dir, 'data'));
      await app.ready();
      return { app, dir, fetch: inProcessFetch(app), version: '', usedAt: Date.now(), queue: Promise.resolve() };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      throw error;
    }
  }

  async function stop(entry: Promise<Held>): Promise<void> {
    const api = await entry.catch(() => undefined);
    if (!api) return;
    await api.queue.catch(() => undefined);
    await api.app.close().catch((error: unknown) => options.log.warn({ err: error }, 'preview: an API did not close'));
    rmSync(api.dir, { recursive: true, force: true });
  }

  function drop(accountId: number): void {
    const entry = held.get(accountId);
    if (!entry) return;
    held.delete(accountId);
    void stop(entry);
  }

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [accountId, entry] of held)
      void entry.then(
        (api) => now - api.usedAt >= idleMs && held.get(accountId) === entry && drop(accountId),
        () => undefined,
      );
  }, SWEEP_MS);
  sweep.unref();

  /** Brings the API's content to `content` when it holds another version. */
  async function follow(api: Held, content: PreviewContent): Promise<void> {
    if (api.version === content.version) return;
    const { resources, problems } = draftResources(content.texts, content.live, { ...options, now: content.asOf ?? options.now() });
    if (problems.length > 0) options.log.debug({ problems: problems.length }, 'preview: draft items with problems left out');
    await syncContent(api.app.ctx.repo, resources);
    api.version = content.version;
  }

  return {
    async use(accountId, content, work) {
      let entry = held.get(accountId);
      if (entry) held.delete(accountId);
      else {
        entry = start();
        // A start that fails is not kept: the next preview tries again.
        entry.catch(() => held.get(accountId) === entry && held.delete(accountId));
      }
      held.set(accountId, entry);
      while (held.size > max) drop(held.keys().next().value as number);
      const api = await entry;
      api.usedAt = Date.now();
      const run = api.queue.then(async () => {
        await follow(api, content);
        return work(api.fetch);
      });
      api.queue = run.catch(() => undefined);
      return run;
    },
    open: () => held.size,
    async close() {
      clearInterval(sweep);
      const entries = [...held.values()];
      held.clear();
      await Promise.all(entries.map(stop));
    },
  };
}
