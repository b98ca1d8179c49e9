import type { ReactNode } from 'react';
import { createDOMRenderer, FluentProvider, RendererProvider, type GriffelRenderer, type PartialTheme } from '@fluentui/react-components';

/**
 * The theme's values are CSS custom properties on :root (src/generated/theme.css, generated from
 * src/app/theme.ts), so no theme ships as JavaScript; the provider only sets Fluent's base styles.
 */
const NO_THEME: PartialTheme = {};

/** The browser's Griffel renderer: one for the page, which takes over the styles the server rendered. */
let browserRenderer: GriffelRenderer | undefined;

/**
 * Where Fluent UI components render (forms, checkouts, dialogs, the drawer): Fluent's provider
 * (its base text styles, focus indicators, portals) around them, and not around the whole app, so
 * that pages without a Fluent component download none of Fluent's or Griffel's code. On the server
 * the app's RendererProvider (entry-server.tsx) collects the styles; in the browser the first scope
 * creates the page's renderer, which adopts the server's style elements instead of inserting them
 * again. The wrapper is `display: contents` (site.css): it adds no box to the layout.
 */
export function FluentScope({ children }: { children: ReactNode }) {
  const provider = (
    <FluentProvider theme={NO_THEME} className="fluent-scope">
      {children}
    </FluentProvider>
  );
  if (typeof document === 'undefined') return provider;
  browserRenderer ??= createDOMRenderer(document);
  return <RendererProvider renderer={browserRenderer}>{provider}</RendererProvider>;
}
