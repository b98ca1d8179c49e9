import path from 'node:path';
import { withDefaultsRequired } from '../block-defaults';
import { blockInfo, pascalCase, PROJECT_PATHS, type BlockInfo } from '../project';
import { compileTypeMapLeniently, literal, quote, usableSchema, type TypeEntry } from './compile-types';
import { header, type GenerateContext, type GenerateStep } from './step';

/** The blocks whose schema can be used: a JSON object in a camelCase folder (others are warned about). */
export function usableBlocks(ctx: GenerateContext): BlockInfo[] {
  const blocks: BlockInfo[] = [];
  for (const input of ctx.inputs.blocks) {
    if (!usableSchema(ctx, input.file, input.read)) continue;
    if (!/^[a-z][A-Za-z0-9]*$/.test(input.name)) {
      ctx.warn(`${input.file}: skipped, a block type is a camelCase folder name`);
      continue;
    }
    blocks.push(blockInfo(input)!);
  }
  return blocks;
}

/** A block's entry in a map of types: keyed by its type, named `<Type><suffix>`, refs from its folder. */
export function typeEntry(ctx: GenerateContext, block: BlockInfo, suffix: string): TypeEntry & { file: string } {
  return {
    key: block.type,
    typeName: `${pascalCase(block.type)}${suffix}`,
    schema: block.schema,
    file: block.file,
    dir: path.dirname(path.join(ctx.root, block.file)),
  };
}

/**
 * src/generated/blocks.ts: `<Type>Props` per src/blocks/<type>/schema.json as the block receives
 * them (a prop with a default is always there: the engine fills it in), the BlockPropsMap over
 * them, BlockType, blockTypes, what each block expects from its source (x-item, x-source) and
 * BlockItemMap, the record type of its items.
 */
export const blockTypes: GenerateStep = {
  name: 'block types',
  reads: ['schemas'],
  async run(ctx) {
    const blocks = usableBlocks(ctx);
    const { code, entries } = await compileTypeMapLeniently(
      ctx,
      'BlockPropsMap',
      blocks.map((b) => ({ ...typeEntry(ctx, b, 'Props'), schema: withDefaultsRequired(b.schema) })),
      path.join(ctx.root, PROJECT_PATHS.blocks),
      'The props each block type receives (src/blocks/<type>/schema.json), its defaults filled in.',
    );
    const kept = blocks.filter((b) => entries.some((e) => e.key === b.type));
    const itemType = (b: BlockInfo) => (b.item ? `ResourceMap[${quote(b.item)}]` : b.source === 'none' ? 'never' : 'unknown');
    const tail = [
      'export type BlockType = keyof BlockPropsMap;',
      '',
      '/** Every block type, in folder-name order. */',
      `export const blockTypes = ${literal(kept.map((b) => b.type))} as const;`,
      '',
      '/** The resource kind each block expects from its source (x-item), or null when it does not say. */',
      `export const blockSourceItem: Record<BlockType, string | null> = ${literal(Object.fromEntries(kept.map((b) => [b.type, b.item])))};`,
      '',
      "/** Whether a section of each block type must ('required'), may ('optional') or must not ('none') name a source (x-source). */",
      `export const blockSourceMode: Record<BlockType, "required" | "optional" | "none"> = ${literal(Object.fromEntries(kept.map((b) => [b.type, b.source])))};`,
      '',
      '/** The record type of the items a block receives from its source: its x-item resource, never without a source, else unknown. */',
      'export interface BlockItemMap {',
      ...kept.map((b) => `  ${b.type}: ${itemType(b)};`),
      '}',
      '',
    ].join('\n');
    const imports = kept.some((b) => b.item) ? "import type { ResourceMap } from './api';\n\n" : '';
    return [{ path: 'src/generated/blocks.ts', content: `${header('src/blocks/*/schema.json')}${imports}${code}\n${tail}` }];
  },
};
