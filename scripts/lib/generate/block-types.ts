import path from 'node:path';
import { blockInfo, pascalCase, PROJECT_PATHS, type BlockInfo } from '../project';
import { compileTypeMapLeniently, literal, usableSchema } from './compile-types';
import { header, type GenerateStep } from './step';

/**
 * src/generated/blocks.ts: `<Type>Props` per schemas/blocks/<type>.json, the BlockPropsMap over them,
 * BlockType, blockTypes, and what each block expects from its source (x-item, x-source).
 */
export const blockTypes: GenerateStep = {
  name: 'block types',
  async run(ctx) {
    const blocks: BlockInfo[] = [];
    for (const input of ctx.inputs.blocks) {
      if (!usableSchema(ctx, input.file, input.read)) continue;
      if (!/^[a-z][A-Za-z0-9]*$/.test(input.name)) {
        ctx.warn(`${input.file}: skipped, a block type is a camelCase file name`);
        continue;
      }
      blocks.push(blockInfo(input)!);
    }
    const { code, entries } = await compileTypeMapLeniently(
      ctx,
      'BlockPropsMap',
      blocks.map((b) => ({ key: b.type, typeName: `${pascalCase(b.type)}Props`, schema: b.schema, file: b.file })),
      path.join(ctx.root, PROJECT_PATHS.blocks),
      'The props of each block type (schemas/blocks/<type>.json), without the common section keys.',
    );
    const kept = blocks.filter((b) => entries.some((e) => e.key === b.type));
    const tail = [
      'export type BlockType = keyof BlockPropsMap;',
      '',
      '/** Every block type, in file-name order. */',
      `export const blockTypes = ${literal(kept.map((b) => b.type))} as const;`,
      '',
      '/** The resource kind each block expects from its source (x-item), or null when it does not say. */',
      `export const blockSourceItem: Record<BlockType, string | null> = ${literal(Object.fromEntries(kept.map((b) => [b.type, b.item])))};`,
      '',
      "/** Whether a section of each block type must ('required'), may ('optional') or must not ('none') name a source (x-source). */",
      `export const blockSourceMode: Record<BlockType, "required" | "optional" | "none"> = ${literal(Object.fromEntries(kept.map((b) => [b.type, b.source])))};`,
      '',
    ].join('\n');
    return [{ path: 'src/generated/blocks.ts', content: `${header('schemas/blocks/*.json')}${code}\n${tail}` }];
  },
};
