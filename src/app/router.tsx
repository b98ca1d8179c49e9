import { matchRoutes, Navigate, useLocation, useParams, useRouteError, type RouteObject } from 'react-router-dom';
import type { PageConfig } from '../generated/config';
import { loadPage } from '../engine/registry';
import { PageRenderer } from '../engine/PageRenderer';
import { logError } from '../lib/log';
import { fillPath, fillSiteText, fillSiteTexts, loadSections, pages, site, type PageRoute } from '../lib/site';
import { Shell, type RouteHandle } from './Shell';

function PageView({ page }: { page: PageConfig }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  // A path written with a trailing slash (the reseller home) is served only at that URL: its
  // layout route's redirect sends '/shop/reseller/x' to '/shop/reseller/x/'.
  if (page.path.endsWith('/') && !pathname.endsWith('/')) return <Navigate to={`${pathname}/${search}`} replace />;
  return <PageRenderer key={pathname} page={page} params={params} />;
}

function RedirectView({ to }: { to: string }) {
  const params = useParams();
  return <Navigate to={fillPath(to, params)} replace />;
}

function RouteError() {
  const error = useRouteError();
  logError('route', error);
  const { dialogs } = fillSiteTexts(site);
  return (
    <div className="route-error" role="alert">
      <p>{dialogs?.loadFailed ?? 'Sorry, this page could not be loaded.'}</p>
      <button type="button" className="site-button" onClick={() => window.location.reload()}>
        {dialogs?.reload ?? 'Reload'}
      </button>
    </div>
  );
}

function pageRoute(page: PageRoute): RouteObject | null {
  const handle: RouteHandle = { page };
  const path = fillSiteText(page.path);
  if (page.redirect) {
    // A redirect to the same path with a trailing slash is served by the target's own route.
    if (fillSiteText(page.redirect) === `${path}/`) return null;
    return { path, handle, element: <RedirectView to={page.redirect} /> };
  }
  return {
    path,
    handle,
    // Page code is loaded per route: its sections, the chunks of the blocks they use (and their forms),
    // nothing else. Hydrating the server's page, each section loads its own when it comes alive.
    lazy: async () => {
      const full = await loadSections(page);
      if (!resolvingForHydration) await loadPage(full.sections ?? []);
      return { Component: () => <PageView page={full} /> };
    },
  };
}

/** Whether resolveForHydration is resolving the routes (their block chunks then wait: engine/hydration.ts). */
let resolvingForHydration = false;

/**
 * Resolves the lazy routes of the current URL, so that hydration renders what the server did (no
 * fallback): the page's sections, not their blocks' chunks.
 */
export async function resolveForHydration(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  resolvingForHydration = true;
  try {
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        const resolved = await route.lazy();
        Object.assign(route, { ...resolved, lazy: undefined });
      }),
    );
  } finally {
    resolvingForHydration = false;
  }
}

/** The route tree, built from pages.config.json: the shell, one route per page, unknown paths to /404. */
export function buildRoutes(list: readonly PageRoute[] = pages): RouteObject[] {
  return [
    {
      element: <Shell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <div className="page-loading" aria-busy="true" />,
      children: [
        ...list.map(pageRoute).filter((route): route is RouteObject => route !== null),
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}
