import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** The page store of the spec: the header colours that the page's banner chooses. */
export interface PageChrome {
  headerColor: 'primary' | 'white';
  textColor: 'white' | 'primary';
}

interface PageChromeApi extends PageChrome {
  /** Called by a banner with its styles.backgroundColor: 'blue' gives a primary header with white text. */
  setBannerBackground(color: string | null | undefined): void;
}

const defaultChrome: PageChrome = { headerColor: 'white', textColor: 'primary' };

function chromeFor(color: string | null | undefined): PageChrome {
  return color?.trim().toLowerCase() === 'blue' ? { headerColor: 'primary', textColor: 'white' } : defaultChrome;
}

const PageChromeContext = createContext<PageChromeApi>({ ...defaultChrome, setBannerBackground: () => {} });

export function PageChromeProvider({ children, resetKey }: { children: ReactNode; resetKey: string }) {
  const [state, setState] = useState<{ key: string; chrome: PageChrome }>({ key: resetKey, chrome: defaultChrome });
  // A new page starts with the default header until its banner says otherwise.
  const chrome = state.key === resetKey ? state.chrome : defaultChrome;
  const setBannerBackground = useCallback(
    (color: string | null | undefined) => setState({ key: resetKey, chrome: chromeFor(color) }),
    [resetKey],
  );
  const value = useMemo(() => ({ ...chrome, setBannerBackground }), [chrome, setBannerBackground]);
  return <PageChromeContext.Provider value={value}>{children}</PageChromeContext.Provider>;
}

export function usePageChrome(): PageChromeApi {
  return useContext(PageChromeContext);
}
