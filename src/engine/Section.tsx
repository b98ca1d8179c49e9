import { memo, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { BlockItemMap, BlockType } from '../generated/blocks';
import type { BlockSection, SectionKeys } from '../generated/sections';
import { ApiError } from '../api/client';
import { fillQuery, useSource } from '../api/sources';
import { logError, logWarning } from '../lib/log';
import { fillSiteTexts, site } from '../lib/site';
import { blockProps, isBlockType, loadedBlock, skeletonHeight } from './registry';
import type { RouteParams } from '../lib/route-params';

/** The value at a dotted path ('other_details.sources') of a loaded item, or undefined. */
function valueAt(item: unknown, path: string): unknown {
  let value = item;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/**
 * The props a section's `bind` sets: each bound prop takes the value at its path in the first item
 * of the section's (picked) list — e.g. a merchant's minimum purchase for the cart. A value the item
 * lacks (undefined or null) is left out, so the configured prop stays (blockProps lays these over
 * the section's props). `npm run validate` checked that each bound name is a prop of the block.
 */
export function boundValues<K extends BlockType>(section: BlockSection<K>, items: readonly unknown[]): Record<string, unknown> | undefined {
  if (!section.bind) return undefined;
  const bound: Record<string, unknown> = {};
  for (const [prop, path] of Object.entries(section.bind)) {
    const value = valueAt(items[0], path);
    if (value !== undefined && value !== null) bound[prop] = value;
  }
  return bound;
}

/** Applies a section's pick rule to a list already sorted by precedence ascending. */
export function pickItems<T>(items: readonly T[], pick: SectionKeys['pick']): T[] {
  return pick === 'first' ? items.slice(0, 1) : [...items];
}

/** The loading shape of a section (its block's x-skeleton height), so that nothing shifts when it arrives. */
export function BlockSkeleton<K extends BlockType>({ section }: { section: BlockSection<K> }) {
  const height = skeletonHeight(section.type, section.props);
  if (height === 0) return null;
  return (
    <div
      className={`block-skeleton block-skeleton--${section.type}`}
      style={{ height }}
      role="progressbar"
      aria-busy="true"
      aria-label="Loading"
    >
      <div className="block-skeleton__shape" />
    </div>
  );
}

interface SectionViewProps<K extends BlockType> {
  section: BlockSection<K>;
  params: RouteParams;
}

function Block<K extends BlockType>({ section, params, items }: SectionViewProps<K> & { items: BlockItemMap[K][] }): ReactNode {
  const module = loadedBlock(section.type);
  const props = useMemo(() => module && blockProps(module, section.props, boundValues(section, items)), [module, section, items]);
  if (!module || !props) {
    logWarning('engine', `block '${section.type}' rendered before its chunk loaded`);
    return null;
  }
  const Component = module.default;
  return (
    <>
      {module.block?.needsScript && site.noscript && (
        <noscript>
          <p className="noscript-note">{fillSiteTexts(site).noscript}</p>
        </noscript>
      )}
      <Component props={props} items={items} params={params} />
    </>
  );
}

/** Whether the section is about the first item of its source (its block's `itemRequired`). */
function itemRequired<K extends BlockType>(section: BlockSection<K>): boolean {
  const module = loadedBlock(section.type);
  const hooks = module?.block;
  return module && hooks?.itemRequired ? hooks.itemRequired(blockProps(module, section.props)) : false;
}

function BoundSection<K extends BlockType>({ section, source, params }: SectionViewProps<K> & { source: string }) {
  const { data, error, isLoading } = useSource<BlockItemMap[K]>(source, params, fillQuery(section.query, params));
  const items = useMemo(() => data && pickItems(data, section.pick), [data, section.pick]);
  // A section about its item whose item does not exist (a 404, or no item): the page is a not-found.
  const missing = itemRequired(section) && ((error instanceof ApiError && error.status === 404) || items?.length === 0);
  useEffect(() => {
    if (error && !missing) logError(`source ${source}`, error);
  }, [error, missing, source]);
  if (missing) return <Navigate to="/404" replace />;
  if (error) return null;
  if (isLoading || !items) return <BlockSkeleton section={section} />;
  return <Block section={section} params={params} items={items} />;
}

const NO_ITEMS: never[] = [];

/**
 * Renders one section: looks its type up in the block registry and gives the block its own props
 * (blockProps: the section's `props` with the site-wide placeholders filled, what `bind` takes from
 * the source and the schema's defaults) and, when the section names a source, the loaded list.
 * Unknown types are logged and skipped.
 *
 * Memoised on the section and its params: the slot renders again when the page's hydration ends
 * (SectionGate), and a block rendered again then would set its controlled fields back to the state
 * hydration found, dropping what the visitor typed before the kept input is handed over.
 */
function SectionViewOf<K extends BlockType>({ section, params }: SectionViewProps<K>) {
  const known = isBlockType(section.type);
  useEffect(() => {
    if (!known) logWarning('engine', `unknown block type '${section.type}' skipped`);
  }, [known, section.type]);
  if (!known) return null;
  if (section.source) return <BoundSection section={section} source={section.source} params={params} />;
  return <Block section={section} params={params} items={NO_ITEMS} />;
}

export const SectionView = memo(SectionViewOf) as typeof SectionViewOf;
