import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { createReleaseForms, NO_CHANGES, type ReleaseForms } from '../forms/release-forms';
import type { PageRenderer } from '../render';
import { DEFAULT_RELEASE_POLL_MS, watchReleases } from './release-watch';
import { releaseFiles } from './release-rows';
import { createContentReleases } from './releases';
import { registerScheduler } from './scheduler';

/** The content releases as one instance serves them: the live release's forms, its number, and the stop of both. */
export interface ServedReleases {
  releaseForms: ReleaseForms;
  /** The newest release this instance knows of. */
  current(): number;
  /** Stops the scheduler (a run under way finishes) and the watch of new releases. */
  close(): Promise<void>;
}

/**
 * Serves the content releases on one instance. A new release reaches it by Redis at once, or by its
 * own read of the database; its forms and its pages switch together. Scheduled content changes are
 * published at their time by whichever instance claims them first, from the moment the server is ready.
 */
export async function serveReleases(
  app: FastifyInstance,
  options: {
    ctx: ServerContext;
    /** The project whose content files the releases hold. */
    root: string;
    /** The built site, whose forms a release's are compared with. */
    staticDir?: string;
    /** How often the instance reads the live release itself (ms; default DEFAULT_RELEASE_POLL_MS). */
    releasePollMs?: number;
    /** How often the instance looks for due scheduled changes (ms; default: server/content/scheduler.ts). */
    schedulePollMs?: number;
    /** The page renderer, once made (none before, nor without a built site). */
    pages: () => PageRenderer | null;
  },
): Promise<ServedReleases> {
  const { ctx, root } = options;
  // A release's forms that differ from the build's are compiled before the release is served
  // (server/forms/release-forms.ts); its forms and its pages switch together.
  const releaseForms = createReleaseForms({ product: ctx.product, staticDir: options.staticDir, log: app.log, root });
  let formsOfRelease = -1;
  const prepareForms = async (release: number) => {
    const texts = release > 0 ? await releaseFiles(ctx.db.query, release) : undefined;
    return texts ? releaseForms.prepare(texts) : NO_CHANGES;
  };
  // A new content release reaches this instance by Redis at once, or by its own read of the database.
  const releases = await watchReleases({
    repo: ctx.repo,
    shared: ctx.shared,
    pollMs: options.releasePollMs ?? DEFAULT_RELEASE_POLL_MS,
    // The release's forms are compiled and its layout read before its pages are served
    // (server/forms/release-forms.ts, render.ts showRelease).
    onRelease: async (release) => {
      const forms = await prepareForms(release);
      formsOfRelease = release;
      releaseForms.use(forms);
      await options.pages()?.showRelease(release);
      app.log.info({ release }, 'content release: now serving it');
    },
    log: app.log,
  });
  {
    const first = releases.current();
    const forms = await prepareForms(first);
    // Unless a newer release came meanwhile.
    if (formsOfRelease < first) releaseForms.use(forms);
  }
  // Scheduled content changes are published at their time by whichever instance claims them first.
  const stopScheduler = registerScheduler(app, {
    db: ctx.db,
    releases: () => createContentReleases({ ...ctx, root }),
    log: app.log,
    now: ctx.now,
    onFailure: () => ctx.metrics.contentScheduleFailures.inc(),
    pollMs: options.schedulePollMs,
  });
  return {
    releaseForms,
    current: () => releases.current(),
    async close() {
      await stopScheduler();
      await releases.close();
    },
  };
}
