// @vitest-environment jsdom
import { act, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { BrowserRouter, StaticRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PageConfig } from '../../src/generated/config';
import type { PageRoute } from '../../src/lib/site';
import { stubApi } from './api-stub';

// React's act() outside its testing library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The sections load of the page 'slow' waits for release(); that of 'broken' fails. */
const slow = vi.hoisted(() => {
  let release = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  return { gate, release: () => release() };
});

vi.mock('../../src/lib/site', async (original) => {
  const site = await original<typeof import('../../src/lib/site')>();
  return {
    ...site,
    loadSections: async (page: PageRoute): Promise<PageConfig> => {
      if (page.key === 'slow') await slow.gate;
      if (page.key === 'broken') throw new Error('the chunk did not load');
      return { ...page, sections: [] };
    },
  };
});

const { AppProviders } = await import('../../src/app/AppProviders');
const { AppRoutes, buildRoutes, loadRoute, matchPage } = await import('../../src/app/router');

const page = (name: string, path: string, extra: Partial<PageRoute> = {}): PageRoute => ({ key: name, name, path, title: name, ...extra });
const PAGES: PageRoute[] = [
  page('home', '/'),
  page('about', '/about', { layout: { footer: false } }),
  page('slow', '/slow'),
  page('broken', '/broken'),
  page('old', '/old/:id', { redirect: '/about' }),
  page('notFound', '/404'),
];

const app = (router: ReactNode) => <AppProviders fallback={{}}>{router}</AppProviders>;

let root: Root | undefined;
beforeEach(() => {
  stubApi({ footers: { body: [] } });
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
});
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** Renders the routes in the browser at `path` (a client render, as `npm run dev` does). */
async function renderAt(path: string, routes = buildRoutes(PAGES)): Promise<HTMLElement> {
  window.history.replaceState(null, '', path);
  const container = document.body.appendChild(document.createElement('div'));
  await act(async () => {
    root = createRoot(container);
    root.render(
      app(
        <BrowserRouter>
          <AppRoutes routes={routes} />
        </BrowserRouter>,
      ),
    );
  });
  return container;
}

/** Goes to `to` as the browser's history does (the router follows popstate). */
async function navigate(to: string): Promise<void> {
  await act(async () => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
}

const shown = (container: HTMLElement) => container.querySelector('main')?.getAttribute('data-page');

describe('the route table', () => {
  it('finds the page of a path, its params, and none for an unknown path', () => {
    const routes = buildRoutes(PAGES);
    expect(matchPage(routes, '/about').page?.name).toBe('about');
    expect(matchPage(routes, '/old/7')).toMatchObject({ page: { name: 'old' }, params: { id: '7' } });
    expect(matchPage(routes, '/nowhere').page).toBeUndefined();
  });

  it('renders on the server what the browser hydrates: no mismatch, no fallback, the same shell', async () => {
    const routes = buildRoutes(PAGES);
    await loadRoute(routes, '/about', true);
    // The server's build: the shell's static parts render.
    vi.stubEnv('SSR', true);
    const html = renderToString(
      app(
        <StaticRouter location="/about">
          <AppRoutes routes={routes} />
        </StaticRouter>,
      ),
    );
    expect(html).toContain('data-page="about"');
    expect(html).not.toContain('page-loading');
    vi.unstubAllEnvs();

    window.history.replaceState(null, '', '/about');
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const main = container.querySelector('main');
    // The browser's own route table, its page's sections loaded before hydration.
    const browserRoutes = buildRoutes(PAGES);
    await loadRoute(browserRoutes, window.location, false);
    const errors = vi.spyOn(console, 'error');
    const recovered = vi.fn();
    await act(async () => {
      root = hydrateRoot(
        container,
        app(
          <BrowserRouter>
            <AppRoutes routes={browserRoutes} />
          </BrowserRouter>,
        ),
        {
          onRecoverableError: recovered,
        },
      );
    });
    expect(errors).not.toHaveBeenCalled();
    expect(recovered).not.toHaveBeenCalled();
    expect(container.querySelector('main')).toBe(main);
    expect(document.title).toContain('about');
  });

  it('keeps the page that shows until the next one is in, then shows it with its layout, at the top', async () => {
    const container = await renderAt('/');
    expect(shown(container)).toBe('home');
    expect(container.querySelector('footer')).not.toBeNull();
    expect(window.scrollTo).not.toHaveBeenCalled();

    await navigate('/slow');
    expect(shown(container)).toBe('home');
    expect(container.querySelector('.page-loading')).toBeNull();
    expect(window.scrollTo).not.toHaveBeenCalled();
    await act(async () => slow.release());
    expect(shown(container)).toBe('slow');
    expect(window.scrollTo).toHaveBeenCalledWith(0, 0);

    await navigate('/about');
    expect(shown(container)).toBe('about');
    expect(container.querySelector('footer')).toBeNull();
  });

  it("shows the route error where a page's code does not load, and pages again after a navigation", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const container = await renderAt('/broken');
    const alert = container.querySelector('[role="alert"]');
    expect(alert?.className).toBe('route-error');
    expect(alert?.querySelector('button')?.textContent).toBeTruthy();
    expect(console.error).toHaveBeenCalledWith('[route]', expect.objectContaining({ error: expect.any(Error) as Error }));

    await navigate('/about');
    expect(shown(container)).toBe('about');
    expect(container.querySelector('.route-error')).toBeNull();
  });

  it('sends a redirect page on to its target, and an unknown path to /404', async () => {
    const container = await renderAt('/old/7');
    expect(window.location.pathname).toBe('/about');
    expect(shown(container)).toBe('about');

    await navigate('/no/such/page');
    expect(window.location.pathname).toBe('/404');
    expect(shown(container)).toBe('notFound');
  });
});
