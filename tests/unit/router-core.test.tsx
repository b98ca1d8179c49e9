// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BrowserRouter,
  Link,
  matchRoutes,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  StaticRouter,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
  type Location,
  type RouteObject,
} from '../../src/lib/router';

/** The paths of the routes that match `path`, outermost first, and the params; null when none does. */
function matched(routes: RouteObject[], path: string) {
  const matches = matchRoutes(routes, path);
  return matches && { paths: matches.map(({ route }) => route.path ?? '(layout)'), params: matches[0].params };
}

describe('matching', () => {
  // Listed least specific first: the order of the table does not decide, specificity does.
  const routes: RouteObject[] = [
    {
      children: [
        { path: '*' },
        { path: '/shop/*' },
        { path: '/shop/:slug' },
        { path: '/shop/special' },
        { path: '/shop/:slug/:plan' },
        { path: '/reseller/:slug/' },
        { path: '/terms/:slug?' },
        { path: '/about' },
        { path: '/about' },
        { path: '/' },
      ],
    },
  ];

  it('ranks a static segment over a :param over a splat, and the catch-all last', () => {
    expect(matched(routes, '/shop/special')).toEqual({ paths: ['(layout)', '/shop/special'], params: {} });
    expect(matched(routes, '/shop/other')).toEqual({ paths: ['(layout)', '/shop/:slug'], params: { slug: 'other' } });
    expect(matched(routes, '/shop/a/b')).toEqual({ paths: ['(layout)', '/shop/:slug/:plan'], params: { slug: 'a', plan: 'b' } });
    expect(matched(routes, '/shop/a/b/c')).toEqual({ paths: ['(layout)', '/shop/*'], params: { '*': 'a/b/c' } });
    expect(matched(routes, '/shop')).toEqual({ paths: ['(layout)', '/shop/*'], params: { '*': '' } });
    expect(matched(routes, '/nowhere/at/all')).toEqual({ paths: ['(layout)', '*'], params: { '*': 'nowhere/at/all' } });
    expect(matched(routes, '/')?.paths).toEqual(['(layout)', '/']);
  });

  it('gives a tie to the route listed first', () => {
    expect(matchRoutes(routes, '/about')?.[1].route).toBe(routes[0].children?.[7]);
  });

  it('matches with or without a trailing slash, in any letter case, and reads the path only', () => {
    expect(matched(routes, '/about/')?.paths).toEqual(['(layout)', '/about']);
    expect(matched(routes, '/reseller/x')).toEqual({ paths: ['(layout)', '/reseller/:slug/'], params: { slug: 'x' } });
    expect(matched(routes, '/reseller/x/')).toEqual({ paths: ['(layout)', '/reseller/:slug/'], params: { slug: 'x' } });
    expect(matched(routes, '/ABOUT')?.paths).toEqual(['(layout)', '/about']);
    expect(matched(routes, '/Shop/Mixed')?.params).toEqual({ slug: 'Mixed' });
    expect(matched(routes, '/shop/x?plan=1#top')?.params).toEqual({ slug: 'x' });
    expect(matchRoutes(routes, { pathname: '/shop/y' })?.[1].params).toEqual({ slug: 'y' });
  });

  it('takes an optional segment or leaves it out', () => {
    expect(matched(routes, '/terms')).toEqual({ paths: ['(layout)', '/terms/:slug?'], params: {} });
    expect(matched(routes, '/terms/app')).toEqual({ paths: ['(layout)', '/terms/:slug?'], params: { slug: 'app' } });
  });

  it('decodes params, an encoded slash included, and takes a malformed escape as written', () => {
    expect(matched(routes, '/shop/a%20b')?.params).toEqual({ slug: 'a b' });
    expect(matched(routes, '/shop/a%2Fb')?.params).toEqual({ slug: 'a/b' });
    expect(matched(routes, '/shop/%C3%A9t%C3%A9')?.params).toEqual({ slug: 'été' });
    expect(matched(routes, '/abou%74')?.paths).toEqual(['(layout)', '/about']);
    expect(matched(routes, '/shop/%E0%A4%A')?.params).toEqual({ slug: '%E0%A4%A' });
  });

  it('is null where nothing matches', () => {
    expect(matchRoutes([{ path: '/a' }], '/b')).toBeNull();
    expect(matchRoutes([{ path: '/a/:id' }], '/a/')).toBeNull();
  });
});

