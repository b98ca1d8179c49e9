import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildServer } from '../../../server/app';
import { manilaToday } from '../../../domain/dates';
import { checkedContent, followContent } from '../../../server/content/follow';
import { resourceOf } from '../../../server/content/files';
import { loadContent } from '../../../server/content/load';
import type { Item } from '../../../server/repo';
import { PROJECT_PATHS } from '../project';
import { editableFiles, readText } from './project';
import { isContentFile } from './paths';
import { OWNER_FILE, removeStaleCopies, SCRATCH_PREFIX } from './check';
import { serialise } from './json-edit';

/**
 * The content of the editor's preview before it is saved: a second, in-memory copy of the reference
 * API (buildServer in demo mode, its SQLite database in a scratch folder, editor-gate-preview-api-*) whose content follows the
 * editor's unsaved content files. The editor POSTs its drafts (/__editor/api/drafts); they are
 * written into a scratch copy of content/ and schemas/, loaded and checked as the server loads
 * content on start (server/content/load.ts), and synced into the copy's database
 * (server/content/sync.ts: only the items that differ are written). Drafts whose problems are all
 * in their items (a new article without its title yet; the gate shows them at their fields) are
 * served as far as they go; other drafts that do not load leave the preview on the last ones taken. The preview frame
 * asks this API (/__editor/preview-api/api/v1/…) instead of the demo API, so a section that lists
 * articles shows the unsaved article; the demo API (the site on :5180) serves only saved content.
 */

/** A problem inside an item of a content file (its pointer). */
const ITEM_POINTER = /^\/items\/(\d+)(?:\/|$)/;

/** The id of the item at an index of a content file's text (undefined when there is none). */
function itemIdAt(text: string | undefined, index: number): unknown {
  try {
    const items = (JSON.parse(text ?? '') as { items?: unknown }).items;
    const item = Array.isArray(items) ? (items[index] as unknown) : undefined;
    return typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  } catch {
    return undefined;
  }
}

/** A POST body the preview's API takes, at most. */
const MAX_BODY = 1024 * 1024;

export class ContentPreview {
  private dir: string | undefined;
  private app: FastifyInstance | undefined;
  private starting: Promise<FastifyInstance> | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** The texts of the content files the scratch copy holds. */
  private readonly held = new Map<string, string>();
  /** How long the last drafts took to load and sync, in ms. */
  lastMs = 0;
  /** The items the preview's API last took without problems (resource -> items). */
  private taken = new Map<string, Item[]>();

  constructor(private readonly root: string) {}

  /** The preview's API, made on first use: a scratch copy of content/ and schemas/, a scratch database. */
  private start(): Promise<FastifyInstance> {
    this.starting ??= (async () => {
      // Named as the gate's scratch copies and with their owner file: a folder left by an editor that
      // was killed outright is removed by the next editor's gate (removeStaleCopies).
      removeStaleCopies();
      const dir = mkdtempSync(path.join(tmpdir(), `${SCRATCH_PREFIX}preview-api-`));
      writeFileSync(path.join(dir, OWNER_FILE), String(process.pid));
      this.dir = dir;
      const project = path.join(dir, 'project');
      for (const folder of [PROJECT_PATHS.content, PROJECT_PATHS.schemas]) {
        cpSync(path.join(this.root, folder), path.join(project, folder), {
          recursive: true,
          // Images are not content the API serves: the copy leaves them out.
          filter: (source) => !source.includes(`${path.sep}media`),
        });
      }
      for (const file of editableFiles(this.root).filter(isContentFile)) this.held.set(file, readText(this.root, file) ?? '');
      const app = await buildServer({ dataDir: path.join(dir, 'data'), demo: true, contentRoot: project, logger: 'silent' });
      await app.ready();
      // What the API took on start: the saved content, as loaded there.
      this.taken = loadContent({ root: project, demo: true, product: app.ctx.product, today: manilaToday(app.ctx.now()) }).resources;
      this.app = app;
      return app;
    })();
    return this.starting;
  }

  /** Starts the preview's API now rather than on the first preview. */
  async warm(): Promise<void> {
    await this.start();
  }

