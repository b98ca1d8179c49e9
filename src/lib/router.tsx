/**
 * The site's router: what the app used of React Router's declarative mode (whose 13 kB of gzip every
 * page's first load paid), with its matching rules. BrowserRouter follows window.history, StaticRouter
 * renders one address on the server, MemoryRouter keeps its address in memory (the editor's preview,
 * tests). Every location change is a transition: the page that shows stays until the next one, which
 * suspends while its code loads, is ready. Paths are absolute ('/shop?x=1#y'): none is resolved
 * against another.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  type ComponentProps,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { hrefKind } from './href';
import type { RouteParams } from './route-params';

/** Where the router is: the address's parts, the state its navigation carried, and a key unique to its history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** 'default' for the entry the page loaded with (or one the router did not write). */
  key: string;
}

/** A route: a path (none for a layout route, which only wraps its children) and what it renders. */
export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

type NavigateFunction = (to: string, options?: { replace?: boolean; state?: unknown }) => void;

const LocationContext = createContext<Location | null>(null);
// Apart from the location, so that a navigation does not render again what only navigates.
const NavigateContext = createContext<NavigateFunction | null>(null);
const RouteContext = createContext<{ params: RouteParams; outlet: ReactNode }>({ params: {}, outlet: null });

function inRouter<T>(value: T | null): T {
  if (value === null) throw new Error('a router hook or component is used outside a router');
  return value;
}

