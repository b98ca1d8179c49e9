import path from 'node:path';
import { isObject } from '../json-file';
import { COMMON_SECTION_KEYS, PROJECT_PATHS } from '../project';
import { usableBlocks, typeEntry } from './block-types';
import { compileSchema, compileTypeMapLeniently, usableSchema } from './compile-types';
import { header, type GenerateContext, type GenerateStep } from './step';

/** The Section definition of pages.schema.json without `type`, `props` and the block union: the keys every section has. */
function sectionKeysSchema(ctx: GenerateContext): Record<string, unknown> | undefined {
  const schema = usableSchema(ctx, PROJECT_PATHS.pagesSchema, ctx.inputs.pagesSchema);
  const definitions = schema && isObject(schema.definitions) ? schema.definitions : undefined;
  const section = definitions && isObject(definitions.Section) ? definitions.Section : undefined;
  if (!section || !isObject(section.properties)) return undefined;
  const keys = COMMON_SECTION_KEYS.filter((key) => key !== 'type');
  const properties = Object.fromEntries(Object.entries(section.properties).filter(([key]) => (keys as readonly string[]).includes(key)));
  return { title: 'SectionKeys', type: 'object', additionalProperties: false, properties };
}

/**
 * src/generated/sections.ts: a page's sections as data typed from the block -> props map:
 * `<Type>SectionProps` (the props as a section configures them, defaults not yet filled in),
 * SectionPropsMap, SectionKeys (what every section has beside them) and BlockSection, the union
 * `{ type: 'banner'; props?: BannerSectionProps } | ...` that config.ts names Section.
 *
 * src/generated/sections.schema.json: the same union as JSON Schema, which schemas/pages.schema.json
 * applies to every section (`allOf`): each block type's `props` against its folder's schema.json.
 */
export const sectionTypes: GenerateStep = {
  name: 'section types',
  async run(ctx) {
    const blocks = usableBlocks(ctx);
    const { code, entries } = await compileTypeMapLeniently(
      ctx,
      'SectionPropsMap',
      blocks.map((b) => typeEntry(ctx, b, 'SectionProps')),
      path.join(ctx.root, PROJECT_PATHS.blocks),
      "The props of each block type as a section gives them (src/blocks/<type>/schema.json), before the engine fills in the schema's defaults.",
    );
    const keysSchema = sectionKeysSchema(ctx);
    const keys = keysSchema
      ? await compileSchema(keysSchema, 'SectionKeys', path.join(ctx.root, PROJECT_PATHS.schemas))
      : 'export type SectionKeys = Record<never, never>;\n';
    const tail = [
      "/** A section of block type K: the keys every section has, its type, and its block's own props. */",
      'export type BlockSection<K extends keyof SectionPropsMap = keyof SectionPropsMap> = {',
      '  [T in K]: SectionKeys & { type: T; props?: SectionPropsMap[T] };',
      '}[K];',
      '',
    ].join('\n');

    const kept = blocks.filter((b) => entries.some((e) => e.key === b.type));
    const here = path.dirname(path.join(ctx.root, PROJECT_PATHS.sectionsSchema));
    const union = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      $comment: header('src/blocks/*/schema.json').slice(3).trim(),
      description:
        "A section's block type and its props, checked against the block's schema.json (see schemas/pages.schema.json, Section).",
      properties: { type: { enum: kept.map((b) => b.type) } },
      allOf: kept.map((b) => ({
        if: { properties: { type: { const: b.type } } },
        then: {
          ...(Array.isArray(b.schema.required) && b.schema.required.length > 0 ? { required: ['props'] } : {}),
          properties: { props: { $ref: path.relative(here, path.join(ctx.root, b.file)).split(path.sep).join('/') } },
        },
      })),
    };
    return [
      {
        path: 'src/generated/sections.ts',
        content: `${header('src/blocks/*/schema.json and schemas/pages.schema.json')}${code}\n${keys}\n${tail}`,
      },
      { path: PROJECT_PATHS.sectionsSchema, content: `${JSON.stringify(union, null, 2)}\n` },
    ];
  },
};
