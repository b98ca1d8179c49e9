// @vitest-environment jsdom
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inPrecedenceRange } from '../../src/blocks/sectionList/range';
import { looksLikeHtml, Paragraphs, splitParagraphs } from '../../src/lib/Paragraphs';

describe('section list precedence range', () => {
  const items = [{ precedence: 10 }, { precedence: 40 }, { precedence: 50 }, { precedence: null }];
  it('keeps everything without a range', () => {
    expect(inPrecedenceRange(items)).toHaveLength(4);
  });
  it('keeps the items inside an inclusive range', () => {
    expect(inPrecedenceRange(items, undefined, 40).map((i) => i.precedence)).toEqual([10, 40]);
    expect(inPrecedenceRange(items, 50).map((i) => i.precedence)).toEqual([50]);
    expect(inPrecedenceRange(items, 11, 49).map((i) => i.precedence)).toEqual([40]);
  });
});

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
    const { MemoryRouter } = await import('react-router-dom');
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
