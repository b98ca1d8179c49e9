import type { SourceRequest } from '../api/sources';
import type { BlockItemMap, BlockPropsMap, BlockType } from '../generated/blocks';
import type { RouteParams } from '../lib/route-params';

/**
 * What every block component receives from the page renderer.
 * - `props`: the section's `props`, checked against the block's schema.json by `npm run validate`,
 *   with the schema's defaults filled in (a prop with a default is never undefined).
 * - `items`: the bound content list (records of the schema's x-item), sorted by precedence ascending
 *   and reduced by the section's pick rule; an empty list when the section has no source.
 * - `params`: the route params, with the page's configured defaults filled in.
 */
export interface BlockRenderProps<K extends BlockType, Item = BlockItemMap[K]> {
  props: BlockPropsMap[K];
  items: Item[];
  params: RouteParams;
}

/** The props of a block type as it receives them (also what its `preload` receives). */
export type BlockProps<K extends BlockType> = BlockPropsMap[K];

/**
 * A content source a block loads itself (with useSource), declared by the block's `sources` export
 * so that the server loads it with the page's other data. `required`: the page is about this record,
 * and a 404 or an empty answer makes it the not-found page.
 */
export interface BlockSourceRequest extends SourceRequest {
  required?: boolean;
}

export type { RouteParams };

/**
 * What a block tells the engine beside its component: one typed object, exported as `block` from
 * the block's index.tsx (`export const block: BlockHooks<'form'> = { ... }`). Every field is
 * optional; a misspelt one (`needScript`) is a type error, not a hook silently ignored.
 */
export interface BlockHooks<K extends BlockType> {
  /**
   * Loads what a section of the block needs (a form file and its validator) so that the page renders
   * complete, without a second spinner. Given the section's props (defaults filled in); a failure is
   * logged and the block loads it itself. It may also start, without waiting for it, what a likely
   * next step needs (the cart: the checkout's code).
   */
  preload?: (props: BlockPropsMap[K]) => Promise<unknown>;
  /**
   * The forms (names of forms/*.json) a section of the block shows, given its props. The engine starts
   * loading each (file and validator) with the block's preload, and the server names their chunks
   * among the page's own, so that a first visit fetches them with the block rather than after it.
   * The page waits for them only if `preload` does: a form the server renders must be in before its
   * section hydrates; a form shown only in the browser (a checkout's) may come after the page.
   */
  forms?: (props: BlockPropsMap[K]) => readonly string[];
  /**
   * The content the block loads itself (with useSource), given the section's props, the route params
   * and the address's query (of the parameters in `searchParams` only): the server loads it with the
   * page's other data before rendering.
   */
  sources?: (props: BlockPropsMap[K], params: RouteParams, search: URLSearchParams) => BlockSourceRequest[];
  /**
   * The route params the page's address should have, given what the block's `sources` loaded (their
   * lists, in order): the server answers an address with other values with a 301 to the right one (an
   * article reached under a mistyped or outdated title goes to its own title's slug). Undefined, or
   * params equal to the route's: the address is right.
   */
  canonicalParams?: (
    props: BlockPropsMap[K],
    params: RouteParams,
    lists: readonly (readonly unknown[] | undefined)[],
  ) => Record<string, string> | undefined;
  /**
   * Whether a section of the block, given its props, is about the first item of its bound source (a
   * terms page is about its terms): then a 404 or an empty answer makes the page the not-found page,
   * as a `required` request of `sources` does (the server answers 404, the browser goes to /404).
   */
  itemRequired?: (props: BlockPropsMap[K]) => boolean;
  /** The block only works with JavaScript (a form, the shop): without it, the site's `noscript` text shows in its place. */
  needsScript?: boolean;
  /**
   * The query parameters the block reads (useSearchParams). The server keys its HTML cache on a page's
   * path and the parameters its blocks read, so a campaign's `utm_*` or a click id neither makes a new
   * page nor misses the cache; a block reading one it does not list would get a page rendered without it.
   */
  searchParams?: readonly string[];
  /**
   * Where a section of the block sends the visitor instead of showing, given its props and the
   * address's query (a payment result without the provider's status goes on to the shop); undefined:
   * it shows. The server answers such an address with a 302 there, so the browser never loads the
   * page only to leave it; a block rendered in the browser redirects with `Redirect` on the same rule.
   */
  redirect?: (props: BlockPropsMap[K], search: URLSearchParams) => string | undefined;
}
