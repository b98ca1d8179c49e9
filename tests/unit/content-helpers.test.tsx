// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { looksLikeHtml, Paragraphs, splitParagraphs } from '../../src/lib/Paragraphs';

describe('plain-text descriptions', () => {
  it('splits paragraphs on blank lines', () => {
    expect(splitParagraphs('One.\n\nTwo\nlines.\r\n  \r\nThree. ')).toEqual(['One.', 'Two\nlines.', 'Three.']);
    expect(splitParagraphs('')).toEqual([]);
  });

  it('renders plain text as paragraphs and HTML sanitised', () => {
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    const plain = render(<Paragraphs text={'First.\n\nSecond.'} />);
    expect([...plain.container.querySelectorAll('p')].map((p) => p.textContent)).toEqual(['First.', 'Second.']);
    const html = render(<Paragraphs text={'<p>Safe</p><img src="x" onerror="alert(1)"><script>alert(2)</script>'} />);
    expect(html.container.querySelector('script')).toBeNull();
    expect(html.container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(html.container.textContent).toContain('Safe');
  });
});

describe('smart links', () => {
  it('routes in-app paths, keeps in-page anchors in the tab and opens other sites in a new tab', async () => {
    const { MemoryRouter } = await import('react-router');
    const { SmartLink } = await import('../../src/lib/SmartLink');
    const { container } = render(
      <MemoryRouter>
        <SmartLink href="/shop">Shop</SmartLink>
        <SmartLink href="#promo">Promo</SmartLink>
        <SmartLink href="https://example.org/">Out</SmartLink>
      </MemoryRouter>,
    );
    const [shop, promo, out] = [...container.querySelectorAll('a')];
    expect(shop.getAttribute('href')).toBe('/shop');
    expect(shop.getAttribute('target')).toBeNull();
    expect(promo.getAttribute('href')).toBe('#promo');
    expect(promo.getAttribute('target')).toBeNull();
    expect(out.getAttribute('target')).toBe('_blank');
    expect(out.getAttribute('rel')).toContain('noopener');
  });
});

describe('content images', () => {
  it("load at once in a page's first sections and lazily after them, unless a block says otherwise", async () => {
    const { AboveFold } = await import('../../src/lib/above-fold');
    const { ContentImage } = await import('../../src/lib/ContentImage');
    const image = { main: '/content-images/a.svg' };
    const loading = (node: React.ReactNode) =>
      render(<>{node}</>)
        .container.querySelector('img')
        ?.getAttribute('loading');
    expect(loading(<ContentImage image={image} width={8} height={5} />)).toBe('lazy');
    expect(
      loading(
        <AboveFold.Provider value>
          <ContentImage image={image} width={8} height={5} />
        </AboveFold.Provider>,
      ),
    ).toBe('eager');
    expect(
      loading(
        <AboveFold.Provider value>
          <ContentImage image={image} width={8} height={5} priority="lazy" />
        </AboveFold.Provider>,
      ),
    ).toBe('lazy');
  });
});
