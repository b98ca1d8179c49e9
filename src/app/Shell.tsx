import { memo, useEffect, useMemo, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { PageRoute } from '../lib/site';
import { DialogsProvider } from '../lib/dialogs';
import { StaticPart } from '../engine/PageRenderer';
import { Footer } from './Footer';
import { Header } from './Header';
import { pageTitle } from './head';
import { useKeepPlace } from './keep-place';

/** The footer never changes after the server rendered it: never hydrated (a memo, so a re-render of the shell does not reach it). */
const StaticFooter = memo(function StaticFooter() {
  return (
    <StaticPart>
      <Footer />
    </StaticPart>
  );
});

/** The header's HTML is final too (links, and a native popover for the drawer): never hydrated. */
const StaticHeader = memo(function StaticHeader({ drawer }: { drawer: boolean }) {
  return (
    <StaticPart>
      <Header drawer={drawer} />
    </StaticPart>
  );
});

/**
 * The shell around every page. Which parts show is the page's `layout` configuration
 * (reseller pages hide the header, drawer and footer), never a check of the path. `pageAt` gives the
 * page of a path (the route table's match; none for an unknown path).
 */
export function Shell({ pageAt }: { pageAt: (pathname: string) => PageRoute | undefined }) {
  const { pathname } = useLocation();
  const page = useMemo(() => pageAt(pathname), [pageAt, pathname]);
  const layout = { header: true, drawer: true, footer: true, ...page?.layout };

  const title = page && pageTitle(page);
  const announcer = useRef<HTMLParagraphElement>(null);
  useKeepPlace(title, announcer);

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);

  return (
    <DialogsProvider>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      {layout.header && <StaticHeader drawer={layout.drawer} />}
      <main id="main" className={layout.header ? 'site-main site-main--under-header' : 'site-main'} data-page={page?.name}>
        <Outlet />
      </main>
      {layout.footer && <StaticFooter />}
      {/* Says the title of the page a client navigation opened (useKeepPlace). */}
      <p ref={announcer} className="visually-hidden route-announcer" aria-live="polite" aria-atomic="true" />
    </DialogsProvider>
  );
}
