import { readProduct } from '../product';
import { ROOT_DIR } from '../root';
import { ContentError } from '../content/follow';
import { startContent } from '../content/start';
import { Repo } from '../repo';
import { seedMode } from '../seed';
import { OpsError, openOperatorDatabase } from './cli';

/**
 * Brings an existing database to the content files now, as a start does (the start rule of
 * server/content/start.ts: the files become the next release unless the studio published after
 * them), while the server keeps running on it: its API reads the new content at once, its
 * pages once their cached HTML is older than HTML_CACHE_SECONDS. The database's recorded mode says
 * whether the demo's files (content/demo/) belong to it. `database`: the SQLite file, or a
 * PostgreSQL URL (DATABASE_URL); one of this version, never created or migrated here
 * (openOperatorDatabase). Returns the log lines.
 */
export async function syncDatabase(database: string, options: { root?: string; now?: Date } = {}): Promise<string[]> {
  const { db, where, close } = await openOperatorDatabase(database, { write: true });
  try {
    const repo = new Repo(db);
    const mode = await seedMode(repo);
    if (mode === undefined) throw new OpsError(`${where} has no content yet: start the server once, which creates it from the files.`);
    const root = options.root ?? ROOT_DIR;
    const now = options.now ?? new Date();
    const demo = mode === 'demo';
    try {
      return await startContent({ repo, root, demo, product: readProduct(`${root}/pages.config.json`), now });
    } catch (error) {
      if (error instanceof ContentError) throw new OpsError(error.message);
      throw error;
    }
  } finally {
    await close();
  }
}
