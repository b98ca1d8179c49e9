import { StrictMode, useEffect, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { markLive } from '../engine/hydration';
import '../generated/theme.css';

/**
 * What wraps the app in the browser and on the server alike, so that the server's HTML and the
 * hydrated page agree: SWR with the data the server loaded for the page (`fallback`, keyed like the
 * sections' requests). Fluent's provider wraps only what renders Fluent components (FluentScope).
 */
export function AppProviders({ fallback, children }: { fallback: Record<string, unknown>; children: ReactNode }) {
  // The shell runs: data-hydrated on <html> once the first render is committed (the boot script then
  // leaves input outside the sections to React).
  // An effect here, not a component of its own: a sibling in the browser only would shift React's
  // useId values against the server's.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
    // Input kept for the shell (the header's buttons) before it ran is replayed now.
    markLive(document.getElementById('root'));
  }, []);
  return (
    <StrictMode>
      <div className="app-root">
        {/* Data the server rendered with is not fetched again on hydration (revalidateIfStale: false). */}
        <SWRConfig
          value={{ fallback, revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false, dedupingInterval: 60_000 }}
        >
          {children}
        </SWRConfig>
      </div>
    </StrictMode>
  );
}
