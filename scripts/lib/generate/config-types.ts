import path from 'node:path';
import { isObject } from '../json-file';
import { PROJECT_PATHS } from '../project';
import { compileSchema, usableSchema } from './compile-types';
import { header, type GenerateStep } from './step';

/**
 * src/generated/config.ts: the types of pages.config.json (PagesConfig, PageConfig, Section, ...).
 * A Section is the union of src/generated/sections.ts (BlockSection), typed from the block -> props
 * map, rather than what json-schema-to-typescript would make of the schema's `allOf` of branches.
 */
export const configTypes: GenerateStep = {
  name: 'config types',
  reads: ['schemas'],
  async run(ctx) {
    const schema = usableSchema(ctx, PROJECT_PATHS.pagesSchema, ctx.inputs.pagesSchema);
    if (!schema) {
      ctx.warn(`${PROJECT_PATHS.pagesSchema}: missing, src/generated/config.ts not written`);
      return [];
    }
    const typed = withBlockSections(schema);
    const code = await compileSchema(typed, 'PagesConfig', path.join(ctx.root, PROJECT_PATHS.schemas));
    const imports = typed === schema ? '' : "import type { BlockSection } from './sections';\n\n";
    return [{ path: 'src/generated/config.ts', content: header(PROJECT_PATHS.pagesSchema) + imports + code }];
  },
};

function withBlockSections(schema: Record<string, unknown>): Record<string, unknown> {
  const definitions = isObject(schema.definitions) ? schema.definitions : undefined;
  if (!definitions || !isObject(definitions.Section)) return schema;
  const typed: Record<string, unknown> = { ...definitions, Section: { title: 'Section', tsType: 'BlockSection' } };
  // A preset's props are checked by the generated presets union; its type here is the keys it may give.
  if (isObject(definitions.SectionPreset)) {
    const { allOf: _union, ...preset } = definitions.SectionPreset;
    typed.SectionPreset = preset;
  }
  return { ...schema, definitions: typed };
}
