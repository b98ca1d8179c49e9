import { useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import type { PageRoute } from '../lib/site';
import { DialogsProvider } from '../lib/dialogs';
import { PageChromeProvider } from '../lib/page-chrome';
import { Footer } from './Footer';
import { Header } from './Header';
import { pageTitle } from './head';

export interface RouteHandle {
  page: PageRoute;
}

function useCurrentPage(): PageRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i].handle as RouteHandle | undefined;
    if (handle?.page) return handle.page;
  }
  return undefined;
}

/**
 * The shell around every page. Which parts show is the page's `layout` configuration
 * (reseller pages hide the header, drawer and footer), never a check of the path.
 */
export function Shell() {
  const page = useCurrentPage();
  const { pathname } = useLocation();
  const layout = { header: true, drawer: true, footer: true, ...page?.layout };

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (page) document.title = pageTitle(page);
  }, [page]);

  return (
    <PageChromeProvider resetKey={pathname}>
      <DialogsProvider>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        {layout.header && <Header drawer={layout.drawer} />}
        <main id="main" className={layout.header ? 'site-main site-main--under-header' : 'site-main'} data-page={page?.name}>
          <Outlet />
        </main>
        {layout.footer && <Footer />}
      </DialogsProvider>
    </PageChromeProvider>
  );
}
