import { Fragment, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter, type RouteObject } from 'react-router';
import { mutate } from 'swr';
import { logError } from '../lib/log';
import { CONTENT_UPDATE, setChangedSections } from '../lib/site';
import { setChangedForms } from '../forms/changed-forms';
import { setRouteCodeLoader } from '../lib/route-code';
import { setPartLive } from '../lib/Part';
import { markLive } from '../engine/hydration';
import { AppProviders } from './AppProviders';
import type { HandedOver } from './entry-server';
import { AppRoutes, buildRoutes, loadRoute } from './router';
import './site.css';

/** What the server rendered the page with (server/render.ts writes it as JSON; none in `npm run dev`). */
function handedOver(): HandedOver | null {
  const script = document.getElementById('page-data');
  if (!script?.textContent) return null;
  try {
    return JSON.parse(script.textContent) as HandedOver;
  } catch (error) {
    logError('page data', error);
    return null;
  }
}

const root = document.getElementById('root') as HTMLElement;
const data = handedOver();
// The server answered an unknown path or slug with the not-found page: the address says /404, as
// when the browser finds out itself.
if (data?.notFound && window.location.pathname !== '/404') window.history.replaceState(window.history.state, '', '/404');

// The sections the live content release changes (handed over only when it changes any): every page
// loads them instead of the build's, so hydration matches the server and a navigation shows them.
const changedSections = data?.sections;
if (changedSections) setChangedSections(() => changedSections);

// The forms the live content release changes (handed over only when it changes any): they load from
// the server's URLs instead of the built chunks, so the browser checks what the server checks.
const changedForms = data?.forms;
if (changedForms) setChangedForms(() => changedForms);

const routes = buildRoutes();
// A block may fetch a likely next page's code ahead (lib/route-code.ts).
setRouteCodeLoader((path) => loadRoute(routes, path, true));
// A block's part (lib/Part.tsx) is marked live, and gets its kept input, by the engine.
setPartLive(markLive);
const app = (table: RouteObject[]) => (
  <AppProviders fallback={data?.fallback ?? {}}>
    <BrowserRouter>
      <AppRoutes routes={table} />
    </BrowserRouter>
  </AppProviders>
);

let reactRoot: Root;
if (data && root.hasChildNodes()) {
  // The page's sections are in before hydration starts, so that it renders what the server did (no
  // fallback); its blocks' chunks wait for their sections (engine/hydration.ts).
  await loadRoute(routes, window.location, false);
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task over the whole page (a phone stays responsive; Lighthouse's Total Blocking Time).
  reactRoot = await new Promise<Root>((done) => startTransition(() => done(hydrateRoot(root, app(routes)))));
} else {
  // The page's code is in before the first render; a failed load shows as the route's error.
  await loadRoute(routes, window.location, true).catch(() => undefined);
  reactRoot = createRoot(root);
  reactRoot.render(app(routes));
}

// `npm run dev`: an edit of the config or a form was taken in (lib/site.ts, forms/use-form-definition.ts):
// the route table is built again and the page rendered anew at the same address, in a transition: the
// page shows as it was until the new one's code is in. Production builds drop this block.
if (import.meta.hot) {
  const devRoot = reactRoot;
  window.addEventListener(CONTENT_UPDATE, () => {
    const next = buildRoutes();
    startTransition(() => devRoot.render(<Fragment key={Date.now()}>{app(next)}</Fragment>));
  });
  // A content file changed and the dev API follows it (scripts/dev.ts): every request is made again.
  import.meta.hot.on('content:changed', () => void mutate(() => true));
  // The files are valid again (scripts/lib/vite-config-gate.ts): the last overlay goes.
  import.meta.hot.on('config-gate:ok', () => document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.remove()));
}
