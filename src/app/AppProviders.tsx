import { StrictMode, type ReactNode } from 'react';
import { FluentProvider, RendererProvider, SSRProvider, type GriffelRenderer, type PartialTheme } from '@fluentui/react-components';
import { SWRConfig } from 'swr';
import '../generated/theme.css';

/**
 * The theme's values are CSS custom properties on :root (src/generated/theme.css, generated from
 * theme.ts), so no theme ships as JavaScript; the provider only sets Fluent's base styles.
 */
const NO_THEME: PartialTheme = {};

/**
 * What wraps the app in the browser and on the server alike, so that the server's HTML and the
 * hydrated page agree: Fluent's theme and stable ids, Griffel's style renderer, and SWR with the
 * data the server loaded for the page (`fallback`, keyed like the sections' requests).
 */
export function AppProviders({
  renderer,
  fallback,
  children,
}: {
  renderer: GriffelRenderer;
  fallback: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <RendererProvider renderer={renderer}>
        <SSRProvider>
          <FluentProvider theme={NO_THEME} className="app-root">
            {/* Data the server rendered with is not fetched again on hydration (revalidateIfStale: false). */}
            <SWRConfig
              value={{ fallback, revalidateOnFocus: false, revalidateIfStale: false, shouldRetryOnError: false, dedupingInterval: 60_000 }}
            >
              {children}
            </SWRConfig>
          </FluentProvider>
        </SSRProvider>
      </RendererProvider>
    </StrictMode>
  );
}
