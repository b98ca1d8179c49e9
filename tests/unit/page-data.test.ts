import { afterEach, describe, expect, it, vi } from 'vitest';
import { sourceCacheKey } from '../../src/api/sources';
import { loadPageData } from '../../src/engine/page-data';
import { loadPage } from '../../src/engine/registry';
import { loadSections, pages } from '../../src/lib/site';
import { stubApi } from './api-stub';

/** The server's page data loader (src/engine/page-data.ts), with the API stubbed at fetch. */

/** A page of the config with its sections (as its route loads it). */
async function page(name: string) {
  const found = pages.find((p) => p.name === name);
  if (!found) throw new Error(`no page ${name}`);
  return loadSections(found);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('page data loader', () => {
  it("loads every source the home page declares, and the footer's, at once", async () => {
    const home = await page('Home');
    await loadPage(home.sections ?? []);
    let inFlight = 0;
    let most = 0;
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 20));
      inFlight--;
      const path = new URL(String(input), 'http://test').pathname.replace('/api/v1/', '');
      return new Response(JSON.stringify({ data: [{ id: 1, precedence: 1, path }] }), { status: 200 });
    });
    vi.stubGlobal('fetch', fetchMock);

    const data = await loadPageData(home, {}, { footer: true });

    const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://test').pathname.replace('/api/v1/', '')).sort();
    expect(paths).toEqual(['footers', 'home-sliders', 'home-testimonials', 'how-it-works', 'shop-plans']);
    expect(most).toBe(paths.length);
    expect(data.notFound).toBe(false);
    expect(data.failed).toEqual([]);
    expect(data.fallback[sourceCacheKey({ name: 'home-sliders', params: {} })]).toEqual([{ id: 1, precedence: 1, path: 'home-sliders' }]);
    expect(Object.keys(data.fallback)).toHaveLength(5);
  });

  it('a failed source is left out and noted; the rest of the page still has its data', async () => {
    const home = await page('Home');
    await loadPage(home.sections ?? []);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubApi({
      'home-sliders': { status: 500, body: { message: 'down' } },
      'how-it-works': { body: { data: [{ id: 2 }] } },
      'shop-plans': { body: { data: [] } },
      'home-testimonials': { body: { data: [] } },
      footers: { body: { data: [] } },
    });

    const data = await loadPageData(home, {}, { footer: true });

    expect(data.failed).toEqual([sourceCacheKey({ name: 'home-sliders', params: {} })]);
    expect(data.fallback[sourceCacheKey({ name: 'home-sliders', params: {} })]).toBeUndefined();
    expect(data.fallback[sourceCacheKey({ name: 'how-it-works', params: {} })]).toEqual([{ id: 2 }]);
    expect(console.error).toHaveBeenCalled();
  });

  it("resolves the page's owner first, and its sections query with the owner's id", async () => {
    const reseller = await page('ResellerHome');
    await loadPage(reseller.sections ?? []);
    const fetchMock = stubApi({
      'resellers/slug/acme': { body: { data: { data: { id: 42, slug: 'acme' } } } },
      'reseller-shop-sliders': { body: { data: [] } },
      'reseller-how-it-works': { body: { data: [] } },
      'reseller-shop-plans': { body: { data: [{ id: 7 }] } },
    });

    const data = await loadPageData(reseller, { slug: 'acme' }, { footer: false });

    expect(data.notFound).toBe(false);
    const plans = fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://test'))
      .find((url) => url.pathname.endsWith('reseller-shop-plans'));
    expect(plans?.searchParams.get('reseller_id')).toBe('42');
    expect(Object.values(data.fallback)).toContainEqual([{ id: 7 }]);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('footers'))).toBe(false);
  });

  it('an unknown owner slug makes the page a not-found', async () => {
    const reseller = await page('ResellerHome');
    await loadPage(reseller.sections ?? []);
    const fetchMock = stubApi({});
    const data = await loadPageData(reseller, { slug: 'nobody' }, { footer: false });
    expect(data.notFound).toBe(true);
    // Nothing else is asked once the owner is unknown.
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an article id that does not exist makes the article page a not-found (the block declares its source as required)', async () => {
    const article = await page('MediaArticle');
    await loadPage(article.sections ?? []);
    stubApi({ 'articles/1': { body: { data: { id: 1, title: 'One' } } } });
    expect((await loadPageData(article, { id: '1', title: 'one' }, { footer: false })).notFound).toBe(false);
    expect((await loadPageData(article, { id: '999', title: 'x' }, { footer: false })).notFound).toBe(true);
  });

  it("says which route params differ from the page's own address: an article under another title than its slug", async () => {
    const article = await page('MediaArticle');
    await loadPage(article.sections ?? []);
    stubApi({ 'articles/4': { body: { data: { id: 4, title: 'Año Nuevo: staying healthy' } } } });
    const right = await loadPageData(article, { id: '4', title: 'ano-nuevo-staying-healthy' }, { footer: false });
    expect(right.canonicalParams).toBeUndefined();
    const wrong = await loadPageData(article, { id: '4', title: 'old-title' }, { footer: false });
    expect(wrong.canonicalParams).toEqual({ title: 'ano-nuevo-staying-healthy' });
    // A title without a slug (only punctuation) leaves the address as it is.
    stubApi({ 'articles/5': { body: { data: { id: 5, title: '!!!' } } } });
    expect((await loadPageData(article, { id: '5', title: 'anything' }, { footer: false })).canonicalParams).toBeUndefined();
  });
});