/** A path ('/a?b#c') as a location. */
function parseLocation(path: string, state: unknown, key: string): Location {
  const [, pathname, search = '', hash = ''] = /^([^?#]*)(\?[^#]*)?(#.*)?$/s.exec(path) ?? [];
  return { pathname: pathname || '/', search, hash, state, key };
}

const createKey = () => Math.random().toString(36).slice(2, 10);

function Router({ location, navigate, children }: { location: Location; navigate: NavigateFunction; children: ReactNode }) {
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/**
 * What the router writes as a history entry's state: the navigation's state, the entry's key and its
 * index in the tab's history (the shape React Router wrote, so entries from before read the same).
 */
type HistoryEntry = { usr: unknown; key: string; idx: number };

function browserLocation(): Location {
  const entry = window.history.state as Partial<HistoryEntry> | null;
  const { pathname, search, hash } = window.location;
  return { pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? 'default' };
}

/** The router of the browser: its location is the window's, and it follows the history's back and forward (popstate). */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  useLayoutEffect(() => {
    const follow = () => startTransition(() => setLocation(browserLocation()));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  const navigate = useCallback<NavigateFunction>((to, { replace = false, state = null } = {}) => {
    const idx = ((window.history.state as Partial<HistoryEntry> | null)?.idx ?? 0) + (replace ? 0 : 1);
    const entry: HistoryEntry = { usr: state, key: createKey(), idx };
    if (replace) window.history.replaceState(entry, '', to);
    else window.history.pushState(entry, '', to);
    // Read back from the window: the browser's spelling of the address ('/a b' is '/a%20b').
    startTransition(() => setLocation(browserLocation()));
  }, []);
  return (
    <Router location={location} navigate={navigate}>
      {children}
    </Router>
  );
}

/** A router whose location is in memory, at the last of `initialEntries` first; it keeps no entries to go back to. */
export function MemoryRouter({ initialEntries = ['/'], children }: { initialEntries?: string[]; children: ReactNode }) {
  const [location, setLocation] = useState(() => parseLocation(initialEntries[initialEntries.length - 1] ?? '/', null, 'default'));
  const navigate = useCallback<NavigateFunction>(
    (to, { state = null } = {}) => startTransition(() => setLocation(parseLocation(to, state, createKey()))),
    [],
  );
  return (
    <Router location={location} navigate={navigate}>
      {children}
    </Router>
  );
}

const stay: NavigateFunction = () => {};

/** The server's router: renders `location` (path and query). Navigating does nothing (effects, which navigate, do not run there). */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  return (
    <Router location={parseLocation(location, null, 'default')} navigate={stay}>
      {children}
    </Router>
  );
}

export function useLocation(): Location {
  return inRouter(useContext(LocationContext));
}

/** The router's navigate function (the same function on every render): goes to a path, pushing a history entry unless `replace`. */
export function useNavigate(): NavigateFunction {
  return inRouter(useContext(NavigateContext));
}

/** The params of the route that matched (those of all its levels). */
export function useParams(): RouteParams {
  return useContext(RouteContext).params;
}

/** The query of the location. Read only: nothing here sets it. */
export function useSearchParams(): readonly [URLSearchParams] {
  const { search } = useLocation();
  return useMemo(() => [new URLSearchParams(search)] as const, [search]);
}

/** Navigates to `to` once rendered (in an effect: on the server it does nothing). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }): null {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/** Where a layout route's element shows the route it wraps. */
export function Outlet(): ReactNode {
  return useContext(RouteContext).outlet;
}

type LinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string; replace?: boolean; state?: unknown };

/**
 * A link to `to`. A plain click (main button, no modifier key, no `target` other than _self, no
 * `download`) on a link to a site path navigates in the app, replacing the history entry when the
 * link is to where the router is already; any other click, and a link elsewhere, is the browser's.
 */
export function Link({ to, replace, state, onClick, children, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const { pathname, search, hash } = useLocation();
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.altKey || event.ctrlKey || event.shiftKey;
    const browsers = (rest.target !== undefined && rest.target !== '_self') || rest.download !== undefined || hrefKind(to) !== 'path';
    if (event.defaultPrevented || event.button !== 0 || modified || browsers) return;
    event.preventDefault();
    navigate(to, { replace: replace ?? to === pathname + search + hash, state });
  };
  return (
    <a {...rest} href={to} onClick={click}>
      {children}
    </a>
  );
}

/** A path a route table matches: the routes from the outermost to the one whose path it is. */
type Branch = { routes: RouteObject[]; pattern: RegExp; names: string[]; score: number };

/** The paths an optional segment ('/terms/:slug?') stands for: with it, then without ('/terms/:slug', '/terms'). */
function explode(path: string): string[] {
  const [first, ...rest] = path.split('/');
  return rest.reduce(
    (paths, segment) => {
      const joined = paths.map((head) => `${head}/${segment.replace(/\?$/, '')}`);
      return segment.endsWith('?') ? [...joined, ...paths] : joined;
    },
    [first],
  );
}

/**
 * A route path as a pattern: static segments match in any letter case, ':name' one non-empty segment,
 * a final '*' the rest of the path (the param '*'; a path of just '*' matches every path). Trailing
 * slashes are optional on both sides: '/a/' and '/a' match the same paths.
 */
function compile(path: string): Pick<Branch, 'pattern' | 'names'> {
  const names: string[] = [];
  const source = path
    .replace(/\/*\*?$/, '')
    .replace(/^\/*/, '/')
    .replace(/[\\.*+^${}|()[\]]/g, '\\$&')
    .replace(/\/:([\w-]+)/g, (_whole, name: string) => {
      names.push(name);
      return '/([^\\/]+)';
    });
  if (!path.endsWith('*')) return { pattern: new RegExp(`^${source}\\/*$`, 'i'), names };
  names.push('*');
  return { pattern: new RegExp(`^${source}${path === '*' || path === '/*' ? '(.*)$' : '(?:\\/(.+)|\\/*)$'}`, 'i'), names };
}

/**
 * How specific a path is; the highest that matches wins: each segment counts 1, and 10 more when
 * static, 3 more for a ':param', 1 more when empty (a trailing slash); a splat takes 2 off.
 */
function score(path: string): number {
  const segments = path.split('/');
  const base = segments.length - (segments.includes('*') ? 2 : 0);
  return segments.reduce((sum, segment) => sum + (segment === '*' ? 0 : /^:[\w-]+$/.test(segment) ? 3 : segment === '' ? 1 : 10), base);
}

/**
 * The branches of a route table, in its order with a route's children before the route itself (a tie
 * of scores goes to the branch that comes first here).
 */
function flatten(routes: readonly RouteObject[], parents: RouteObject[] = [], parentPath = '', branches: Branch[] = []): Branch[] {
  for (const route of routes) {
    for (const own of explode(route.path ?? '')) {
      const path = (own.startsWith('/') ? own : `${parentPath}/${own}`).replace(/\/\/+/g, '/');
      const chain = [...parents, route];
      if (route.children?.length) flatten(route.children, chain, path, branches);
      if (route.path !== undefined) branches.push({ routes: chain, ...compile(path), score: score(path) });
    }
  }
  return branches;
}

/** The ranked branches of each route table, worked out at its first match (a table does not change once built). */
const ranked = new WeakMap<readonly RouteObject[], Branch[]>();

/**
 * A path with each segment percent-decoded (an encoded '/' stays '%2F' until the params are read); as
 * written when an escape is malformed.
 */
function decodePath(path: string): string {
  try {
    return path
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return path;
  }
}

/** The routes that match a path, from the outermost layout route to the deepest; null when none does. */
export function matchRoutes(
  routes: readonly RouteObject[],
  location: string | { pathname?: string },
): { route: RouteObject; params: RouteParams }[] | null {
  let branches = ranked.get(routes);
  if (!branches) ranked.set(routes, (branches = flatten(routes).sort((a, b) => b.score - a.score)));
  const pathname = decodePath((typeof location === 'string' ? parseLocation(location, null, '') : location).pathname || '/');
  for (const branch of branches) {
    const found = branch.pattern.exec(pathname);
    if (!found) continue;
    const params = Object.fromEntries(branch.names.map((name, i) => [name, (found[i + 1] ?? '').replace(/%2F/g, '/')]));
    return branch.routes.map((route) => ({ route, params }));
  }
  return null;
}

/** The element of the routes that match the location (a route without one shows its child); null when none does. */
export function useRoutes(routes: readonly RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  return useMemo(() => {
    const matches = matchRoutes(routes, pathname) ?? [];
    return matches.reduceRight<ReactNode>(
      (outlet, { route, params }) => <RouteContext.Provider value={{ params, outlet }}>{route.element ?? outlet}</RouteContext.Provider>,
      null,
    );
  }, [routes, pathname]);
}

/** A route of <Routes>: never rendered, its props are the route. */
export function Route(_route: { path?: string; element?: ReactNode; children?: ReactNode }): ReactNode {
  return null;
}

function routesOf(children: ReactNode): RouteObject[] {
  return Children.toArray(children)
    .filter(isValidElement<ComponentProps<typeof Route>>)
    .map(({ props }) => ({ path: props.path, element: props.element, children: props.children ? routesOf(props.children) : undefined }));
}

/** The route table its <Route> children write, rendered as useRoutes does. */
export function Routes({ children }: { children: ReactNode }): ReactNode {
  return useRoutes(routesOf(children));
}
