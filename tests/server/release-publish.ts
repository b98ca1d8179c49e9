import type { FastifyInstance } from 'fastify';
import { announceRelease, CONTENT_RELEASE_META, liveRelease } from '../../server/content/release-watch';
import { run, sql } from '../../server/db';

/**
 * A publish as the contract of content releases has it, for the tests of the live release: the content
 * table changed, a `content_releases` row and the meta `content_release`, in one write transaction,
 * then the announcement on Redis. Here the change is one FAQ's question. Returns the release's number
 * and when its transaction had committed (performance.now()).
 */
export async function publishFaqQuestion(app: FastifyInstance, id: number, question: string, options: { announce?: boolean } = {}) {
  const { db, repo, shared } = app.ctx;
  const release = await db.write('content', async (q) => {
    const number = (await liveRelease(repo, q)) + 1;
    const faq = await repo.get('faqs', id, q);
    if (!faq) throw new Error(`no FAQ ${id}`);
    await run(q, sql`UPDATE content SET body = ${JSON.stringify({ ...faq, question })} WHERE resource = 'faqs' AND id = ${id}`);
    await run(
      q,
      sql`INSERT INTO content_releases (number, files, changed, summary, source, created_at)
          VALUES (${number}, ${JSON.stringify({ 'content/faqs.json': question })}, ${'["content/faqs.json"]'}, ${'[]'}, 'studio', ${new Date().toISOString()})`,
    );
    await repo.setMeta(CONTENT_RELEASE_META, String(number), q);
    return number;
  });
  const committed = performance.now();
  if (options.announce !== false) await announceRelease(shared, release);
  return { release, committed };
}
