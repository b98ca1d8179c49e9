import type { ComponentType } from 'react';
import type { BlockPropsMap, BlockType } from '../generated/blocks';
import type { BlockRenderProps } from '../blocks/types';
import { logError } from '../lib/log';
import { CHUNK_TIMEOUT_MS, withTimeout } from './timeout';

/**
 * A block component as the registry holds it. Its `items` type is the block's own (Banner, Faq, ...);
 * the renderer passes the bound list through, and `npm run validate` has already checked that the
 * section's source yields the item kind the block declares (x-item).
 */
export type AnyBlockComponent<K extends BlockType> = ComponentType<BlockRenderProps<K, never>>;

/** What a block's chunk exports: its component and, optionally, what to load before its page renders. */
interface BlockModule<K extends BlockType> {
  default: AnyBlockComponent<K>;
  /**
   * Loads what a section of the block needs (a form file and its validator) so that the page renders
   * complete, without a second spinner. Given the section's config; a failure is logged and the block
   * loads it itself.
   */
  preload?: (props: BlockPropsMap[K]) => Promise<unknown>;
}

interface BlockEntry<K extends BlockType> {
  /** Loads the block's own chunk: a page downloads only the blocks it uses. */
  load: () => Promise<BlockModule<K>>;
  /**
   * Height of the skeleton shown while the block's content loads (px, or a CSS length when the block's
   * height follows the viewport), to avoid layout shift. The skeleton has the class
   * `block-skeleton--<type>` for a block whose box differs from a content-width section. A function
   * sizes it from the section's props; 0 shows no skeleton (the block usually renders nothing).
   */
  skeleton?: number | string | ((props: BlockPropsMap[K]) => number | string);
}

/**
 * The block registry: every block type of schemas/blocks/ maps to its component folder. The mapped
 * type makes `tsc` fail when a schema has no component (or a component no schema).
 */
const blockRegistry: { [K in BlockType]: BlockEntry<K> } = {
  advantages: { load: () => import('../blocks/advantages') },
  banner: { load: () => import('../blocks/banner'), skeleton: 'var(--banner-height)' },
  breadcrumbs: { load: () => import('../blocks/breadcrumbs'), skeleton: 40 },
  callMenu: { load: () => import('../blocks/callMenu'), skeleton: 120 },
  cards: { load: () => import('../blocks/cards'), skeleton: 240 },
  cart: { load: () => import('../blocks/cart') },
  checkout: { load: () => import('../blocks/checkout'), skeleton: 900 },
  contactInfo: { load: () => import('../blocks/contactInfo'), skeleton: 200 },
  faq: { load: () => import('../blocks/faq'), skeleton: 480 },
  features: { load: () => import('../blocks/features'), skeleton: 1200 },
  form: { load: () => import('../blocks/form'), skeleton: 480 },
  jobsTable: { load: () => import('../blocks/jobsTable'), skeleton: 420 },
  media: { load: () => import('../blocks/media') },
  mediaArticle: { load: () => import('../blocks/mediaArticle') },
  message: { load: () => import('../blocks/message') },
  multiAssignment: { load: () => import('../blocks/multiAssignment'), skeleton: 900 },
  partners: { load: () => import('../blocks/partners'), skeleton: 320 },
  paymentResult: { load: () => import('../blocks/paymentResult'), skeleton: 320 },
  // A promo shop's grid shows only the plan a code unlocked: before any code, nothing.
  planGrid: { load: () => import('../blocks/planGrid'), skeleton: (props) => (props.unlockedOnly ? 0 : 520) },
  policyList: { load: () => import('../blocks/policyList'), skeleton: 400 },
  promoCode: { load: () => import('../blocks/promoCode'), skeleton: 240 },
  resellerCheckout: { load: () => import('../blocks/resellerCheckout'), skeleton: 900 },
  resellerFooter: { load: () => import('../blocks/resellerFooter'), skeleton: 160 },
  resellerHeader: { load: () => import('../blocks/resellerHeader'), skeleton: 64 },
  richText: { load: () => import('../blocks/richText'), skeleton: 400 },
  sectionList: { load: () => import('../blocks/sectionList'), skeleton: 640 },
  shopScope: { load: () => import('../blocks/shopScope') },
  steps: { load: () => import('../blocks/steps'), skeleton: 420 },
  storeButtons: { load: () => import('../blocks/storeButtons') },
  testimonials: { load: () => import('../blocks/testimonials'), skeleton: 320 },
  textSection: { load: () => import('../blocks/textSection') },
  video: { load: () => import('../blocks/video'), skeleton: 605 },
};

export function isBlockType(type: string): type is BlockType {
  return Object.prototype.hasOwnProperty.call(blockRegistry, type);
}

const loaded = new Map<BlockType, AnyBlockComponent<BlockType>>();
const preloaders = new Map<BlockType, (props: never) => Promise<unknown>>();

/** The skeleton height of a section of the type (see BlockEntry.skeleton); 120 px when the entry names none. */
export function skeletonHeight<K extends BlockType>(type: K, props: BlockPropsMap[K]): number | string {
  const skeleton = (blockRegistry[type] as BlockEntry<K>).skeleton ?? 120;
  return typeof skeleton === 'function' ? skeleton(props) : skeleton;
}

/** The component of a block type once its chunk is in (see loadBlocks). */
export function loadedBlock<K extends BlockType>(type: K): AnyBlockComponent<K> | undefined {
  return loaded.get(type) as AnyBlockComponent<K> | undefined;
}

/** Loads the chunks of the given block types (unknown types are skipped), each with the chunk time-out. */
export async function loadBlocks(types: readonly string[]): Promise<void> {
  const wanted = [...new Set(types)].filter(isBlockType).filter((type) => !loaded.has(type));
  await Promise.all(
    wanted.map(async (type) => {
      const load = blockRegistry[type].load as () => Promise<BlockModule<BlockType>>;
      const module = await withTimeout(load(), CHUNK_TIMEOUT_MS, `block '${type}'`);
      loaded.set(type, module.default);
      if (module.preload) preloaders.set(type, module.preload);
    }),
  );
}

/**
 * Loads what a page needs before it renders: the chunks of its blocks, then each section's preload
 * (its form and validator). A failed preload is logged; the block then loads on its own.
 */
export async function loadPage(sections: readonly { type: string }[]): Promise<void> {
  await loadBlocks(sections.map((section) => section.type));
  await Promise.all(
    sections.map(async (section) => {
      const preload = isBlockType(section.type) ? preloaders.get(section.type) : undefined;
      if (!preload) return;
      try {
        await withTimeout(preload(section as never), CHUNK_TIMEOUT_MS, `preload of block '${section.type}'`);
      } catch (error) {
        logError(`preload ${section.type}`, error);
      }
    }),
  );
}
