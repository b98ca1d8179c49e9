import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProject } from '../../scripts/lib/validate-project';
import { mediaName } from '../../server/images/check';
import { SVG_CSS_TRICKS } from '../server/files';
import { copyRepoInputs, positionOf, REPO, removeProjects } from './helpers';

/** `npm run validate` on the content's images (scripts/lib/images.ts), on a copy of the repository's inputs. */

afterAll(removeProjects);

const SLIDERS = 'content/home-sliders.json';
const BANNER = (JSON.parse(readFileSync(path.join(REPO, SLIDERS), 'utf8')) as { items: Array<{ background_image: { main: string } }> })
  .items[0].background_image.main;
const diagnostics = (root: string) => checkProject(root).diagnostics.filter((d) => d.file.startsWith('content/'));

describe('validate: content/media images', () => {
  it("passes the repository's images (the home banner is one)", () => {
    expect(BANNER).toMatch(/^\/content-media\/home-banner-[0-9a-f]{8}\.jpg$/);
    expect(diagnostics(copyRepoInputs())).toEqual([]);
  });

  it('reports a missing image where the content names it', () => {
    const root = copyRepoInputs((p) => p.replace(SLIDERS, BANNER, '/content-media/gone-12345678.jpg'));
    expect(diagnostics(root)).toEqual([
      {
        file: SLIDERS,
        ...positionOf(root, SLIDERS, '"/content-media/gone-12345678.jpg"'),
        pointer: '/items/0/background_image/main',
        message: 'content/media/gone-12345678.jpg does not exist: add the file, or name one that does',
      },
    ]);
  });

  it('reports an image over the limit, an SVG with a script, and a name whose hash is not its own', async () => {
    const big = Buffer.concat([
      await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
        .jpeg()
        .toBuffer(),
      Buffer.alloc(9 * 1024 * 1024),
    ]);
    const bigName = mediaName('big', 'jpeg', big);
    const evil = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const evilName = mediaName('evil', 'svg', evil);
    const root = copyRepoInputs((p) => {
      p.write(`content/media/${bigName}`, big as unknown as string);
      p.write(`content/media/${evilName}`, evil.toString());
      p.write('content/media/renamed-00000000.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      p.replace(SLIDERS, BANNER, `/content-media/${bigName}`);
      p.replace(SLIDERS, '/content-images/banner-home-2.svg', `/content-media/${evilName}`);
      // The first article's image (with alt text, so that only its name is wrong).
      p.write(
        'content/articles.json',
        p.read('content/articles.json').replace(/"main": "[^"]+"/, '"main": "/content-media/renamed-00000000.svg", "alt": "A drawing"'),
      );
    });
    expect(diagnostics(root).map((d) => [d.file, d.pointer, d.message])).toEqual([
      [
        'content/articles.json',
        '/items/0/background_image/main',
        expect.stringMatching(
          /^content\/media\/renamed-00000000\.svg does not match the hash in its name: rename it renamed-[0-9a-f]{8}\.svg$/,
        ),
      ],
      [SLIDERS, '/items/0/background_image/main', `content/media/${bigName}: This image is 9 MB; the limit is 8 MB.`],
      [SLIDERS, '/items/1/background_image/main', `content/media/${evilName}: This SVG contains a script, so it cannot be used.`],
    ]);
  });

  it('reports each SVG whose CSS refers to another file (escapes, comments, character references), where it is named', () => {
    const names = SVG_CSS_TRICKS.map(([, bytes], i) => mediaName(`trick-${i}`, 'svg', bytes));
    const root = copyRepoInputs((p) => {
      SVG_CSS_TRICKS.forEach(([, bytes], i) => p.write(`content/media/${names[i]}`, bytes.toString()));
      let next = 0;
      p.write(
        'content/articles.json',
        p
          .read('content/articles.json')
          .replace(/"main": "[^"]+"/g, (main) =>
            next < names.length ? `"main": "/content-media/${names[next++]}", "alt": "A drawing"` : main,
          ),
      );
    });
    expect(diagnostics(root).map((d) => [d.file, d.pointer, d.message])).toEqual(
      SVG_CSS_TRICKS.map(([, , message], i) => [
        'content/articles.json',
        `/items/${i}/background_image/main`,
        `content/media/${names[i]}: ${message}`,
      ]),
    );
  });

  it('asks for alt text on an article image of content/media', () => {
    const root = copyRepoInputs((p) => {
      p.write('content/articles.json', p.read('content/articles.json').replace(/"main": "[^"]+"/, `"main": "${BANNER}"`));
    });
    expect(diagnostics(root).map((d) => [d.pointer, d.message])).toEqual([
      ['/items/0/background_image', 'this image carries meaning: add "alt", a short text saying what it shows'],
    ]);
  });
});
