import type { Product } from '../product';
import type { Repo } from '../repo';
import { recordSeedMode } from '../seed';
import type { SharedState } from '../shared-state';
import { describeContentChange } from './change-words';
import { ContentError } from './follow';
import { formatContentProblems } from './load';
import { contentOf, diskTexts, releaseMark, RELEASE_MARK, withProjectFiles } from './release-content';
import {
  changedPaths,
  insertRelease,
  latestOfSource,
  liveRelease,
  newerStudioRelease,
  nextReleaseNumber,
  releaseFiles,
  setLiveRelease,
  type ContentTexts,
} from './release-rows';
import { announceRelease } from './release-watch';
import { CONTENT_LOCK, describeChanges, syncContentIn } from './sync';

/**
 * What a start does with the content files on disk (and pages.config.json, a release's file too). The database holds the live release; the files
 * are the release they name in content/.release (written by the git record), or without it the last
 * release made from the files. Then:
 * - no release yet: the files become release 1;
 * - the studio published (or rolled back) after the files' release: the database is newer, and is
 *   kept whatever the files say (a deploy of older files never undoes a publish);
 * - else, files that differ from the live release become the next release (source 'files').
 * Either way the content table is brought to the live release (a demo's dates move to today). It
 * all runs in one transaction under the content lock: of several instances starting at once, one
 * makes the release and the others find it made. Files with problems stop the start (ContentError)
 * when they would become a release, and nothing is changed.
 */

export const FIRST_RELEASE_SUMMARY = 'The content files at the first start';

export interface StartContentOptions {
  repo: Repo;
  /** Where to announce a release made (none: the other instances find it by their own check). */
  shared?: SharedState;
  root: string;
  demo: boolean;
  product: Product;
  now: Date;
}

interface Outcome {
  live: number;
  made: boolean;
  kept?: { base: number };
  lines: string[];
  items: number;
}

/** Applies the start rule; returns the log lines. */
export async function startContent(options: StartContentOptions): Promise<string[]> {
  const { repo, root, demo, product, now } = options;
  const started = performance.now();
  const disk = diskTexts(root);
  const mark = releaseMark(root);
  const outcome = await repo.db.write(CONTENT_LOCK, async (q): Promise<Outcome> => {
    const live = await liveRelease(repo, q);
    // A release without pages.config.json or a form's file has the project's: only one that differs is a change.
    const liveFiles: ContentTexts = live === undefined ? {} : withProjectFiles((await releaseFiles(q, live)) ?? {}, root);
    const base = live === undefined ? 0 : (mark ?? (await latestOfSource(q, 'files')) ?? 0);
    const newer = live === undefined ? undefined : await newerStudioRelease(q, base);
    const make = live === undefined || (newer === undefined && changedPaths(liveFiles, disk).length > 0);
    const texts = make ? disk : liveFiles;
    const content = contentOf(texts, { root, demo, product, now });
    if (content.problems.length > 0) throw new ContentError(formatContentProblems(content.problems));
    const changes = await syncContentIn(q, repo, content.resources);
    const number = make ? await nextReleaseNumber(q) : live!;
    if (make) {
      await insertRelease(q, {
        number,
        files: disk,
        changed: changedPaths(liveFiles, disk),
        summary: live === undefined ? [FIRST_RELEASE_SUMMARY] : describeContentChange(liveFiles, disk),
        source: 'files',
        author: null,
        createdAt: now.toISOString(),
      });
      await setLiveRelease(repo, q, number);
    }
    const items = [...content.resources.values()].reduce((n, list) => n + list.length, 0);
    return { live: number, made: make, ...(newer !== undefined ? { kept: { base } } : {}), lines: describeChanges(changes), items };
  });
  await recordSeedMode(repo, demo);
  if (outcome.lines.length > 0) await repo.setMeta('content_synced_at', now.toISOString());
  if (outcome.made && options.shared) await announceRelease(options.shared, outcome.live).catch(() => undefined);
  const took = `${Math.round(performance.now() - started)} ms`;
  const state = outcome.made
    ? `release ${outcome.live} made from the files`
    : outcome.kept
      ? `release ${outcome.live} of the studio kept: it is newer than the files (release ${outcome.kept.base}${mark === undefined ? ', the last made from the files' : ` in ${RELEASE_MARK}`}), which are not taken in`
      : `release ${outcome.live} is live, the files are the same`;
  return [...outcome.lines.map((line) => `content: ${line}`), `content: ${state} (${outcome.items} items, ${took})`];
}