/** What the router shows: its location, and buttons that navigate. */
let seen: Location[] = [];
function Probe() {
  const location = useLocation();
  const navigate = useNavigate();
  seen.push(location);
  return (
    <>
      <output>{location.pathname + location.search + location.hash}</output>
      <button type="button" onClick={() => navigate('/next?y=1#z', { state: { from: 'probe' } })}>
        push
      </button>
      <button type="button" onClick={() => navigate('/replaced', { replace: true })}>
        replace
      </button>
    </>
  );
}
const shown = () => screen.getByRole('status').textContent;
const last = () => seen[seen.length - 1];

function browser(children: ReactNode = <Probe />) {
  return render(<BrowserRouter>{children}</BrowserRouter>);
}

beforeEach(() => {
  seen = [];
  window.history.replaceState(null, '', '/start');
});
afterEach(cleanup);

describe('BrowserRouter', () => {
  it("starts at the window's location with the key 'default'", () => {
    window.history.replaceState(null, '', '/start?q=1#h');
    browser();
    expect(last()).toEqual({ pathname: '/start', search: '?q=1', hash: '#h', state: null, key: 'default' });
  });

  it('pushes and replaces history entries, each with a new key, and reads a path, query and hash', async () => {
    browser();
    const length = window.history.length;
    await act(async () => fireEvent.click(screen.getByText('push')));
    expect(shown()).toBe('/next?y=1#z');
    expect(last()).toMatchObject({ pathname: '/next', search: '?y=1', hash: '#z', state: { from: 'probe' } });
    expect(last().key).not.toBe('default');
    expect(window.location.pathname).toBe('/next');
    expect(window.history.length).toBe(length + 1);
    expect(window.history.state).toEqual({ usr: { from: 'probe' }, key: last().key, idx: 1 });

    const pushed = last().key;
    await act(async () => fireEvent.click(screen.getByText('replace')));
    expect(shown()).toBe('/replaced');
    expect(window.history.length).toBe(length + 1);
    expect(last().key).not.toBe(pushed);
    expect(window.history.state).toEqual({ usr: null, key: last().key, idx: 1 });
  });

  it('keeps the key of an entry across a reload', async () => {
    const first = browser();
    await act(async () => fireEvent.click(screen.getByText('push')));
    const key = last().key;
    first.unmount();
    browser();
    expect(last()).toMatchObject({ pathname: '/next', key, state: { from: 'probe' } });
  });

  it('follows the browser back and forward (popstate)', async () => {
    browser();
    await act(async () => fireEvent.click(screen.getByText('push')));
    await act(async () => {
      window.history.pushState(null, '', '/elsewhere');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(shown()).toBe('/elsewhere');
    expect(last().key).toBe('default');
  });

  it('gives the same navigate function on every render', async () => {
    const navigates = new Set<unknown>();
    function Keeper() {
      navigates.add(useNavigate());
      const [, setCount] = useState(0);
      return (
        <button type="button" onClick={() => setCount((count) => count + 1)}>
          again
        </button>
      );
    }
    browser(
      <>
        <Keeper />
        <Probe />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByText('again')));
    await act(async () => fireEvent.click(screen.getByText('push')));
    expect(navigates.size).toBe(1);
  });
});

describe('Link', () => {
  /** Whether the click's default (the browser following the link) was prevented; the document never navigates. */
  let prevented: boolean | undefined;
  const record = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  beforeEach(() => {
    prevented = undefined;
    document.addEventListener('click', record);
  });
  afterEach(() => document.removeEventListener('click', record));

  it('navigates in the app on a plain click, and calls its onClick', async () => {
    let clicked = 0;
    browser(
      <>
        <Link to="/shop?plan=2" className="x" onClick={() => clicked++}>
          Shop
        </Link>
        <Probe />
      </>,
    );
    const link = screen.getByRole('link', { name: 'Shop' });
    expect(link.getAttribute('href')).toBe('/shop?plan=2');
    expect(link.className).toBe('x');
    await act(async () => fireEvent.click(link));
    expect(prevented).toBe(true);
    expect(clicked).toBe(1);
    expect(shown()).toBe('/shop?plan=2');
    expect(window.location.pathname).toBe('/shop');
  });

  it('replaces the entry when it leads where the router is', async () => {
    browser(
      <>
        <Link to="/start">Here</Link>
        <Probe />
      </>,
    );
    const length = window.history.length;
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Here' })));
    expect(prevented).toBe(true);
    expect(window.history.length).toBe(length);
    expect(last().key).not.toBe('default');
  });

  it('leaves a modified or other-button click, a new tab, a download, another site and a prevented click to the browser', async () => {
    browser(
      <>
        <Link to="/shop">Shop</Link>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/file.pdf" download>
          File
        </Link>
        <Link to="https://example.org/">Out</Link>
        <Link to="//example.org/">Protocol-relative</Link>
        <Link to="/mine" onClick={(event) => event.preventDefault()}>
          Mine
        </Link>
        <Probe />
      </>,
    );
    const shop = screen.getByRole('link', { name: 'Shop' });
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      prevented = undefined;
      await act(async () => fireEvent.click(shop, modifier));
      expect(prevented).toBe(false);
    }
    for (const name of ['Terms', 'File', 'Out', 'Protocol-relative']) {
      prevented = undefined;
      await act(async () => fireEvent.click(screen.getByRole('link', { name })));
      expect(prevented).toBe(false);
    }
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Mine' })));
    expect(shown()).toBe('/start');
    expect(window.location.pathname).toBe('/start');
  });
});

