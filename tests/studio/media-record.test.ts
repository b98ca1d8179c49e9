import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { insertMedia } from '../../server/content/media-library-store';
import { contentFile, insertRelease, recorder, sh, testDatabase, workTree } from '../server/git-record-helpers';

/** The git record writes the studio's uploaded images that a release names under content/media/. */

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const UPLOADED = 'photo-0badc0de.svg';
const KEPT = 'old-12345678.svg';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg"/>';

describe('the git record and the uploaded images', () => {
  it("adds the uploaded images a release names, leaves the folder's own and the unnamed ones", async () => {
    const db = await testDatabase(cleanups);
    const dir = workTree({ 'content/articles.json': contentFile([]), [`content/media/${KEPT}`]: 'kept' });
    const media = { type: 'image/svg+xml', size: SVG.length, uploadedBy: 'ana@example.ph', createdAt: '2026-12-01T08:00:00.000Z' };
    for (const name of [UPLOADED, KEPT, 'unused-11111111.svg']) await insertMedia(db.query, { ...media, name, bytes: Buffer.from(SVG) });
    const articles = contentFile([
      { id: 1, title: 'One', background_image: { main: `/content-media/${UPLOADED}`, alt: 'A photo' } },
      { id: 2, title: 'Two', background_image: { main: `/content-media/${KEPT}`, alt: 'Old' } },
    ]);
    await insertRelease(db, 1, { files: { 'content/articles.json': articles } });
    await recorder({ db, dir }).pass();

    expect(sh(dir, 'show', '--name-status', '--format=', 'HEAD').trim().split('\n').sort()).toEqual([
      'A\tcontent/.release',
      `A\tcontent/media/${UPLOADED}`,
      'M\tcontent/articles.json',
    ]);
    expect(readFileSync(join(dir, 'content/media', UPLOADED), 'utf8')).toBe(SVG);
    expect(readFileSync(join(dir, 'content/media', KEPT), 'utf8')).toBe('kept');
  });
});
