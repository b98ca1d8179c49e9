import type { Diagnostic } from '../../scripts/lib/diagnostics';
import { editText } from '../../scripts/lib/editor/json-edit';
import { contentCatalogue } from '../../scripts/lib/editor/content-catalogue';
import { projectSnapshot, sha256, type EditorFile, type ProjectSnapshot } from '../../scripts/lib/editor/project';
import type { Db, Queryable } from '../db';
import type { Repo } from '../repo';
import { describeContentChange } from './change-words';
import { withProjectFiles } from './release-content';
import { parseLayout } from '../../domain/page-layout';
import { createLayouts, LAYOUT_FILE, type KeptReason, type Layouts } from '../release-layout';
import { formChangesNeedingDeploy, type DeployNeed } from '../forms/release-forms';
import { formNameOf } from '../../scripts/lib/project';
import { readDraft, removeDraft, writeDraft, type Draft } from './drafts';
import { changedPaths, liveRelease, releaseFiles, type ContentTexts, type ReleaseInfo } from './release-rows';
import type { ContentReleases, PublishOutcome } from './releases';

/**
 * The studio's content editor, for one account: what it sees is the live release (with the
 * project's pages.config.json and forms where the release has none) with its draft over it. Saves
 * go into the draft (unchecked: an unfinished change is kept); a check and a publish pass the gate.
 * The shapes are those of the dev editor's API (scripts/lib/editor/plugin.ts).
 *
 * A draft started from an older release than the live one follows the live one when none of its
 * files changed in between; otherwise it stays on its release and a publish is refused as stale.
 */

/** The lock of the drafts' writes (a save reads the view and writes the draft at once). */
export const DRAFT_LOCK = 'content-drafts';

/**
 * Why the layout of a draft would not go live with its publish but wait for the next deploy (the
 * browser's bundle holds the route table and the site settings; see server/release-layout.ts).
 */
export type DeployWait = Exclude<KeptReason, 'unreadable'>;

export interface DraftInfo {
  baseRelease: number;
  updatedAt: string;
  changed: string[];
  summary: string[];
}

export interface EditorProject extends ProjectSnapshot {
  release: number;
  draft: DraftInfo | null;
}

export type SaveOutcome = { status: 'saved'; files: Record<string, { hash: string }> } | { status: 'conflict'; conflicts: string[] };

export type EditorPublishOutcome = PublishOutcome | { status: 'empty'; current: ReleaseInfo };

/** A draft as a publish would take it: its changes (path -> text, null removes) made from the live release. */
export type DraftSnapshot =
  | { status: 'ready'; changes: Record<string, string | null>; baseRelease: number; summary: string[] }
  | { status: 'stale' | 'empty'; current: ReleaseInfo };

interface View {
  live: number;
  liveFiles: ContentTexts;
  draft: Draft | undefined;
  /** The live release's files with the draft's over them. */
  files: ContentTexts;
}

/** A file's text as the editor receives it (project.ts's reading of a file on disk). */
function editorFile(text: string): EditorFile {
  try {
    return { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown, hash: sha256(text) };
  } catch (error) {
    return { value: null, hash: sha256(text), error: `invalid JSON: ${(error as Error).message}` };
  }
}

const hashOf = (text: string | undefined) => (text === undefined ? '' : sha256(text));