describe('routes', () => {
  it('renders the matched routes, each around the next, with the params of the match', () => {
    function Shell() {
      return (
        <main>
          <Outlet />
        </main>
      );
    }
    function Plan() {
      return <p>plan {useParams().slug}</p>;
    }
    function App() {
      return useRoutes([{ element: <Shell />, children: [{ path: '/shop/:slug', element: <Plan /> }] }]);
    }
    const { container } = render(
      <MemoryRouter initialEntries={['/shop/gold%20plan']}>
        <App />
      </MemoryRouter>,
    );
    expect(container.innerHTML).toBe('<main><p>plan gold plan</p></main>');
  });

  it('Navigate goes on once rendered, replacing the entry when asked', async () => {
    browser(
      <>
        <Routes>
          <Route path="/start" element={<Navigate to="/there?x=1" replace />} />
          <Route path="/there" element={<p>There</p>} />
        </Routes>
        <Probe />
      </>,
    );
    expect(await screen.findByText('There')).toBeTruthy();
    expect(shown()).toBe('/there?x=1');
    expect(window.history.state).toMatchObject({ idx: 0 });
  });

  it('reads the query with useSearchParams', () => {
    function Status() {
      const [search] = useSearchParams();
      return <p>{search.get('status')}</p>;
    }
    render(
      <MemoryRouter initialEntries={['/shop/payment?status=paid#top']}>
        <Status />
      </MemoryRouter>,
    );
    expect(screen.getByText('paid')).toBeTruthy();
  });

  it('renders the location on the server, where Navigate does nothing', () => {
    const html = renderToString(
      <StaticRouter location="/shop/x?status=paid">
        <Routes>
          <Route path="/shop/:slug" element={<Navigate to="/404" />} />
        </Routes>
        <Probe />
      </StaticRouter>,
    );
    expect(html).toContain('<output>/shop/x?status=paid</output>');
    expect(last()).toEqual({ pathname: '/shop/x', search: '?status=paid', hash: '', state: null, key: 'default' });
  });

  it('refuses a hook outside a router', () => {
    function Lost() {
      useLocation();
      return null;
    }
    expect(() => renderToString(<Lost />)).toThrow(/outside a router/);
  });
});
