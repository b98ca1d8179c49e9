import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../domain/html';
import { headHtml, pageHead } from '../../src/app/head';
import { pages, site } from '../../src/lib/site';

/** The head tags of a server-rendered page (src/app/head.ts), from the config and the public URL. */

const home = pages.find((page) => page.path === '/');
const login = pages.find((page) => page.name === 'Login');
const publicUrl = 'https://www.bantaydoc.example';

describe('head tags', () => {
  it('has the title, the description, the canonical URL and Open Graph tags of a page', () => {
    if (!home) throw new Error('no home page');
    const head = pageHead(home, { publicUrl, pathname: '/', canonical: true });
    expect(head.title).toBe('Bantay Doc — Unlimited teleconsultation | Bantay Doc');
    expect(head.description).toContain('licensed doctor');
    expect(head.canonical).toBe('https://www.bantaydoc.example/');
    expect(head.image).toBe('https://www.bantaydoc.example/og-image.png');
    expect(head.lang).toBe('en');
    const html = headHtml(head);
    expect(html).toContain('<title>Bantay Doc — Unlimited teleconsultation | Bantay Doc</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.bantaydoc.example/" />');
    expect(html).toContain('<meta property="og:title" content="Bantay Doc — Unlimited teleconsultation | Bantay Doc" />');
    expect(html).toContain('<meta property="og:url" content="https://www.bantaydoc.example/" />');
    expect(html).toContain('<meta property="og:image" content="https://www.bantaydoc.example/og-image.png" />');
  });

  it("describes the site's share image for link previews: size, text alternative and a large Twitter card", () => {
    if (!home) throw new Error('no home page');
    const head = pageHead(home, { publicUrl, pathname: '/', canonical: true });
    const html = headHtml(head);
    const alt = 'The Bantay Doc logo, a white cross on a blue tile, and the name Bantay Doc';
    for (const tag of [
      '<meta property="og:image:width" content="1200" />',
      '<meta property="og:image:height" content="630" />',
      `<meta property="og:image:alt" content="${alt}" />`,
      '<meta name="twitter:card" content="summary_large_image" />',
      '<meta name="twitter:title" content="Bantay Doc — Unlimited teleconsultation | Bantay Doc" />',
      `<meta name="twitter:description" content="${escapeHtml(head.description)}" />`,
      '<meta name="twitter:image" content="https://www.bantaydoc.example/og-image.png" />',
      `<meta name="twitter:image:alt" content="${alt}" />`,
    ]) {
      expect(html).toContain(tag);
    }
  });

  it("gives a page's own image without the site image's size and text", () => {
    if (!home) throw new Error('no home page');
    const head = pageHead({ ...home, image: '/content-images/{short}.png' }, { publicUrl, pathname: '/', canonical: true });
    expect(head).toMatchObject({ image: 'https://www.bantaydoc.example/content-images/bantaydoc.png' });
    expect(head.imageWidth).toBeUndefined();
    expect(head.imageAlt).toBeUndefined();
    const html = headHtml(head);
    expect(html).toContain('<meta name="twitter:image" content="https://www.bantaydoc.example/content-images/bantaydoc.png" />');
    expect(html).not.toContain('og:image:width');
    expect(html).not.toContain('image:alt');
  });

  it('writes a small Twitter card and no image tags without an image', () => {
    const html = headHtml({ lang: 'en', title: 'T', description: 'D', imageWidth: 1200, imageHeight: 630, imageAlt: 'A' });
    expect(html).toContain('<meta name="twitter:card" content="summary" />');
    expect(html).not.toContain('image');
  });

  it("falls back to the site's description, and a not-found page has no canonical URL", () => {
    if (!login) throw new Error('no login page');
    const head = pageHead(login, { publicUrl, pathname: '/404', canonical: false });
    expect(head.description).toBe(site.seo?.description.replace('{product}', 'Bantay Doc'));
    expect(head.canonical).toBeUndefined();
    expect(headHtml(head)).not.toContain('canonical');
  });

  it('escapes what it writes', () => {
    const html = headHtml({ lang: 'en', title: '<script>alert(1)</script>', description: 'a "quoted" & <b>bold</b>' });
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
    expect(html).toContain('content="a &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;"');
    expect(html).not.toContain('<script>');
  });
});
