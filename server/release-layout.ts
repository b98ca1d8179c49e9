import { createHash } from 'node:crypto';
import { isObject } from '../domain/guards';
import { layoutDifference, parseLayout, type PageLayout } from '../domain/page-layout';
import { PROJECT_PATHS } from '../scripts/lib/project';
import { releaseFiles } from './content/release-rows';
import type { Queryable } from './db';

/**
 * Which sections a server render uses: the build's, or those a content release's (or a draft's)
 * pages.config.json changes. Only a page's sections come from the release (props, order, sections
 * added or removed, of any block type the build has). The route table and the site settings are in
 * the browser's bundle, so a release that changes either waits for the next deploy: its whole layout
 * is the build's until then, never a mix of the two.
 */

/** The project file that holds the layout, in a release's set of files. */
export const LAYOUT_FILE = PROJECT_PATHS.config;

/** Sections by page key that replace the build's (the SSR bundle's RenderOptions.sections). */
export type ChangedSections = Readonly<Record<string, unknown>>;

/** The layout the SSR bundle was built with (its export builtLayout). */
export type BuiltLayout = Pick<PageLayout, 'site' | 'pages' | 'sections'> & { blockTypes: string[] };

/** Why a layout other than the build's is not used. */
export type KeptReason = 'unreadable' | 'routes' | 'settings' | 'blocks';

export type LayoutChoice =
  /** `sections` replace the build's (undefined: the layout is the build's). */
  | { sections: ChangedSections | undefined }
  /** The build's whole layout stays, for `reason`. */
  | { sections: undefined; kept: KeptReason };

export interface Layouts {
  /** The sections a render of the layout `text` uses; none (no pages.config.json): the build's. */
  choose(text: string | undefined): LayoutChoice;
}

/** Layouts worked out and kept (by their text's hash): the same text gives the same sections object. */
const KEPT_TEXTS = 8;

/** Every changed section an object of a block type the build has. */
function knownBlocks(sections: Record<string, unknown>, types: ReadonlySet<string>): boolean {
  return Object.values(sections).every(
    (list) =>
      Array.isArray(list) && list.every((section) => isObject(section) && typeof section.type === 'string' && types.has(section.type)),
  );
}

function choice(built: BuiltLayout, types: ReadonlySet<string>, text: string | undefined): LayoutChoice {
  if (text === undefined) return { sections: undefined };
  const layout = parseLayout(text);
  if (!layout) return { sections: undefined, kept: 'unreadable' };
  const difference = layoutDifference({ ...built, blocks: {} }, layout);
  if (difference.routes) return { sections: undefined, kept: 'routes' };
  if (difference.site) return { sections: undefined, kept: 'settings' };
  if (!knownBlocks(difference.sections, types)) return { sections: undefined, kept: 'blocks' };
  return { sections: Object.keys(difference.sections).length > 0 ? difference.sections : undefined };
}

/** The layouts of releases and drafts next to the build's `built`. */
export function createLayouts(built: BuiltLayout): Layouts {
  const types = new Set(built.blockTypes);
  const kept = new Map<string, LayoutChoice>();
  return {
    choose(text) {
      if (text === undefined) return { sections: undefined };
      const key = createHash('sha1').update(text).digest('hex');
      const known = kept.get(key);
      if (known) return known;
      const chosen = choice(built, types, text);
      kept.set(key, chosen);
      if (kept.size > KEPT_TEXTS) kept.delete(kept.keys().next().value as string);
      return chosen;
    },
  };
}

/** The pages.config.json text of release `n` (undefined: the release has none, or there is no such release). */
async function releaseLayoutText(q: Queryable, n: number): Promise<string | undefined> {
  if (n <= 0) return undefined;
  const text = (await releaseFiles(q, n))?.[LAYOUT_FILE];
  return typeof text === 'string' ? text : undefined;
}

/** Reads of a release's layout tried (a moment apart) before the switch to the release fails. */
const READ_ATTEMPTS = 3;
const RETRY_MS = 300;

/** `read` again after a failure, READ_ATTEMPTS times in all: the switch to a release waits for its layout. */
async function withRetries<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= READ_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS * attempt));
    }
  }
}

const KEPT_WARNINGS: Record<KeptReason, string> = {
  unreadable: "content release: its pages.config.json cannot be read; the pages keep the build's layout",
  routes: "content release: its pages.config.json changes the route table; the pages keep the build's layout until the next deploy",
  settings: "content release: its pages.config.json changes the site settings; the pages keep the build's layout until the next deploy",
  blocks: "content release: its pages.config.json uses a block this build has not; the pages keep the build's layout until the next deploy",
};

/**
 * The sections the pages of release `n` render with (none: the build's), from its pages.config.json
 * in the database. A layout that cannot be used is logged as a warning: call it once per release.
 * A database that cannot be read fails it (the instance keeps serving the release it has).
 */
export async function releaseSections(
  q: Queryable,
  layouts: Layouts | null,
  n: number,
  log: { warn: (details: object, message: string) => void },
): Promise<ChangedSections | undefined> {
  if (!layouts) return undefined;
  const chosen = layouts.choose(await withRetries(() => releaseLayoutText(q, n)));
  if ('kept' in chosen) log.warn({ release: n, reason: chosen.kept }, KEPT_WARNINGS[chosen.kept]);
  return chosen.sections;
}
