import { use, type ReactNode } from 'react';
import { matchRoutes, Navigate, useLocation, useParams, useRoutes, type Location, type RouteObject } from 'react-router';
import type { PageConfig } from '../generated/config';
import { tracked } from '../engine/react-internals';
import { loadBlocks, loadPage } from '../engine/registry';
import { PageRenderer } from '../engine/PageRenderer';
import { fillPath, fillSiteText, fillSiteTexts, loadSections, pageBlockTypes, pages, site, type PageRoute } from '../lib/site';
import type { RouteParams } from '../lib/route-params';
import { hasTrailingSlash } from '../../domain/paths';
import { RouteBoundary } from './RouteBoundary';
import { Shell } from './Shell';

function PageView({ page }: { page: PageConfig }) {
  const params = useParams();
  const { pathname, search } = useLocation();
  // A path written with a trailing slash (the reseller home) is served only at that URL: its
  // layout route's redirect sends '/shop/reseller/x' to '/shop/reseller/x/'.
  if (hasTrailingSlash(page.path) && !hasTrailingSlash(pathname)) return <Navigate to={`${pathname}/${search}`} replace />;
  return <PageRenderer key={pathname} page={page} params={params} />;
}

function RedirectView({ to }: { to: string }) {
  const params = useParams();
  return <Navigate to={fillPath(to, params)} replace />;
}

function RouteError() {
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

/**
 * Loads a page route's code once: its sections and, with `blocks`, the chunks of the blocks they use
 * (and their preloads). The first call decides: hydrating, each section loads its own block when it
 * comes alive (engine/hydration.ts).
 */
type PageLoad = (blocks: boolean) => Promise<PageConfig>;

/** The page of each page route of a route table (matchPage). */
const routePages = new WeakMap<RouteObject, PageRoute>();
/** The load of each page route's code (loadRoute). */
const routeLoads = new WeakMap<RouteObject, PageLoad>();

/**
 * A page route's element: the page once its code is in. Until then it suspends, and a client
 * navigation (a transition: BrowserRouter sets its location in one, src/lib/router.tsx) keeps the page
 * that shows until the next one is ready.
 */
function PageCode({ load }: { load: PageLoad }) {
  return <PageView page={use(load(true))} />;
}

function pageRoute(page: PageRoute): RouteObject | null {
  const path = fillSiteText(page.path);
  let route: RouteObject;
  if (page.redirect) {
    // A redirect to the same path with a trailing slash is served by the target's own route.
    if (fillSiteText(page.redirect) === `${path}/`) return null;
    route = { path, element: <RedirectView to={page.redirect} /> };
  } else {
    // Page code is loaded per route: its sections, the chunks of the blocks they use (and their forms),
    // nothing else.
    let loading: Promise<PageConfig> | undefined;
    const load: PageLoad = (blocks) => {
      if (loading) return loading;
      loading = tracked(
        loadSections(page).then(async (full) => {
          if (blocks) await loadPage(full.sections ?? []);
          return full;
        }),
      );
      // The blocks' chunks start right after the sections file rather than a round trip after it;
      // loadPage then waits for the chunks the sections really name (and reports a failure). In the
      // next task: the sections file, the one thing the page cannot render without, asks first (its
      // import is issued a few microtasks from now), ahead of the chunks in the browser's queue.
      if (blocks) setTimeout(() => loadBlocks(pageBlockTypes(page)).catch(() => undefined));
      return loading;
    };
    route = { path, element: <PageCode load={load} /> };
    routeLoads.set(route, load);
  }
  routePages.set(route, page);
  return route;
}

/** The page at `pathname` in `routes` (its deepest page route) and the route's params; none for an unknown path. */
export function matchPage(routes: RouteObject[], pathname: string): { page: PageRoute | undefined; params: RouteParams } {
  const matches = matchRoutes(routes, pathname) ?? [];
  for (let i = matches.length - 1; i >= 0; i--) {
    const page = routePages.get(matches[i].route);
    if (page) return { page, params: matches[i].params };
  }
  return { page: undefined, params: {} };
}

/**
 * Loads the code of the page route at `location` (its sections; with `blocks`, their blocks' chunks),
 * so that it renders at once. Before hydration without `blocks`: hydration renders what the server did
 * (no fallback), and each section's block waits as engine/hydration.ts arranges.
 */
export async function loadRoute(routes: RouteObject[], location: string | Partial<Location>, blocks: boolean): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(matches.map(({ route }) => routeLoads.get(route)?.(blocks)));
}

/** The route tree, built from pages.config.json: the shell, one route per page, unknown paths to /404. */
export function buildRoutes(list: readonly PageRoute[] = pages): RouteObject[] {
  const routes: RouteObject[] = [];
  const pageAt = (pathname: string) => matchPage(routes, pathname).page;
  routes.push({
    element: <Shell pageAt={pageAt} />,
    children: [
      ...list.map(pageRoute).filter((route): route is RouteObject => route !== null),
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  });
  return routes;
}

/**
 * The route table at the router's location, the same tree in the browser (BrowserRouter) and on the
 * server (StaticRouter), so that hydration matches. A route that fails shows `fallback` (RouteError
 * unless told otherwise) in place of the shell until the next navigation.
 */
export function AppRoutes({ routes, fallback = <RouteError /> }: { routes: RouteObject[]; fallback?: ReactNode }): ReactNode {
  const { pathname, search, key } = useLocation();
  const element = useRoutes(routes);
  return (
    <RouteBoundary location={`${pathname}${search}#${key}`} fallback={fallback}>
      {element}
    </RouteBoundary>
  );
}