export function createStudioEditor(deps: { db: Db; repo: Repo; releases: ContentReleases; root: string; now: () => Date }) {
  const { db, repo, releases, root } = deps;

  // The layout the deploy built: the project's pages.config.json and block types (the server renders
  // a release's layout only where it keeps the built route table, settings and block types).
  let projectLayouts: Layouts | null | undefined;
  const deployWait = (text: string | undefined): DeployWait | null => {
    if (projectLayouts === undefined) {
      const built = parseLayout(withProjectFiles({}, root)[LAYOUT_FILE] ?? '');
      projectLayouts = built ? createLayouts({ ...built, blockTypes: projectSnapshot(root).blocks.map((block) => block.type) }) : null;
    }
    const chosen = projectLayouts?.choose(text);
    return chosen && 'kept' in chosen && chosen.kept !== 'unreadable' ? chosen.kept : null;
  };

  const view = async (q: Queryable, accountId: number): Promise<View> => {
    const live = (await liveRelease(repo, q)) ?? 0;
    const liveFiles = withProjectFiles((await releaseFiles(q, live)) ?? {}, root);
    let draft = await readDraft(q, accountId);
    if (draft && draft.baseRelease !== live) {
      const base = withProjectFiles((await releaseFiles(q, draft.baseRelease)) ?? {}, root);
      const untouched = Object.keys(draft.files).every((file) => base[file] === liveFiles[file]);
      if (untouched) draft = { ...draft, baseRelease: live };
    }
    return { live, liveFiles, draft, files: { ...liveFiles, ...draft?.files } };
  };

  const draftInfo = ({ draft, liveFiles, files }: View): DraftInfo | null => {
    if (!draft) return null;
    return {
      baseRelease: draft.baseRelease,
      updatedAt: draft.updatedAt,
      changed: changedPaths(liveFiles, files),
      summary: describeContentChange(liveFiles, files),
    };
  };

  /** The texts of a view with some files' values written in (editText keeps each file's layout). */
  const withValues = (files: ContentTexts, values: Record<string, unknown>): ContentTexts => ({
    ...files,
    ...Object.fromEntries(Object.entries(values).map(([file, value]) => [file, editText(files[file], value)])),
  });

  const snapshot = async (accountId: number, baseRelease: number): Promise<DraftSnapshot> => {
    const seen = await view(db.query, accountId);
    const current = async () => (await releases.info(seen.live))!;
    // Made from another release than the live one (the page's, or the draft's when its files changed since).
    if (baseRelease !== seen.live || (seen.draft && seen.draft.baseRelease !== seen.live))
      return { status: 'stale', current: await current() };
    const changed = changedPaths(seen.liveFiles, seen.files);
    if (changed.length === 0) return { status: 'empty', current: await current() };
    return {
      status: 'ready',
      changes: Object.fromEntries(changed.map((file) => [file, seen.files[file] ?? null])),
      baseRelease: seen.live,
      summary: describeContentChange(seen.liveFiles, seen.files),
    };
  };

  return {
    async project(accountId: number): Promise<EditorProject> {
      const seen = await view(db.query, accountId);
      const files = Object.fromEntries(Object.entries(seen.files).map(([file, text]) => [file, editorFile(text)]));
      return { ...projectSnapshot(root), files, content: contentCatalogue(root, files), release: seen.live, draft: draftInfo(seen) };
    },

    async hashes(accountId: number): Promise<Record<string, string>> {
      const seen = await view(db.query, accountId);
      return Object.fromEntries(Object.entries(seen.files).map(([file, text]) => [file, sha256(text)]));
    },

    /** The texts the account's editor shows (the live release with the draft over it), with `values` written in. */
    async texts(accountId: number, values: Record<string, unknown> = {}): Promise<ContentTexts> {
      return withValues((await view(db.query, accountId)).files, values);
    },

    async check(accountId: number, values: Record<string, unknown>): Promise<Diagnostic[]> {
      return releases.check(withValues((await view(db.query, accountId)).files, values));
    },

    save(accountId: number, files: Record<string, { value: unknown; baseHash: string }>): Promise<SaveOutcome> {
      return db.write(DRAFT_LOCK, async (q) => {
        const seen = await view(q, accountId);
        const conflicts = Object.keys(files).filter((file) => hashOf(seen.files[file]) !== files[file].baseHash);
        if (conflicts.length > 0) return { status: 'conflict', conflicts };
        const texts = withValues(seen.files, Object.fromEntries(Object.entries(files).map(([file, { value }]) => [file, value])));
        const changed = Object.fromEntries(Object.keys(files).map((file) => [file, texts[file]]));
        await writeDraft(q, accountId, {
          files: { ...seen.draft?.files, ...changed },
          baseRelease: seen.draft?.baseRelease ?? seen.live,
          updatedAt: deps.now().toISOString(),
        });
        return {
          status: 'saved',
          files: Object.fromEntries(Object.entries(changed).map(([file, text]) => [file, { hash: sha256(text) }])),
        };
      });
    },

    /** Removes the draft; the paths it changed (empty when there was none). */
    discard(accountId: number): Promise<string[]> {
      return db.write(DRAFT_LOCK, async (q) => {
        const seen = await view(q, accountId);
        await removeDraft(q, accountId);
        return draftInfo(seen)?.changed ?? [];
      });
    },

    async publishStatus(accountId: number): Promise<{
      release: number;
      changed: string[];
      summary: string[];
      waitsForDeploy: DeployWait | null;
      formsWaitForDeploy: DeployNeed[];
    }> {
      const seen = await view(db.query, accountId);
      const info = draftInfo(seen);
      const changed = info?.changed ?? [];
      return {
        release: seen.live,
        changed,
        summary: info?.summary ?? [],
        waitsForDeploy: changed.includes(LAYOUT_FILE) ? deployWait(seen.files[LAYOUT_FILE]) : null,
        // The draft's changed forms that the site's code must have first (server/forms/release-forms.ts).
        formsWaitForDeploy: formChangesNeedingDeploy(
          Object.fromEntries(
            changed.filter((path) => formNameOf(path) !== undefined && path in seen.files).map((path) => [path, seen.files[path]]),
          ),
        ),
      };
    },

    /**
     * What a publish of the account's draft made from `baseRelease` would change (a review request
     * keeps it): stale when made from another release than the live one, empty when it changes nothing.
     */
    snapshot,

    /** Publishes the account's draft made from `baseRelease`; the draft goes once published. */
    async publish(
      accountId: number,
      author: { id: number; name: string; email: string },
      baseRelease: number,
    ): Promise<EditorPublishOutcome> {
      const draft = await snapshot(accountId, baseRelease);
      if (draft.status !== 'ready') return draft;
      const outcome = await releases.publish({ changes: draft.changes, baseRelease: draft.baseRelease, author, source: 'studio' });
      if (outcome.status === 'published') await db.write(DRAFT_LOCK, (q) => removeDraft(q, accountId));
      return outcome;
    },

    /**
     * After a review of the account's draft made from `baseRelease` was published: the draft follows
     * the new live release, keeping only what differs from it (changes made since the request).
     */
    followRelease(accountId: number, baseRelease: number): Promise<void> {
      return db.write(DRAFT_LOCK, async (q) => {
        const draft = await readDraft(q, accountId);
        if (!draft || draft.baseRelease !== baseRelease) return;
        const live = (await liveRelease(repo, q)) ?? 0;
        const liveFiles = withProjectFiles((await releaseFiles(q, live)) ?? {}, root);
        const files = Object.fromEntries(Object.entries(draft.files).filter(([file, text]) => liveFiles[file] !== text));
        if (Object.keys(files).length === 0) await removeDraft(q, accountId);
        else await writeDraft(q, accountId, { ...draft, files, baseRelease: live });
      });
    },
  };
}

export type StudioEditor = ReturnType<typeof createStudioEditor>;
