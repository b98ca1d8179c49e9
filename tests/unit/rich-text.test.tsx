// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { cleanup, render } from '@testing-library/react';
import DOMPurify from 'dompurify';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hrefKind } from '../../src/lib/href';
import { RICH_TEXT_ALLOWLIST, RichText, sanitizeRichText } from '../../src/lib/RichText';
import { SmartLink } from '../../src/lib/SmartLink';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** The sanitised HTML as a DOM, to ask questions of. */
function clean(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = sanitizeRichText(html);
  return box;
}

/** Every href a content or config link may hold that must never become a link. */
const UNSAFE_HREFS = [
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\u0001javascript:alert(1)',
  'java\tscript:alert(1)',
  'java\nscript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.example/',
  '/\\evil.example/',
  '\\\\evil.example',
  'https:',
  'shop',
  '../shop',
  '',
];

describe('the URL rule', () => {
  it.each([
    ['/shop', 'path'],
    ['/media/article/3/x?y=1#z', 'path'],
    ['#promo', 'fragment'],
    ['https://www.bantaydoc.example/faqs', 'web'],
    ['HTTP://example.ph', 'web'],
    ['mailto:help@bantaydoc.example', 'contact'],
    ['tel:+639171234567', 'contact'],
  ])('accepts %s as %s', (href, kind) => {
    expect(hrefKind(href)).toBe(kind);
  });

  it.each(UNSAFE_HREFS)('refuses %j', (href) => {
    expect(hrefKind(href)).toBeNull();
  });
});

describe('rich text sanitiser', () => {
  it('keeps the allowed markup of articles and terms', () => {
    const html =
      '<h2>Title</h2><h3>Sub</h3><h4>Minor</h4><p>One<br>two <strong>bold</strong> <b>b</b> <em>em</em> <i>i</i> <u>u</u></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote>quote</blockquote>' +
      '<p><img src="/content-images/article-1.svg" alt="A doctor" width="800" height="500"></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes forms, inputs, buttons, styles, scripts, frames and objects', () => {
    const box = clean(
      '<p>Keep</p><form action="https://evil.example"><input name="card"><button>Pay</button><select><option>x</option></select><textarea>t</textarea></form>' +
        '<style>p{color:red}</style><script>alert(1)</script><iframe src="https://evil.example"></iframe><object data="x"></object>' +
        '<embed src="x"><svg><script>alert(2)</script></svg><math></math><link rel="stylesheet" href="x"><meta http-equiv="refresh" content="0">',
    );
    for (const tag of [
      'form',
      'input',
      'button',
      'select',
      'textarea',
      'style',
      'script',
      'iframe',
      'object',
      'embed',
      'svg',
      'math',
      'link',
      'meta',
    ]) {
      expect(box.querySelector(tag), tag).toBeNull();
    }
    expect(box.textContent).not.toContain('alert');
    expect(box.textContent).not.toContain('color:red');
    expect(box.querySelector('p')?.textContent).toBe('Keep');
  });

  it('removes event handlers, style, class, id, data and aria attributes, and attributes of the wrong element', () => {
    const box = clean(
      '<p style="position:fixed" class="x" id="y" data-x="1" aria-hidden="true" onclick="alert(1)" src="/x.svg" title="t">p</p>' +
        '<img src="/content-images/a.svg" onerror="alert(1)" onload="alert(2)" style="width:9999px" href="/x" srcset="https://evil.example/a.png 2x">' +
        '<a href="/shop" onmouseover="alert(1)" target="_top" style="color:red" alt="x">shop</a>',
    );
    expect(box.querySelector('p')!.getAttributeNames()).toEqual([]);
    expect(box.querySelector('img')!.getAttributeNames()).toEqual(['src']);
    expect(box.querySelector('a')!.getAttributeNames()).toEqual(['href']);
  });

  it('lists exactly the allowed elements and attributes', () => {
    expect(Object.keys(RICH_TEXT_ALLOWLIST).sort()).toEqual([
      'a',
      'b',
      'blockquote',
      'br',
      'em',
      'h2',
      'h3',
      'h4',
      'i',
      'img',
      'li',
      'ol',
      'p',
      'strong',
      'u',
      'ul',
    ]);
    expect(RICH_TEXT_ALLOWLIST.a).toEqual(['href', 'title']);
    expect(RICH_TEXT_ALLOWLIST.img).toEqual(['src', 'alt', 'width', 'height']);
  });

  it.each(UNSAFE_HREFS)('drops the href %j of a content link but keeps its text', (href) => {
    const box = clean(`<p><a href="${href.replace(/"/g, '&quot;')}">click</a></p>`);
    expect(box.querySelector('a')?.hasAttribute('href') ?? false).toBe(false);
    expect(box.textContent).toBe('click');
  });

  it('keeps http(s), mailto, tel, site and anchor links; other sites open in a new tab without opener or referrer', () => {
    const box = clean(
      '<a href="https://example.ph/x">web</a><a href="mailto:help@bantaydoc.example">mail</a><a href="tel:+6321234567">call</a>' +
        '<a href="/shop">shop</a><a href="#faq">faq</a>',
    );
    const [web, mail, tel, shop, faq] = [...box.querySelectorAll('a')];
    expect(web.getAttribute('href')).toBe('https://example.ph/x');
    expect(web.getAttribute('rel')).toBe('noopener noreferrer');
    expect(web.getAttribute('target')).toBe('_blank');
    for (const [link, href] of [
      [mail, 'mailto:help@bantaydoc.example'],
      [tel, 'tel:+6321234567'],
      [shop, '/shop'],
      [faq, '#faq'],
    ] as const) {
      expect(link.getAttribute('href')).toBe(href);
      expect(link.hasAttribute('target')).toBe(false);
    }
  });

  it('drops image sources that are not http(s) or site paths', () => {
    for (const src of ['javascript:alert(1)', 'data:image/svg+xml,<svg onload=alert(1)>', '//evil.example/a.png', 'x.png']) {
      expect(clean(`<img src="${src}" alt="x">`).querySelector('img')?.hasAttribute('src')).toBe(false);
    }
    expect(clean('<img src="https://cdn.example.ph/a.png">').querySelector('img')?.getAttribute('src')).toBe(
      'https://cdn.example.ph/a.png',
    );
  });

  it('cleans the demo article that carries a script and an onerror, keeping its picture', () => {
    const articles = (JSON.parse(readFileSync('content/articles.json', 'utf8')) as { items: Array<{ description: string }> }).items;
    const html = articles.map((article) => article.description).find((description) => /<script/i.test(description))!;
    const box = clean(html);
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('[onerror]')).toBeNull();
    expect(box.querySelector('img')?.getAttribute('src')).toBe('/content-images/article-6.svg');
    expect(box.querySelectorAll('li')).toHaveLength(html.match(/<li>/g)!.length);
  });

  it('renders through RichText, and leaves the shared DOMPurify instance alone', () => {
    const { container } = render(
      <RichText html={'<p class="c" onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><form><input></form>'} className="body" />,
    );
    const root = container.firstElementChild!;
    expect(root.className).toBe('rich-text body');
    expect(root.innerHTML).toBe('<p>Hi <a>there</a></p>');
    expect(DOMPurify.sanitize('<p class="c">x</p>')).toBe('<p class="c">x</p>');
  });

  it('renders nothing for empty content', () => {
    expect(sanitizeRichText(null)).toBe('');
    expect(sanitizeRichText(undefined)).toBe('');
  });
});

