import { blockDefaults } from '../block-defaults';
import type { BlockInfo, SkeletonSpec } from '../project';
import { usableBlocks } from './block-types';
import { literal, propertyKey, quote } from './compile-types';
import { header, removeStale, type GeneratedFile, type GenerateStep } from './step';

/** Where the chunk module of each block goes, relative to the project root. */
const BLOCK_CHUNKS_DIR = 'src/generated/block-chunks';

/** The registry's skeleton of a block, as TypeScript (undefined: the engine's 120 px). */
function skeletonCode(block: BlockInfo): string | undefined {
  const spec: SkeletonSpec | undefined = block.skeleton;
  if (spec === undefined || typeof spec !== 'object') return spec === undefined ? undefined : literal(spec);
  return `(props: SectionPropsMap[${quote(block.type)}] | undefined) => (props?.${spec.noneWhen} === true ? 0 : ${literal(spec.height)})`;
}

/**
 * The module a block's chunk starts from: the folder's exports (its component, its `preload`) and
 * the defaults of its schema, so that a page downloads the defaults of the blocks it shows only.
 */
function chunkModule(block: BlockInfo): string {
  const from = quote(`../../blocks/${block.type}`);
  const { tree } = blockDefaults(block.schema);
  return [
    header(block.file).trimEnd(),
    `/** Block '${block.type}' as the engine loads it: its folder's component (and preload), and its schema's defaults. */`,
    `export * from ${from};`,
    `export { default } from ${from};`,
    '',
    '/** Where the defaults of the schema sit (see src/engine/defaults.ts). */',
    `export const defaults = ${literal(tree ?? {})};`,
    '',
  ].join('\n');
}

function registryModule(blocks: readonly BlockInfo[]): string {
  const skeletons = new Map(blocks.map((b) => [b.type, skeletonCode(b)]));
  const typed = [...skeletons.values()].some((code) => code?.startsWith('('));
  const entry = (block: BlockInfo) => {
    const load = `load: () => import(${quote(`./block-chunks/${block.type}`)})`;
    const skeleton = skeletons.get(block.type);
    const hydrate = block.hydrateNever ? ", hydrate: 'never' as const" : block.hydrateFirst ? ", hydrate: 'first' as const" : '';
    return `  ${propertyKey(block.type)}: { ${load}${skeleton === undefined ? '' : `, skeleton: ${skeleton}`}${hydrate} },`;
  };
  return [
    header('src/blocks/*/').trimEnd(),
    ...(typed ? ["import type { SectionPropsMap } from './sections';", ''] : []),
    '/**',
    ' * Every block folder of src/blocks/: `load` fetches its own chunk (component, preload, schema',
    " * defaults); `skeleton` is its schema's x-skeleton; `hydrate` its x-hydrate ('never': the browser",
    " * never hydrates its sections; 'first': early input waits for them). src/engine/registry.ts types it (BlockEntry).",
    ' */',
    'export const blocks = {',
    ...blocks.map(entry),
    '};',
    '',
  ].join('\n');
}

/**
 * src/generated/registry.ts, the block registry, and src/generated/block-chunks/<type>.ts, one chunk
 * entry per block: both from the folders of src/blocks/ that hold a schema.json, so adding a block
 * type is adding its folder.
 */
export const blockRegistry: GenerateStep = {
  name: 'block registry',
  reads: ['schemas'],
  async run(ctx) {
    const blocks = usableBlocks(ctx);
    const files: GeneratedFile[] = blocks.map((block) => ({ path: `${BLOCK_CHUNKS_DIR}/${block.type}.ts`, content: chunkModule(block) }));
    files.push({ path: 'src/generated/registry.ts', content: registryModule(blocks) });
    removeStale(ctx.root, BLOCK_CHUNKS_DIR, new Set(blocks.map((b) => `${b.type}.ts`)));
    return files;
  },
};
