import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { headHtml } from '../../src/app/head';
import { ContentImage } from '../../src/lib/ContentImage';
import { ImagePreloads, type ImagePreload } from '../../src/lib/image-preload';

const PHOTO = '/content-media/home-banner-32b06228.jpg';
const srcset = (format: string) => [320, 640, 960, 1280, 1600].map((w) => `${PHOTO}/${w}.${format} ${w}w`).join(', ');

describe('ContentImage', () => {
  it('renders a content/media photo as a picture of its AVIF and WebP variants, sized, with its alt', () => {
    const html = renderToStaticMarkup(
      <ContentImage
        image={{ main: PHOTO, alt: 'A clinic at dusk' }}
        className="c"
        width={1600}
        height={600}
        sizes="100vw"
        priority="lazy"
      />,
    );
    expect(html).toBe(
      `<picture class="content-picture"><source type="image/avif" srcSet="${srcset('avif')}" sizes="100vw"/>` +
        `<source type="image/webp" srcSet="${srcset('webp')}" sizes="100vw"/>` +
        `<img class="c" src="${PHOTO}" alt="A clinic at dusk" width="1600" height="600" decoding="async" loading="lazy"/></picture>`,
    );
  });

  it('renders an SVG or another URL as the plain img it was', () => {
    const html = renderToStaticMarkup(
      <ContentImage image={{ main: '/content-images/banner-home.svg' }} width={1600} height={600} priority="high" />,
    );
    expect(html).not.toContain('<picture');
    expect(html).toContain(
      '<img src="/content-images/banner-home.svg" alt="" width="1600" height="600" decoding="async" loading="eager" fetchPriority="high"/>',
    );
    expect(
      renderToStaticMarkup(<ContentImage image={{ main: '/content-media/logo-0badc0de.svg' }} width={10} height={10} />),
    ).not.toContain('<picture');
  });

  it('a given alt wins over the image’s own (a decorative banner says "")', () => {
    expect(renderToStaticMarkup(<ContentImage image={{ main: PHOTO, alt: 'x' }} alt="" width={1} height={1} />)).toContain('alt=""');
  });

  it('collects the first priority="high" photo for the head to preload', () => {
    const preloads: ImagePreload[] = [];
    renderToStaticMarkup(
      <ImagePreloads.Provider value={preloads}>
        <ContentImage image={{ main: PHOTO }} width={1600} height={600} sizes="100vw" priority="high" />
        <ContentImage image={{ main: '/content-media/second-12345678.png' }} width={1600} height={600} priority="high" />
      </ImagePreloads.Provider>,
    );
    expect(preloads).toEqual([{ href: PHOTO, srcSet: srcset('avif'), sizes: '100vw', type: 'image/avif' }]);
    expect(headHtml({ lang: 'en', title: 'Home', description: '', preloadImages: preloads })).toContain(
      `<link rel="preload" as="image" imagesrcset="${srcset('avif')}" imagesizes="100vw" type="image/avif" fetchpriority="high" />`,
    );
  });
});