describe('smart links', () => {
  it.each(['javascript:alert(1)', 'data:text/html,hi', '//evil.example', '/\\evil.example', 'java\tscript:alert(1)', 'vbscript:x', 'shop'])(
    'renders %j as text, not a link, and logs it once',
    (href) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const { container, rerender } = render(
        <MemoryRouter>
          <SmartLink href={href} className="menu-link">
            Menu
          </SmartLink>
        </MemoryRouter>,
      );
      rerender(
        <MemoryRouter>
          <SmartLink href={href} className="menu-link">
            Menu
          </SmartLink>
        </MemoryRouter>,
      );
      expect(container.querySelector('a')).toBeNull();
      expect(container.querySelector('.menu-link')?.textContent).toBe('Menu');
      expect(warn).toHaveBeenCalledTimes(1);
      expect(String(warn.mock.calls[0][0])).toContain('[link]');
    },
  );

  it('routes site paths in the app, keeps anchors, mail and phone links in the tab, opens other sites in a new tab', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { container } = render(
      <MemoryRouter>
        <SmartLink href="/shop">Shop</SmartLink>
        <SmartLink href="#promo">Promo</SmartLink>
        <SmartLink href="mailto:help@bantaydoc.example">Mail</SmartLink>
        <SmartLink href="tel:+6321234567">Call</SmartLink>
        <SmartLink href="https://www.bantaydoc.example/faqs">FAQs</SmartLink>
      </MemoryRouter>,
    );
    const [shop, promo, mail, call, faqs] = [...container.querySelectorAll('a')];
    expect(shop.getAttribute('href')).toBe('/shop');
    expect(promo.getAttribute('href')).toBe('#promo');
    expect(mail.getAttribute('href')).toBe('mailto:help@bantaydoc.example');
    expect(call.getAttribute('href')).toBe('tel:+6321234567');
    for (const link of [shop, promo, mail, call]) expect(link.hasAttribute('target')).toBe(false);
    expect(faqs.getAttribute('target')).toBe('_blank');
    expect(faqs.getAttribute('rel')).toBe('noopener noreferrer');
    expect(warn).not.toHaveBeenCalled();
  });
});
