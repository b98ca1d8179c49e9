import type { ComponentType } from 'react';
import type { BlockPropsMap, BlockType } from '../generated/blocks';
import { blocks } from '../generated/registry';
import type { BlockSection, SectionPropsMap } from '../generated/sections';
import type { BlockHooks, BlockRenderProps } from '../blocks/types';
import { logError } from '../lib/log';
import { fillSiteTexts } from '../lib/site';
import { withDefaults, type SchemaDefaults } from './defaults';
import type { HydrateKind } from './hydration';
import { CHUNK_TIMEOUT_MS, withTimeout } from './timeout';

/** What a block's chunk holds (src/generated/block-chunks/<type>.ts): its folder's exports and its schema's defaults. */
export interface BlockModule<K extends BlockType> {
  default: ComponentType<BlockRenderProps<K>>;
  /** The block's hooks (src/blocks/types.ts), when it has any. */
  block?: BlockHooks<K>;
  /** Where the defaults of the block's schema sit; the engine fills them in before the block renders. */
  defaults: SchemaDefaults;
}

interface BlockEntry<K extends BlockType> {
  /** Loads the block's own chunk: a page downloads only the blocks it uses. */
  load: () => Promise<BlockModule<K>>;
  /**
   * Height of the skeleton shown while the block's content loads (px, or a CSS length when the block's
   * height follows the viewport), to avoid layout shift: the schema's x-skeleton. The skeleton has the
   * class `block-skeleton--<type>` for a block whose box differs from a content-width section. A
   * function sizes it from the section's props; 0 shows no skeleton (the block usually renders nothing).
   */
  skeleton?: number | string | ((props: SectionPropsMap[K] | undefined) => number | string);
  /**
   * The schema's x-hydrate (engine/hydration.ts): 'never' when the block's server-rendered HTML is
   * final; 'first' when it sets up what the other sections act in, so early input waits for it.
   */
  hydrate?: 'never' | 'first';
}

/**
 * The block registry, generated from the folders of src/blocks/ (`npm run generate`): every block
 * type maps to its chunk and skeleton. The mapped type makes `tsc` fail when a block's component,
 * preload or item type does not match its schema.
 */
const blockRegistry: { [K in BlockType]: BlockEntry<K> } = blocks;

export function isBlockType(type: string): type is BlockType {
  return Object.prototype.hasOwnProperty.call(blockRegistry, type);
}

/** Every block type the build has code for. */
export function blockTypes(): string[] {
  return Object.keys(blockRegistry);
}

const loaded: { [K in BlockType]?: BlockModule<K> } = {};

/** The skeleton height of a section of the type (see BlockEntry.skeleton); 120 px when the block's schema names none. */
export function skeletonHeight<K extends BlockType>(type: K, props: SectionPropsMap[K] | undefined): number | string {
  const skeleton = blockRegistry[type].skeleton ?? 120;
  return typeof skeleton === 'function' ? skeleton(props) : skeleton;
}

/** How sections of the type come alive in the browser (engine/hydration.ts); unknown types never do. */
export function hydrateKind(type: string): HydrateKind {
  if (!isBlockType(type) || blockRegistry[type].hydrate === 'never') return 'never';
  return blockRegistry[type].hydrate === 'first' ? 'first' : 'visible';
}

/** The chunk of a block type once it is in (see loadBlocks). */
export function loadedBlock<K extends BlockType>(type: K): BlockModule<K> | undefined {
  return loaded[type];
}

async function loadBlock<K extends BlockType>(type: K): Promise<void> {
  const slots: { [T in K]?: BlockModule<T> } = loaded;
  slots[type] = await withTimeout(blockRegistry[type].load(), CHUNK_TIMEOUT_MS, `block '${type}'`);
}

/** Loads the chunks of the given block types (unknown types are skipped), each with the chunk time-out. */
export async function loadBlocks(types: readonly string[]): Promise<void> {
  const wanted = [...new Set(types)].filter(isBlockType).filter((type) => !loaded[type]);
  await Promise.all(wanted.map(loadBlock));
}

/**
 * A section's props as its block receives them: the site-wide placeholders ({product}, {short},
 * {year}) filled in every text of the props and of the schema's defaults (fillSiteTexts, memoised
 * per object), the values the section's `bind` took from its source (`bound`) over them as they
 * are, and the schema's defaults filled in. A block substitutes only its own run-time values
 * ({price}, {count}: withValues).
 *
 * Filled here at run time rather than by `npm run generate`: {year} must be this year in a server
 * that runs for months, and the editor's preview renders config that generate has not seen.
 */
export function blockProps<K extends BlockType>(
  module: Pick<BlockModule<K>, 'defaults'>,
  props: SectionPropsMap[K] | undefined,
  bound?: Readonly<Record<string, unknown>>,
): BlockPropsMap[K] {
  const filled = fillSiteTexts(props ?? {});
  // `npm run validate` checked the props against the block's schema, and the defaults are that
  // schema's: filled in, they are what the generated props type says.
  return withDefaults(fillSiteTexts(module.defaults), bound ? { ...filled, ...bound } : filled) as BlockPropsMap[K];
}

/** The forms a section shows (its block's `forms` hook), once its block's chunk is in; none otherwise. */
export function sectionForms<K extends BlockType>(section: BlockSection<K>): readonly string[] {
  const module = isBlockType(section.type) ? loadedBlock(section.type) : undefined;
  return module?.block?.forms?.(blockProps(module, section.props)) ?? [];
}

/**
 * Where a section sends the visitor instead of showing (its block's `redirect` hook, given the
 * address's query), once its block's chunk is in; undefined when it shows.
 */
export function sectionRedirect<K extends BlockType>(section: BlockSection<K>, search: URLSearchParams): string | undefined {
  const module = isBlockType(section.type) ? loadedBlock(section.type) : undefined;
  return module?.block?.redirect?.(blockProps(module, section.props), search);
}

/** Loads the forms (file and validator) by name: the forms' code is a chunk of its own, fetched only here. */
async function preloadForms(names: readonly string[]): Promise<void> {
  if (!names.length) return;
  const { preloadForm } = await import('../forms/use-form-definition');
  await Promise.all(names.map(preloadForm));
}

async function preloadSection<K extends BlockType>(section: BlockSection<K>): Promise<void> {
  const module = loadedBlock(section.type);
  if (!module) return;
  // The section's forms start loading now; only the block's own preload is waited for (BlockHooks.forms).
  preloadForms(sectionForms(section)).catch((error: unknown) => logError(`forms of ${section.type}`, error));
  const preload = module.block?.preload;
  if (!preload) return;
  try {
    await withTimeout(preload(blockProps(module, section.props)), CHUNK_TIMEOUT_MS, `preload of block '${section.type}'`);
  } catch (error) {
    logError(`preload ${section.type}`, error);
  }
}

/**
 * Loads what a page needs before it renders: the chunks of its blocks, then each section's preload
 * (its forms start loading too, see BlockHooks.forms). A failed preload is logged; the block then loads on its own.
 */
export async function loadPage(sections: readonly BlockSection[]): Promise<void> {
  await loadBlocks(sections.map((section) => section.type));
  await Promise.all(sections.filter((section) => isBlockType(section.type)).map(preloadSection));
}

/** loadPage for one section: its block's chunk and its preload. */
export async function loadSection(section: BlockSection): Promise<void> {
  await loadPage([section]);
}
