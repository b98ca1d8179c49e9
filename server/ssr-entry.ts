import type { Writable } from 'node:stream';
import type { BuiltLayout, ChangedSections } from './release-layout';

/**
 * The contract between the server and the site's server bundle (`vite build --ssr` of
 * src/app/entry-server.tsx, loaded by render.ts and the previews): what it exports and what a render answers.
 */

/** The SSR bundle's exports (src/app/entry-server.tsx; tests/server/ssr-contract.test.ts type-checks that the two agree). */
export interface SsrEntry {
  /**
   * What the page at `href` is cached as (its HTML depends only on that); a path that matches no route
   * is the not-found page; a redirect page, or a page's path spelt otherwise than the site spells it,
   * is a redirect to that path (a relative URL, the query kept).
   */
  cachedAs: (href: string, sections?: ChangedSections) => Promise<{ key: string } | { notFound: true } | { redirect: string }>;
  render: (href: string, options: SsrRenderOptions) => Promise<SsrResult>;
  /** The not-found page, one for every unknown path, slug or article id. */
  renderNotFound: (options: SsrRenderOptions) => Promise<SsrPage>;
  headHtml: (head: SsrHead) => string;
  /** The API origin the site was built for ('' for its own origin). */
  BUILT_API_ORIGIN: string;
  /** The layout the bundle was built with (release-layout.ts); a bundle without it renders the build's only. */
  builtLayout?: () => Promise<BuiltLayout>;
}

export interface SsrRenderOptions {
  publicUrl: string;
  apiBaseUrl: string;
  fetch?: (input: string, init?: RequestInit) => Promise<Response>;
  /** Sections that replace the build's in this render, by page key (release-layout.ts). */
  sections?: ChangedSections;
  /** The forms of the live release that differ from the build's (server/forms/release-forms.ts); none: the build's. */
  forms?: Readonly<Record<string, unknown>>;
}

export interface SsrHead {
  lang: string;
  title: string;
  description: string;
  canonical?: string;
  image?: string;
}

export interface SsrPage {
  kind: 'page';
  status: 200 | 404;
  head: SsrHead;
  styles: string;
  blocks: string[];
  /** The blocks of `blocks` that run in the browser (not `x-hydrate: never`): only their chunks are preloaded. */
  scriptBlocks: string[];
  /** The forms of those blocks (names of forms/*.json): their chunks are preloaded with the blocks'. */
  forms?: string[];
  /** The page's key in the route table: its sections' chunk is src/generated/page-sections/<key>.json. */
  pageKey: string;
  /** Handed to the browser; `sections` only when the render's sections differ from the build's. */
  data: { fallback: Record<string, unknown>; notFound: boolean; sections?: ChangedSections };
  /** Data requests that failed: the page is not cached. */
  failed: number;
  pipe: (destination: Writable) => void;
}

export type SsrResult = { kind: 'redirect'; status: 301 | 302; location: string } | { kind: 'not-found' } | SsrPage;
