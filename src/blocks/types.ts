import type { SourceRequest } from '../api/sources';
import type { BlockItemMap, BlockPropsMap, BlockType } from '../generated/blocks';

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
  params: Readonly<Record<string, string | undefined>>;
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
