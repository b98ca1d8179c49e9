import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { one, run, sql } from '../../server/db';
import { CONTENT_RELEASE_META } from '../../server/content/release-watch';
import { createContentReleases, type ContentReleases } from '../../server/content/releases';
import { RELEASE_MARK } from '../../server/content/release-content';
import { dropDatabaseOf, getJson, startServer, tempDir, type Items } from './helpers';

/**
 * Content releases: a publish passes the gate and writes the content, its row and the live number in
 * one transaction; one made from an older release is refused; and the start rule between the files
 * on disk and the releases of the database.
 */

const ROOT = resolve(__dirname, '../..');
const PLANS = 'content/shop-plans.json';
const LAYOUT = 'pages.config.json';
const AUTHOR = { id: 1, name: 'Ana Editor', email: 'ana@studio.example' };

const cleanups: Array<() => void | Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** A copy of the project's content files and schemas, to change as a developer would. */
function contentCopy(): string {
  const root = tempDir('telmed-releases-');
  cpSync(join(ROOT, 'content'), join(root, 'content'), { recursive: true, filter: (src) => !src.includes('/media') });
  cpSync(join(ROOT, 'schemas'), join(root, 'schemas'), { recursive: true });
  cleanups.push(() => rmSync(root, { recursive: true, force: true }));
  return root;
}

/** A plans file's text with the first plan at `price`. */
function plansAt(text: string, price: number): string {
  const data = JSON.parse(text) as { items: Array<{ price: number }> };
  data.items[0].price = price;
  return `${JSON.stringify(data, null, 2)}\n`;
}

/** A data folder (and its database) several starts share, removed after the test. */
function keptDataDir(): string {
  const dataDir = tempDir();
  cleanups.push(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    await dropDatabaseOf(dataDir);
  });
  return dataDir;
}

async function server(options: { root?: string; dataDir?: string; logs?: string[] } = {}) {
  const dataDir = options.dataDir ?? tempDir();
  const started = await startServer({
    dataDir,
    ...(options.root ? { contentRoot: options.root } : {}),
    ...(options.logs
      ? { logger: 'info' as const, logStream: { write: (line: string) => options.logs!.push((JSON.parse(line) as { msg: string }).msg) } }
      : {}),
  });
  // The account that publishes (a release names its author's account).
  await run(
    started.app.ctx.db.query,
    sql`INSERT INTO studio_accounts (id, email, roles, created_at) VALUES (${AUTHOR.id}, ${AUTHOR.email}, '["editor"]', '2026-01-01T00:00:00Z')
        ON CONFLICT (id) DO NOTHING`,
  );
  if (!options.dataDir) {
    cleanups.push(async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await dropDatabaseOf(dataDir);
    });
  }
  return { ...started, dataDir };
}

function releasesOf(
  app: Awaited<ReturnType<typeof server>>['app'],
  root: string,
  gate: 'project' | 'content' = 'content',
): ContentReleases {
  const { db, repo, shared, demo, product, now } = app.ctx;
  const releases = createContentReleases({ db, repo, shared, root, demo, product, now, ...(gate === 'content' ? { gate: null } : {}) });
  cleanups.push(() => releases.close());
  return releases;
}

const priceServed = async (app: Awaited<ReturnType<typeof server>>['app']) =>
  ((await getJson(app, '/api/v1/shop-plans')).body as { data: Items }).data[0].price;
const liveMeta = async (app: Awaited<ReturnType<typeof server>>['app']) => app.ctx.repo.getMeta(CONTENT_RELEASE_META);
const rowCount = async (app: Awaited<ReturnType<typeof server>>['app']) =>
  (await one<{ n: number }>(app.ctx.db.query, sql`SELECT CAST(count(*) AS INTEGER) AS n FROM content_releases`))!.n;

