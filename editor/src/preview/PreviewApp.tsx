import { createContext, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { mutate } from 'swr';
import { matchRoutes, MemoryRouter, useLocation, useNavigate, useParams, type RouteObject } from 'react-router';
import { AppProviders } from '../../../src/app/AppProviders';
import { AppRoutes } from '../../../src/app/router';
import { Shell } from '../../../src/app/Shell';
import { PageRenderer } from '../../../src/engine/PageRenderer';
import { isBlockType, loadBlocks, loadedBlock } from '../../../src/engine/registry';
import type { PageConfig } from '../../../src/generated/config';
import type { BlockSection } from '../../../src/generated/sections';
import { fillSiteText, type PageRoute } from '../../../src/lib/site';
import type { PageValue, SectionValue } from '../core/types';
import { useKeyed } from '../core/use-keyed';
import { SectionOverlay } from './overlay';
import { isToPreview, type FromPreview, type RenderMessage } from './protocol';

/**
 * The preview frame: the page the editor sends (its unsaved config, presets resolved) rendered by the
 * site's own engine, in the app's providers and shell, on a memory router at the page's address.
 */

function post(message: FromPreview): void {
  window.parent.postMessage(message, window.location.origin);
}

/** Whether a section failed to render since the last page the editor sent (the page then mounts anew). */
let failedSinceRender = false;

/** React's onCaughtError (preview/main.tsx): a section's boundary caught an error. */
export function sectionFailed(error: unknown): void {
  failedSinceRender = true;
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}

const PageContext = createContext<{ page: PageValue; url: string } | null>(null);

function PreviewPage() {
  const current = useContext(PageContext);
  const params = useParams();
  const { pathname } = useLocation();
  if (!current) return null;
  const { page } = current;
  if (page.redirect) {
    return (
      <p className="editor-preview-note" role="status">
        This page only redirects to <code>{page.redirect}</code>.
      </p>
    );
  }
  return <PageRenderer key={pathname} page={page as unknown as PageConfig} params={params} />;
}

/** Whether the preview shows Elsewhere: new content then mounts the page anew at its address. */
let elsewhere = false;
/** When the last new content came (performance.now()), and how the page is mounted anew. */
let contentAt = -Infinity;
/** When the editor last sent a page (a new item's address comes before its draft reaches the API). */
let renderAt = -Infinity;
let remount: () => void = () => undefined;
/** A page that went elsewhere this soon after new content (a request made before it) is mounted anew. */
const CONTENT_SETTLE_MS = 3000;

/** Whether a not-found may be an item whose draft is on its way to the preview's API (or just came). */
function draftMayCome(): boolean {
  return performance.now() - Math.max(contentAt, renderAt) < CONTENT_SETTLE_MS;
}

/**
 * Where a block sent the preview (a /404 for a missing item, a link): a note and the way back. A
 * not-found soon after a page or content came is not a note: the item's draft is on its way.
 */
function Elsewhere() {
  const current = useContext(PageContext);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [waiting, setWaiting] = useState(() => pathname === '/404' && draftMayCome());
  useEffect(() => {
    elsewhere = true;
    if (performance.now() - contentAt < CONTENT_SETTLE_MS) remount();
    const timer = setTimeout(() => setWaiting(false), CONTENT_SETTLE_MS);
    return () => {
      elsewhere = false;
      clearTimeout(timer);
    };
  }, []);
  if (waiting) {
    return (
      <p className="editor-preview-note" role="status">
        Loading the content…
      </p>
    );
  }
  return (
    <div className="editor-preview-note" role="status">
      <p>
        The page went to <code>{pathname}</code>
        {pathname === '/404' ? ' (its content was not found for the sample address)' : ''}.
      </p>
      {current && (
        <button type="button" className="site-button" onClick={() => void navigate(current.url)}>
          Back to {current.url}
        </button>
      )}
    </div>
  );
}

function RouteFailed() {
  return (
    <p className="editor-preview-note" role="alert">
      The page failed to render (see the browser console).
    </p>
  );
}

/** Keeps the section objects of sections that did not change, so the engine's memoised slots do not render again. */
function useStableSections(page: PageValue | null): PageValue | null {
  const previous = useRef(new Map<string, SectionValue>());
  return useMemo(() => {
    if (!page) return null;
    const next = new Map<string, SectionValue>();
    const sections = (page.sections ?? []).map((section) => {
      const json = JSON.stringify(section);
      const kept = previous.current.get(json) ?? section;
      next.set(json, kept);
      return kept;
    });
    previous.current = next;
    return { ...page, sections };
  }, [page]);
}

function sectionKey(page: PageValue, section: SectionValue, index: number): string {
  return `${page.name}/${section.id ?? `${index}-${section.type}`}`;
}

export function PreviewApp() {
  const [message, setMessage] = useState<RenderMessage | null>(null);
  const [generation, setGeneration] = useState(0);
  /** Blocks of the page to show are loading: 'page' for another page than the one shown (not shown meanwhile). */
  const [loading, setLoading] = useState<false | 'page' | 'blocks'>(false);
  const page = useStableSections(message?.page ?? null);
  const pageRef = useRef(page);
  pageRef.current = page;
  const overlay = useRef<SectionOverlay | null>(null);
  const last = useRef<RenderMessage | null>(null);
  /** The message the page shown was rendered from. */
  const shown = useRef<RenderMessage | null>(null);
  /** The selection changed: once rendered, the selected section is scrolled into view. */
  const scroll = useRef(false);

  useEffect(() => {
    remount = () => setGeneration((n) => n + 1);
    overlay.current = new SectionOverlay({
      indexOf: (key) => {
        const current = pageRef.current;
        const index = current?.sections?.findIndex((section, i) => sectionKey(current, section, i) === key);
        return index === undefined || index < 0 ? undefined : index;
      },
      labelOf: (index) => shown.current?.labels?.[index] ?? pageRef.current?.sections?.[index]?.type ?? '',
      onSelect: (index) => post({ type: 'select', index }),
    });
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== window.parent || !isToPreview(event.data)) return;
      const data = event.data;
      if (data.type === 'render') {
        renderAt = performance.now();
        if (failedSinceRender) {
          failedSinceRender = false;
          setGeneration((n) => n + 1);
        }
        const before = last.current;
        last.current = data;
        scroll.current ||= !before || before.selected !== data.selected || before.url !== data.url;
        const sections = (data.page.sections ?? []) as unknown as BlockSection[];
        // As the site's route does (app/router.tsx), the blocks' chunks are in before the page
        // renders (not their preloads: a block loads its form itself); an edit that adds no new
        // block type renders at once.
        if (sections.every((section) => !isBlockType(section.type) || loadedBlock(section.type))) {
          setLoading(false);
          shown.current = data;
          setMessage(data);
        } else {
          const onShow = shown.current;
          setLoading(onShow && onShow.page.name === data.page.name && onShow.url === data.url ? 'blocks' : 'page');
          void loadBlocks(sections.map((section) => section.type))
            .catch((error: unknown) => console.error(error))
            .then(() => {
              if (last.current !== data) return;
              setLoading(false);
              shown.current = data;
              setMessage(data);
            });
        }
      } else if (data.type === 'content') {
        // The unsaved content changed: every source the page shows is fetched again (the data stays
        // on screen meanwhile). A page that went elsewhere (a new item not in the content yet: a
        // /404) is mounted anew at its address.
        contentAt = performance.now();
        void mutate(() => true);
        if (elsewhere) remount();
      } else overlay.current?.select(data.index, true);
    };
    window.addEventListener('message', onMessage);
    post({ type: 'ready' });
    return () => window.removeEventListener('message', onMessage);
  }, []);

  useEffect(() => {
    if (!message) return;
    overlay.current?.select(message.selected, scroll.current);
    scroll.current = false;
  }, [message]);

  // The route table: the shell and the page's route. Made again only when what the route or the
  // shell reads of the page changes (not for an edit of its sections).
  const routeKey = page
    ? JSON.stringify([page.name, page.path, page.title, page.layout, page.owner, page.params, page.redirect, message?.url, generation])
    : '';
  const routePage = useKeyed(page, routeKey);
  const routes = useMemo(() => {
    if (!routePage) return null;
    const { sections: _sections, ...rest } = routePage;
    const pageRoute = { ...rest, key: routePage.name } as unknown as PageRoute;
    const path = fillSiteText(routePage.path);
    const pageAt = (pathname: string) => (matchRoutes([{ path }], pathname) ? pageRoute : undefined);
    const table: RouteObject[] = [
      {
        element: <Shell pageAt={pageAt} />,
        children: [
          { path, element: <PreviewPage /> },
          { path: '*', element: <Elsewhere /> },
        ],
      },
    ];
    return table;
  }, [routePage]);

  const context = useMemo(() => (page && message ? { page, url: message.url } : null), [page, message]);
  if (!routes || !message || !context) {
    return (
      <p className="editor-preview-note" role="status">
        Waiting for the editor…
      </p>
    );
  }
  if (loading === 'page') {
    return (
      <p className="editor-preview-note" role="status">
        Loading the page’s blocks…
      </p>
    );
  }
  return (
    <>
      {loading && (
        <p className="editor-preview-loading" role="status">
          Loading the page’s blocks…
        </p>
      )}
      <AppProviders fallback={{}}>
        <PageContext.Provider value={context}>
          {/* A new route table is a new router: a router keeps the entries it mounted with. */}
          <MemoryRouter key={routeKey} initialEntries={[message.url]}>
            <AppRoutes routes={routes} fallback={<RouteFailed />} />
          </MemoryRouter>
        </PageContext.Provider>
      </AppProviders>
    </>
  );
}
