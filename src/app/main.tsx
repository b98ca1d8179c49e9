import { Fragment, startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { mutate } from 'swr';
import { logError } from '../lib/log';
import { CONTENT_UPDATE } from '../lib/site';
import { AppProviders } from './AppProviders';
import type { HandedOver } from './entry-server';
import { buildRoutes, resolveForHydration } from './router';
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

const routes = buildRoutes();
const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <AppProviders fallback={data?.fallback ?? {}}>
    <RouterProvider router={router} />
  </AppProviders>
);

let router: ReturnType<typeof createBrowserRouter>;
let reactRoot: Root;
if (data && root.hasChildNodes()) {
  await resolveForHydration(routes);
  const hydrating = createBrowserRouter(routes);
  router = hydrating;
  // As a transition, hydration yields to the browser every few milliseconds instead of one long
  // task over the whole page (a phone stays responsive; Lighthouse's Total Blocking Time).
  reactRoot = await new Promise<Root>((done) => startTransition(() => done(hydrateRoot(root, app(hydrating)))));
} else {
  router = createBrowserRouter(routes);
  reactRoot = createRoot(root);
  reactRoot.render(app(router));
}

// `npm run dev`: an edit of the config or a form was taken in (lib/site.ts, forms/use-form-definition.ts):
// the router is built again from the new route table and the page rendered anew at the same address.
// Production builds drop this block.
if (import.meta.hot) {
  const devRoot = reactRoot;
  window.addEventListener(CONTENT_UPDATE, () => {
    router.dispose();
    router = createBrowserRouter(buildRoutes());
    devRoot.render(<Fragment key={Date.now()}>{app(router)}</Fragment>);
  });
  // A content file changed and the dev API follows it (scripts/dev.ts): every request is made again.
  import.meta.hot.on('content:changed', () => void mutate(() => true));
  // The files are valid again (scripts/lib/vite-config-gate.ts): the last overlay goes.
  import.meta.hot.on('config-gate:ok', () => document.querySelectorAll('vite-error-overlay').forEach((overlay) => overlay.remove()));
}
