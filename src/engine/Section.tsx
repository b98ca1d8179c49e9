import { useEffect, type ReactNode } from 'react';
import type { Section as SectionConfig } from '../generated/config';
import type { BlockType } from '../generated/blocks';
import { fillQuery, useSource } from '../api/sources';
import { logError, logWarning } from '../lib/log';
import { isBlockType, loadedBlock, skeletonHeight } from './registry';

/** The keys every section has; all others are the block's own props. */
const COMMON_KEYS = new Set(['type', 'id', 'source', 'query', 'pick', 'bind']);

export function sectionProps(section: SectionConfig): Record<string, unknown> {
  return Object.fromEntries(Object.entries(section).filter(([key]) => !COMMON_KEYS.has(key)));
}

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
 * A section's props with its `bind` applied: each bound prop takes the value at its path in the
 * first item of the section's (picked) list — e.g. a merchant's minimum purchase for the cart. A
 * value the item lacks (undefined or null) leaves the configured prop as it is.
 */
export function boundProps(section: SectionConfig, items: readonly unknown[]): Record<string, unknown> {
  const props = sectionProps(section);
  for (const [prop, path] of Object.entries(section.bind ?? {})) {
    const value = valueAt(items[0], path);
    if (value !== undefined && value !== null) props[prop] = value;
  }
  return props;
}

/** Applies a section's pick rule to a list already sorted by precedence ascending. */
export function pickItems<T>(items: readonly T[], pick: SectionConfig['pick']): T[] {
  return pick === 'first' ? items.slice(0, 1) : [...items];
}

function BlockSkeleton({ type, section }: { type: BlockType; section: SectionConfig }) {
  const height = skeletonHeight(type, sectionProps(section) as never);
  if (height === 0) return null;
  return (
    <div className={`block-skeleton block-skeleton--${type}`} style={{ height }} aria-busy="true" aria-label="Loading">
      <div className="block-skeleton__shape" />
    </div>
  );
}

interface SectionViewProps {
  section: SectionConfig;
  params: Readonly<Record<string, string | undefined>>;
}

function Block({ type, section, params, items }: SectionViewProps & { type: BlockType; items: unknown[] }): ReactNode {
  const Component = loadedBlock(type);
  if (!Component) {
    logWarning('engine', `block '${type}' rendered before its chunk loaded`);
    return null;
  }
  // The props were checked against the block's schema by `npm run validate`; see AnyBlockComponent.
  return <Component props={boundProps(section, items) as never} items={items as never[]} params={params} />;
}

function BoundSection({ type, section, params }: SectionViewProps & { type: BlockType; source: string }) {
  const { data, error, isLoading } = useSource(section.source, params, fillQuery(section.query, params));
  useEffect(() => {
    if (error) logError(`source ${section.source}`, error);
  }, [error, section.source]);
  if (error) return null;
  if (isLoading || !data) return <BlockSkeleton type={type} section={section} />;
  return <Block type={type} section={section} params={params} items={pickItems(data, section.pick)} />;
}

/**
 * Renders one section: looks its type up in the block registry and, when the section names a
 * source, feeds the block the loaded list. Unknown types are logged and skipped.
 */
export function SectionView({ section, params }: SectionViewProps) {
  const { type } = section;
  useEffect(() => {
    if (!isBlockType(type)) logWarning('engine', `unknown block type '${type}' skipped`);
  }, [type]);
  if (!isBlockType(type)) return null;
  if (section.source) return <BoundSection type={type} source={section.source} section={section} params={params} />;
  return <Block type={type} section={section} params={params} items={[]} />;
}