describe('publishing a release', () => {
  it('makes the change live in one release: its row, the live number, the content served', async () => {
    const site = await server();
    cleanups.push(() => site.app.close());
    const releases = releasesOf(site.app, ROOT);
    expect(await releases.current()).toBe(1);
    expect((await releases.info(1))!.source).toBe('files');
    const before = (await releases.files(1))[PLANS];

    const outcome = await releases.publish({
      changes: { [PLANS]: plansAt(before, 1799) },
      baseRelease: 1,
      author: AUTHOR,
      source: 'studio',
    });
    expect(outcome.status).toBe('published');
    const release = (outcome as { release: { number: number; changed: string[]; summary: string[]; authorName: string } }).release;
    expect(release).toMatchObject({ number: 2, changed: [PLANS], authorName: 'Ana Editor' });
    expect(release.summary.length).toBeGreaterThan(0);
    expect(await liveMeta(site.app)).toBe('2');
    expect(await priceServed(site.app)).toBe(1799);
    expect((await releases.files(2))[PLANS]).toBe(plansAt(before, 1799));
    expect(await releases.list({ limit: 5 })).toMatchObject([{ number: 2 }, { number: 1 }]);
    expect(await releases.list({ before: 2, limit: 5 })).toMatchObject([{ number: 1 }]);
  });

  it('refuses a publish made from an older release, naming the one in between; nothing is written', async () => {
    const site = await server();
    cleanups.push(() => site.app.close());
    const releases = releasesOf(site.app, ROOT);
    const text = (await releases.files(1))[PLANS];
    await releases.publish({ changes: { [PLANS]: plansAt(text, 1799) }, baseRelease: 1, author: AUTHOR, source: 'studio' });

    const late = await releases.publish({
      changes: { [PLANS]: plansAt(text, 999) },
      baseRelease: 1,
      author: { ...AUTHOR, name: 'Ben' },
      source: 'studio',
    });
    expect(late).toMatchObject({ status: 'stale', current: { number: 2, authorName: 'Ana Editor' } });
    expect(await rowCount(site.app)).toBe(2);
    expect(await priceServed(site.app)).toBe(1799);
  });

  it('refuses content with problems (the project gate), each with its file and pointer', async () => {
    const site = await server();
    cleanups.push(() => site.app.close());
    const releases = releasesOf(site.app, ROOT, 'project');
    const data = JSON.parse((await releases.files(1))['content/articles.json']) as { items: Array<Record<string, unknown>> };
    delete data.items[0].title;
    const outcome = await releases.publish({
      changes: { 'content/articles.json': JSON.stringify(data, null, 2) },
      baseRelease: 1,
      author: AUTHOR,
      source: 'studio',
    });
    expect(outcome.status).toBe('invalid');
    const problems = (outcome as { problems: Array<{ file: string; pointer: string; message: string }> }).problems;
    expect(problems).toContainEqual(expect.objectContaining({ file: 'content/articles.json', pointer: '/items/0' }));
    expect(problems.some((problem) => /title/.test(problem.message))).toBe(true);
    expect(await rowCount(site.app)).toBe(1);
  }, 60_000);

  it('leaves no release and the old content when the transaction fails part-way', async () => {
    const site = await server();
    cleanups.push(() => site.app.close());
    const releases = releasesOf(site.app, ROOT);
    const text = (await releases.files(1))[PLANS];
    const insert = vi.spyOn(site.app.ctx.repo, 'insert').mockRejectedValueOnce(new Error('disk full'));
    await expect(
      releases.publish({ changes: { [PLANS]: plansAt(text, 1799) }, baseRelease: 1, author: AUTHOR, source: 'studio' }),
    ).rejects.toThrow('disk full');
    insert.mockRestore();
    expect(await rowCount(site.app)).toBe(1);
    expect(await liveMeta(site.app)).toBe('1');
    expect(await priceServed(site.app)).toBe(1499);
  });
});

