import type { BlockPropsMap, BlockType } from '../generated/blocks';

/**
 * What every block component receives from the page renderer.
 * - `props`: the section's own props, checked against schemas/blocks/<type>.json by `npm run validate`.
 * - `items`: the bound content list, sorted by precedence ascending and reduced by the section's pick
 *   rule; an empty list when the section has no source.
 * - `params`: the route params, with the page's configured defaults filled in.
 */
export interface BlockRenderProps<K extends BlockType, Item = never> {
  props: BlockPropsMap[K];
  items: Item[];
  params: Readonly<Record<string, string | undefined>>;
}

/** The config props of a block type (what a section gives it; also what its `preload` receives). */
export type BlockProps<K extends BlockType> = BlockPropsMap[K];
