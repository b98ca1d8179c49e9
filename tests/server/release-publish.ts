import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { announceRelease, CONTENT_RELEASE_META, liveRelease } from '../../server/content/release-watch';
import { run, sql } from '../../server/db';
import { tempDir } from './helpers';

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

/**
 * A stand-in server bundle (tests/server/render.test.ts explains the contract): a page shows the
 * question of the FAQ whose id is its path ('/faq/2'), read from the server's API as the site does;
 * '/slow/…' has read its data when it calls globalThis.slowRender.read, and ends when the test
 * resolves globalThis.slowRender.finish.
 */
const ENTRY = `
export const BUILT_API_ORIGIN = '';
export async function cachedAs(href) { return { key: new URL(href, 'http://localhost').pathname }; }
export function headHtml(head) { return '<title>' + head.title + '</title>'; }
export async function renderNotFound() { throw new Error('not used'); }
export async function render(href, options) {
  const path = new URL(href, 'http://localhost').pathname;
  const faqs = (await (await options.fetch(options.apiBaseUrl + '/api/v1/faqs')).json()).data;
  if (path.startsWith('/slow/')) {
    globalThis.slowRender.read();
    await globalThis.slowRender.finish;
  }
  const faq = faqs.find((item) => String(item.id) === path.split('/').pop());
  return {
    kind: 'page', status: 200, head: { lang: 'en', title: path, description: '' }, styles: '',
    blocks: ['faq'], scriptBlocks: [], pageKey: 'p0', data: { fallback: {}, notFound: false }, failed: 0,
    pipe: (destination) => { destination.write('<p>' + faq.question + '</p>'); destination.end(); },
  };
}
`;
const INDEX =
  '<!doctype html>\n<html lang="en">\n<head><title>Site</title>\n<script type="module" crossorigin src="/assets/index-1.js"></script>\n</head>\n<body><div id="root"></div></body></html>';

/** A built site of the stand-in bundle, in a new temp folder (the caller removes it). */
export function faqSite(): string {
  const dir = tempDir('telmed-release-');
  mkdirSync(join(dir, '.ssr'));
  writeFileSync(join(dir, 'index.html'), INDEX);
  writeFileSync(join(dir, '.ssr', 'entry-server.js'), ENTRY);
  return dir;
}