describe('the start rule', () => {
  it("takes in a developer's change of the files as the next release", async () => {
    const root = contentCopy();
    const dataDir = keptDataDir();
    const first = await server({ root, dataDir });
    await first.app.close();
    writeFileSync(join(root, PLANS), plansAt(readFileSync(join(root, PLANS), 'utf8'), 1899));

    const logs: string[] = [];
    const second = await server({ root, dataDir, logs });
    cleanups.push(() => second.app.close());
    expect(await liveMeta(second.app)).toBe('2');
    expect(await priceServed(second.app)).toBe(1899);
    expect(logs).toContainEqual(expect.stringMatching(/^content: release 2 made from the files/));
    const row = await one<{ source: string; changed: string }>(
      second.app.ctx.db.query,
      sql`SELECT source, changed FROM content_releases WHERE number = 2`,
    );
    expect(row).toEqual({ source: 'files', changed: JSON.stringify([PLANS]) });
  });

  it('keeps a studio release newer than the files, and takes files that name it as their base', async () => {
    const root = contentCopy();
    const dataDir = keptDataDir();
    const first = await server({ root, dataDir });
    const releases = releasesOf(first.app, root);
    const text = (await releases.files(1))[PLANS];
    await releases.publish({ changes: { [PLANS]: plansAt(text, 1799) }, baseRelease: 1, author: AUTHOR, source: 'studio' });
    releases.close();
    await first.app.close();
    // An older deploy's files, changed elsewhere: the studio's release is newer and stays live.
    writeFileSync(
      join(root, 'content/jobs.json'),
      readFileSync(join(root, 'content/jobs.json'), 'utf8').replace(/"title": "/, '"title": "Old '),
    );

    const logs: string[] = [];
    const second = await server({ root, dataDir, logs });
    expect(await liveMeta(second.app)).toBe('2');
    expect(await priceServed(second.app)).toBe(1799);
    expect(logs).toContainEqual(expect.stringMatching(/^content: release 2 of the studio kept: it is newer than the files \(release 1/));
    await second.app.close();

    // The git record's files of release 2, changed by a developer: the next release.
    writeFileSync(join(root, PLANS), plansAt(text, 1799));
    writeFileSync(join(root, RELEASE_MARK), '2\n');
    const third = await server({ root, dataDir });
    cleanups.push(() => third.app.close());
    expect(await liveMeta(third.app)).toBe('3');
    const jobs = ((await getJson(third.app, '/api/v1/jobs')).body as { data: Items }).data;
    expect(String(jobs[0].title)).toMatch(/^Old /);
  });
});

describe("a release's pages.config.json", () => {
  it("is the project's until the studio changes it; a developer's later change is the next release", async () => {
    const root = contentCopy();
    cpSync(join(ROOT, LAYOUT), join(root, LAYOUT));
    const dataDir = keptDataDir();
    const first = await server({ root, dataDir });
    const releases = releasesOf(first.app, root);
    const layout = (await releases.files(1))[LAYOUT];
    expect(layout).toBe(readFileSync(join(root, LAYOUT), 'utf8'));
    const changed = layout.replace('"title": "Telemedicine Center"', '"title": "Visit us"');
    const published = await releases.publish({ changes: { [LAYOUT]: changed }, baseRelease: 1, author: AUTHOR, source: 'studio' });
    expect(published).toMatchObject({ status: 'published', release: { number: 2, changed: [LAYOUT] } });
    expect((published as { release: { summary: string[] } }).release.summary).toEqual(['Pages: Contact: Contact info changed']);
    releases.close();
    await first.app.close();

    // The deploy's files are older than the studio's release: its layout stays live.
    const second = await server({ root, dataDir });
    expect(await liveMeta(second.app)).toBe('2');
    await second.app.close();

    // The git record's files of release 2, with a developer's change of the layout: the next release.
    writeFileSync(join(root, LAYOUT), changed.replace('"title": "Visit us"', '"title": "Find us"'));
    writeFileSync(join(root, RELEASE_MARK), '2\n');
    const third = await server({ root, dataDir });
    cleanups.push(() => third.app.close());
    expect(await liveMeta(third.app)).toBe('3');
    const row = await one<{ source: string; changed: string }>(
      third.app.ctx.db.query,
      sql`SELECT source, changed FROM content_releases WHERE number = 3`,
    );
    expect(row).toEqual({ source: 'files', changed: JSON.stringify([LAYOUT]) });
  });
});
