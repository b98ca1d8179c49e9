import type { Diagnostic } from '../../scripts/lib/diagnostics';
import { ThreadGate, type ContentGate } from './gate-worker';
import { isContentFile, isReleaseFile } from '../../scripts/lib/editor/paths';
import type { Db, Queryable } from '../db';
import type { Product } from '../product';
import type { Repo } from '../repo';
import type { SharedState } from '../shared-state';
import { describeContentChange } from './change-words';
import { contentOf, diskTexts, withProjectFiles } from './release-content';
import {
  changedPaths,
  insertRelease,
  listReleases,
  liveRelease,
  nextReleaseNumber,
  releaseFiles,
  releaseInfo,
  setLiveRelease,
  type ContentTexts,
  type ReleaseInfo,
  type ReleaseSource,
} from './release-rows';
import { storedMediaBytes } from './media-library-store';
import { mediaNamesIn } from './media-library-uses';
import { announceRelease } from './release-watch';
import { CONTENT_LOCK, syncContentIn } from './sync';

/**
 * Publishing the content: a release is the whole set of content files after a change. It passes
 * the gate (the checks of `npm run validate` on the project with the release's texts, and the
 * server's own content checks), then ONE transaction under CONTENT_LOCK brings the content table
 * to it, writes its content_releases row and makes it live (meta content_release); after the commit
 * the other instances hear of it (announceRelease). A publish made from an older release than the
 * live one is refused as stale, naming the release that came in between: nothing is overwritten.
 */

export interface ReleaseDeps {
  db: Db;
  repo: Repo;
  shared: SharedState;
  /** The project root: schemas/, pages.config.json, the gate's project. */
  root: string;
  demo: boolean;
  product: Product;
  now: () => Date;
  /** The project gate; null: only the server's content checks (a root that is not a whole project). */
  gate?: ContentGate | null;
}

export interface PublishInput {
  /** Path -> new text; null removes the file. Only a release's files (content/*.json, content/demo/*.json, pages.config.json). */
  changes: Record<string, string | null>;
  /** The release the change was made from: it must still be the live one. */
  baseRelease: number;
  author: { id: number; name: string; email: string } | null;
  source: ReleaseSource;
  /** The change in words; describeContentChange's when absent. */
  summary?: string[];
  reviewer?: string | null;
  /** Work of the caller's in the release's own transaction, after its row (a schedule marked done with it). */
  within?: (q: Queryable, release: number) => Promise<void>;
}

export type PublishOutcome =
  { status: 'published'; release: ReleaseInfo } | { status: 'stale'; current: ReleaseInfo } | { status: 'invalid'; problems: Diagnostic[] };

export interface ContentReleases {
  /** The live release's number (0 before the first). */
  current(): Promise<number>;
  /** The whole set of content files of release `n` ({} for none). */
  files(n: number): Promise<ContentTexts>;
  info(n: number): Promise<ReleaseInfo | undefined>;
  list(options: { before?: number; limit: number }): Promise<ReleaseInfo[]>;
  /** The gate's problems of a whole set of content files. */
  check(texts: ContentTexts): Promise<Diagnostic[]>;
  publish(input: PublishInput): Promise<PublishOutcome>;
  /** Removes the gate's scratch copy. */
  close(): void;
}

/** A set of texts with changes applied (null removes a file). */
export function applyChanges(texts: ContentTexts, changes: Record<string, string | null>): ContentTexts {
  const after = { ...texts };
  for (const [file, text] of Object.entries(changes)) {
    if (!isReleaseFile(file)) throw new Error(`'${file}' is not a file of a release`);
    if (text === null) delete after[file];
    else after[file] = text;
  }
  return after;
}

/** The outcome of a publish that found another release live: what it was. */
class Stale extends Error {
  constructor(readonly current: number) {
    super(`release ${current} is live`);
  }
}

export function createContentReleases(deps: ReleaseDeps): ContentReleases {
  const { db, repo, shared, root, demo, product } = deps;
  const gate = deps.gate === undefined ? new ThreadGate(root) : deps.gate;
  const current = async () => (await liveRelease(repo, db.query)) ?? 0;
  const files = async (n: number) => (await releaseFiles(db.query, n)) ?? {};
  const info = (n: number) => releaseInfo(db.query, n);

  const check = async (texts: ContentTexts): Promise<Diagnostic[]> => {
    if (gate) {
      // The project's own content files that the set has not are absent from the checked copy; a set
      // without pages.config.json is checked with the project's.
      const absent = Object.fromEntries(
        Object.keys(diskTexts(root)).flatMap((file) => (file in texts || !isContentFile(file) ? [] : [[file, null]])),
      );
      // The images the studio uploaded (content_media) are in the checked copy's media folder too.
      const problems = await gate.check({ ...absent, ...texts }, await storedMediaBytes(db.query, mediaNamesIn(texts)));
      if (problems.length > 0) return problems;
    }
    return contentOf(texts, { root, demo: true, product, now: deps.now() }).problems;
  };

  const staleOutcome = async (n: number): Promise<PublishOutcome> => ({ status: 'stale', current: (await info(n))! });

  const publish = async (input: PublishInput): Promise<PublishOutcome> => {
    const live = await current();
    if (input.baseRelease !== live) return staleOutcome(live);
    const before = await files(live);
    const after = applyChanges(before, input.changes);
    const problems = await check(after);
    if (problems.length > 0) return { status: 'invalid', problems };
    const now = deps.now();
    const content = contentOf(after, { root, demo, product, now });
    let number: number;
    try {
      number = await db.write(CONTENT_LOCK, async (q) => {
        const latest = (await liveRelease(repo, q)) ?? 0;
        if (latest !== input.baseRelease) throw new Stale(latest);
        const n = await nextReleaseNumber(q);
        await syncContentIn(q, repo, content.resources);
        await insertRelease(q, {
          number: n,
          files: after,
          changed: changedPaths(before, after),
          summary: input.summary ?? describeContentChange(withProjectFiles(before, root), withProjectFiles(after, root)),
          source: input.source,
          author: input.author,
          reviewer: input.reviewer,
          createdAt: now.toISOString(),
        });
        await setLiveRelease(repo, q, n);
        await input.within?.(q, n);
        return n;
      });
    } catch (error) {
      if (error instanceof Stale) return staleOutcome(error.current);
      throw error;
    }
    // The release is live once committed; an instance that misses the message finds it in the database.
    await announceRelease(shared, number).catch(() => undefined);
    return { status: 'published', release: (await info(number))! };
  };

  return {
    current,
    files,
    info,
    list: (options) => listReleases(db.query, options),
    check,
    publish,
    close: () => gate?.dispose(),
  };
}
