// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { PageConfig } from '../../src/generated/config';
import { FreshSwr, stubApi } from './api-stub';
import { PageRenderer } from '../../src/engine/PageRenderer';
import { fillQuery } from '../../src/api/sources';
import { ownerId } from '../../src/engine/owner';
import { loadBlocks } from '../../src/engine/registry';

const page: PageConfig = {
  name: 'ResellerHome',
  path: '/shop/reseller/:slug/',
  owner: { source: 'resellers/slug/:slug', param: 'reseller_id' },
  sections: [
    { type: 'banner', source: 'reseller-shop-sliders', pick: 'first', query: { reseller_id: ':reseller_id', order_by: 'ASC' } },
    { type: 'message', props: { title: 'Owned page' } } as never,
  ],
};

function renderOwned(slug: string) {
  return render(
    <FreshSwr>
      <MemoryRouter initialEntries={[`/shop/reseller/${slug}/`]}>
        <Routes>
          <Route path="/shop/reseller/:slug/" element={<PageRenderer page={page} params={{ slug }} />} />
          <Route path="/404" element={<p>Not found page</p>} />
        </Routes>
      </MemoryRouter>
    </FreshSwr>,
  );
}

const banner = {
  id: 1,
  precedence: 1,
  title: 'Reseller banner',
  caption: 'c',
  background_image: { main: '/x.svg' },
  styles: {},
  buttons: [],
};

beforeAll(async () => {
  await loadBlocks(['banner', 'message']);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('page owner', () => {
  it("resolves the owner from the slug and gives its id to the sections' queries", async () => {
    const fetchMock = stubApi({
      'resellers/slug/demo-reseller': { body: { data: { data: { id: 301, slug: 'demo-reseller', name: 'R', details: '{}' } } } },
      'reseller-shop-sliders': { body: { data: [banner] } },
    });
    renderOwned('demo-reseller');
    expect(await screen.findByRole('heading', { name: 'Reseller banner' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Owned page' })).toBeTruthy();
    const urls = fetchMock.mock.calls.map((call) => String(call[0]));
    expect(urls[0]).toContain('/api/v1/resellers/slug/demo-reseller');
    const sliders = new URL(urls.find((url) => url.includes('reseller-shop-sliders')) ?? '', 'http://test');
    expect(sliders.searchParams.get('reseller_id')).toBe('301');
    expect(sliders.searchParams.get('order_by')).toBe('ASC');
  });

  it('renders no section before the owner is known', async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    const { container } = renderOwned('demo-reseller');
    expect(container.querySelector('.page-loading')).not.toBeNull();
    expect(screen.queryByRole('heading', { name: 'Owned page' })).toBeNull();
    answer(new Response(JSON.stringify({ data: { data: { id: 301 } } })));
    expect(await screen.findByRole('heading', { name: 'Owned page' })).toBeTruthy();
  });

  it('sends an unknown slug to /404', async () => {
    stubApi({});
    renderOwned('nobody');
    expect(await screen.findByText('Not found page')).toBeTruthy();
  });

  it('treats a reply without a record as an unknown slug', async () => {
    stubApi({ 'resellers/slug/empty': { body: { data: { data: null } } } });
    renderOwned('empty');
    expect(await screen.findByText('Not found page')).toBeTruthy();
  });

  it('logs a failed owner load and shows the load-failure text, not the sections', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({ 'resellers/slug/demo-reseller': { status: 500, body: { message: 'boom' } } });
    renderOwned('demo-reseller');
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Owned page' })).toBeNull();
    await vi.waitFor(() => expect(error.mock.calls.some((call) => String(call[0]).includes('owner resellers/slug/:slug'))).toBe(true));
  });
});

describe('fillQuery', () => {
  it("replaces ':param' values with route params and fills {short}", () => {
    expect(fillQuery({ reseller_id: ':reseller_id', order_by: 'ASC', slug: '{short}' }, { reseller_id: '301' })).toEqual({
      reseller_id: '301',
      order_by: 'ASC',
      slug: 'bantaydoc',
    });
  });

  it('leaves out a parameter the route does not have (never sends the placeholder)', () => {
    expect(fillQuery({ reseller_id: ':reseller_id' }, {})).toEqual({ reseller_id: undefined });
    expect(fillQuery(undefined, {})).toBeUndefined();
  });
});

describe('ownerId', () => {
  it('accepts a numeric or non-empty text id only', () => {
    expect(ownerId({ id: 301 })).toBe('301');
    expect(ownerId({ id: ' 7 ' })).toBe('7');
    expect(ownerId({ id: '' })).toBeUndefined();
    expect(ownerId({ id: null })).toBeUndefined();
    expect(ownerId(undefined)).toBeUndefined();
  });
});
