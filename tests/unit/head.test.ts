import { describe, expect, it } from 'vitest';
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
    expect(head.image).toBe('https://www.bantaydoc.example/logo.svg');
    expect(head.lang).toBe('en');
    const html = headHtml(head);
    expect(html).toContain('<title>Bantay Doc — Unlimited teleconsultation | Bantay Doc</title>');
    expect(html).toContain('<link rel="canonical" href="https://www.bantaydoc.example/" />');
    expect(html).toContain('<meta property="og:title" content="Bantay Doc — Unlimited teleconsultation | Bantay Doc" />');
    expect(html).toContain('<meta property="og:url" content="https://www.bantaydoc.example/" />');
    expect(html).toContain('<meta property="og:image" content="https://www.bantaydoc.example/logo.svg" />');
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
