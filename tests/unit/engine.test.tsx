// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { PageConfig } from '../../src/generated/config';
import { FreshSwr, stubApi } from './api-stub';
import { PageRenderer } from '../../src/engine/PageRenderer';
import { boundValues, pickItems } from '../../src/engine/Section';
import { blockProps, loadBlocks, loadedBlock, skeletonHeight } from '../../src/engine/registry';
import { byPrecedence } from '../../src/api/sources';

function renderPage(page: PageConfig, params: Record<string, string> = {}) {
  return render(
    <FreshSwr>
      <MemoryRouter>
        <PageRenderer page={page} params={params} />
      </MemoryRouter>
    </FreshSwr>,
  );
}

const banner = (precedence: number, title: string, extra: Record<string, unknown> = {}) => ({
  id: precedence,
  precedence,
  title,
  caption: `${title} caption`,
  background_image: { main: '/x.svg' },
  styles: { titleColor: '#000', captionColor: '#000', backgroundColor: 'white' },
  buttons: [],
  ...extra,
});

beforeAll(async () => {
  await loadBlocks(['banner', 'message', 'breadcrumbs', 'richText']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pick rules and ordering', () => {
  it('sorts by precedence ascending, keeping the order of equal or missing precedences', () => {
    const sorted = byPrecedence([{ precedence: 3, n: 'c' }, { n: 'x' }, { precedence: 1, n: 'a' }, { precedence: 3, n: 'd' }]);
    expect(sorted.map((item) => item.n)).toEqual(['a', 'c', 'd', 'x']);
  });

  it('first keeps only the lowest precedence; all (the default) keeps every item', () => {
    expect(pickItems([1, 2, 3], 'first')).toEqual([1]);
    expect(pickItems([1, 2, 3], 'all')).toEqual([1, 2, 3]);
    expect(pickItems([1, 2, 3], undefined)).toEqual([1, 2, 3]);
    expect(pickItems([], 'first')).toEqual([]);
  });

  it("passes a block only its own props, not the section's binding, with its schema's defaults filled in", () => {
    const section = { type: 'banner', source: 's', pick: 'first', id: 'a', query: {}, props: { hidePromoButtons: true } } as const;
    expect(blockProps(loadedBlock('banner')!, section.props, boundValues(section, []))).toEqual({
      hidePromoButtons: true,
      setHeaderColor: true,
    });
  });
});

describe('PageRenderer', () => {
  it('renders the lowest-precedence banner of a bound section with pick first', async () => {
    stubApi({ 'home-sliders': { body: { data: [banner(2, 'Second'), banner(1, 'First')] } } });
    renderPage({ name: 'T', path: '/t', sections: [{ type: 'banner', source: 'home-sliders', pick: 'first' }] });
    expect(await screen.findByRole('heading', { name: 'First' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Second' })).toBeNull();
  });

  it('logs and skips an unknown block type, rendering the rest', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPage({
      name: 'T',
      path: '/t',
      sections: [{ type: 'banenr' } as never, { type: 'message', props: { title: 'Still here' } } as never],
    });
    expect(await screen.findByRole('heading', { name: 'Still here' })).toBeTruthy();
    expect(warn.mock.calls.some((call) => String(call[0]).includes("unknown block type 'banenr'"))).toBe(true);
  });

  it('contains a block that throws inside its own section', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    // Malformed content: `buttons` is not a list, so the banner throws while rendering.
    stubApi({ 'home-sliders': { body: { data: [banner(1, 'Broken', { buttons: 'oops' })] } } });
    renderPage({
      name: 'T',
      path: '/t',
      sections: [
        { type: 'banner', source: 'home-sliders', pick: 'first' },
        { type: 'message', props: { title: 'After the broken block' } } as never,
      ],
    });
    expect(await screen.findByRole('heading', { name: 'After the broken block' })).toBeTruthy();
    await vi.waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('section T/0-banner'))).toBe(true));
    expect(screen.queryByRole('heading', { name: 'Broken' })).toBeNull();
  });

  it('logs a failed load and renders nothing for that block', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'home-sliders': { status: 500, body: { message: 'boom' } } });
    const { container } = renderPage({
      name: 'T',
      path: '/t',
      sections: [{ type: 'banner', source: 'home-sliders' }, { type: 'message', props: { title: 'Page still usable' } } as never],
    });
    expect(await screen.findByRole('heading', { name: 'Page still usable' })).toBeTruthy();
    await vi.waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('source home-sliders'))).toBe(true));
    expect(container.querySelector('.banner')).toBeNull();
    expect(container.querySelector('.block-skeleton')).toBeNull();
  });

  it("fills a section's {product}, {short} and {year} before the block renders, and leaves {price} for the block", async () => {
    const section = {
      type: 'message',
      props: { title: '{product} ({short}), {year}', text: 'Members from {price}', action: { label: 'Shop {product}', href: '/shop' } },
    } as const;
    renderPage({ name: 'T', path: '/t', sections: [section as never] });
    const year = new Date().getFullYear();
    expect(await screen.findByRole('heading', { name: `Bantay Doc (bantaydoc), ${year}` })).toBeTruthy();
    expect(screen.getByText('Members from {price}')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Shop Bantay Doc' })).toBeTruthy();
    expect(section.props.title).toBe('{product} ({short}), {year}');
  });

  it('fills route params into a source path, with the page defaults', async () => {
    const fetchMock = stubApi({
      'terms-and-conditions/slug/bantaydoc': { body: { data: { data: { description: '<p>Default terms</p><script>alert(1)</script>' } } } },
    });
    const { container } = renderPage({
      name: 'Terms',
      path: '/terms-and-conditions/:slug?',
      params: { slug: '{short}' },
      sections: [{ type: 'richText', source: 'terms-and-conditions/slug/:slug', props: { title: 'Terms And Conditions' } } as never],
    });
    expect(await screen.findByText('Default terms')).toBeTruthy();
    expect(String(fetchMock.mock.calls[0][0])).toContain('/api/v1/terms-and-conditions/slug/bantaydoc');
    expect(container.querySelector('script')).toBeNull();
  });
});

describe('skeletons while a section loads', () => {
  it('have the height the registry gives, sized from the props where the block varies', () => {
    expect(skeletonHeight('banner', {} as never)).toBe('var(--banner-height)');
    expect(skeletonHeight('planGrid', {} as never)).toBe(520);
    // A promo shop's grid shows nothing until a code unlocks a plan: no skeleton to collapse.
    expect(skeletonHeight('planGrid', { unlockedOnly: true } as never)).toBe(0);
    expect(skeletonHeight('advantages', {} as never)).toBe(120);
  });
});