  /**
   * Makes the preview's content the project's with these content files' values in place of theirs
   * (every other content file as it is on disk). Answers whether the drafts loaded (`ok`), or were
   * taken as far as they go (`partial`: problems in their items only, the items served as written);
   * when neither, the preview keeps the last content that was taken.
   */
  setDrafts(drafts: Record<string, unknown>): Promise<{ ok: boolean; partial: boolean; ms: number }> {
    const run = this.queue.then(async () => {
      const app = await this.start();
      const started = performance.now();
      const project = path.join(this.dir!, 'project');
      const texts = new Map<string, string | undefined>();
      for (const file of new Set([...this.held.keys(), ...editableFiles(this.root).filter(isContentFile)])) {
        texts.set(file, readText(this.root, file));
      }
      for (const [file, value] of Object.entries(drafts)) if (isContentFile(file)) texts.set(file, serialise(value));
      for (const [file, text] of texts) {
        if (this.held.get(file) === text) continue;
        const abs = path.join(project, file);
        if (text === undefined) rmSync(abs, { force: true });
        else writeFileSync(abs, text);
        if (text === undefined) this.held.delete(file);
        else this.held.set(file, text);
      }
      const { ctx } = app;
      const loaded = loadContent({ root: project, demo: true, product: ctx.product, today: manilaToday(ctx.now()), partial: true });
      const ok = loaded.problems.length === 0;
      // A draft being written (problems in items only) shows as far as it goes: a new item as
      // written (a new article is on its page before its title is typed), an item taken before
      // without problems as it was then. A problem outside the items keeps the last drafts taken.
      const partial = !ok && loaded.problems.every((problem) => ITEM_POINTER.test(problem.pointer));
      if (ok || partial) {
        const { served, clean } = ok
          ? { served: loaded.resources, clean: loaded.resources }
          : this.servedWithProblems(loaded.resources, loaded.problems, texts);
        await followContent(ctx.repo, served, { demo: true, now: ctx.now() });
        this.taken = clean;
      }
      this.lastMs = performance.now() - started;
      return { ok, partial, ms: this.lastMs };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /**
   * Content taken with problems in its items: each item with a problem is served as the preview
   * last took it without problems (an edit that breaks a price keeps the price shown), or as
   * written when it never had none (a new item being written). Answers what to serve, and what to
   * remember as taken without problems (the items served as written left out).
   */
  private servedWithProblems(
    resources: ReadonlyMap<string, Item[]>,
    problems: readonly { file: string; pointer: string }[],
    texts: ReadonlyMap<string, string | undefined>,
  ): { served: Map<string, Item[]>; clean: Map<string, Item[]> } {
    const served = new Map(resources);
    const unchecked = new Map<string, Set<unknown>>();
    for (const problem of problems) {
      const id = itemIdAt(texts.get(problem.file), Number(ITEM_POINTER.exec(problem.pointer)?.[1]));
      const resource = resourceOf(problem.file);
      const items = served.get(resource);
      if (!items) continue;
      const before = this.taken.get(resource)?.find((item) => item.id === id);
      if (before)
        served.set(
          resource,
          items.map((item) => (item.id === id ? before : item)),
        );
      else unchecked.set(resource, (unchecked.get(resource) ?? new Set()).add(id));
    }
    const clean = new Map(
      [...served].map(([resource, items]) => [resource, items.filter((item) => !unchecked.get(resource)?.has(item.id))] as const),
    );
    return { served, clean };
  }

  /** Answers a request of the preview frame (`url`: /api/v1/…) from the preview's API. */
  async serve(req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
    const app = await this.start();
    const method = (req.method ?? 'GET') as 'GET';
    let payload: Buffer | undefined;
    if (method !== 'GET' && method !== 'HEAD') {
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of req as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > MAX_BODY) {
          res.writeHead(413).end();
          return;
        }
        chunks.push(chunk);
      }
      payload = Buffer.concat(chunks);
    }
    const headers: Record<string, string> = {};
    for (const name of ['accept', 'content-type', 'cookie', 'authorization', 'accept-language']) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    const answer = await app.inject({ method, url, headers, payload });
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined || ['content-length', 'transfer-encoding', 'connection'].includes(name)) continue;
      out[name] = Array.isArray(value) ? value.map(String) : String(value);
    }
    out['cache-control'] = 'no-store';
    res.writeHead(answer.statusCode, out);
    res.end(answer.rawPayload);
  }

  /** Removes the scratch folder at once (a process that exits cannot wait for the API to close). */
  removeNow(): void {
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }

  async dispose(): Promise<void> {
    const app = this.app;
    this.app = undefined;
    this.starting = undefined;
    await app?.close().catch(() => undefined);
    if (this.dir) rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

/**
 * After a save of content files: the demo API's database follows the saved files, as the server
 * does on start (server/content/follow.ts), so the site on :5180 shows what was saved. Answers the
 * log lines.
 */
export async function followSavedContent(api: FastifyInstance, root: string): Promise<string[]> {
  const { ctx } = api;
  const content = checkedContent({ root, demo: ctx.demo, product: ctx.product, now: ctx.now() });
  return followContent(ctx.repo, content, { demo: ctx.demo, now: ctx.now() });
}
