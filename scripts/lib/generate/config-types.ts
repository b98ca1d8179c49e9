import path from 'node:path';
import { isObject } from '../json-file';
import { PROJECT_PATHS } from '../project';
import { compileSchema, usableSchema } from './compile-types';
import { header, type GenerateStep } from './step';

/** src/generated/config.ts: the types of pages.config.json (PagesConfig, PageConfig, Section, ...). */
export const configTypes: GenerateStep = {
  name: 'config types',
  async run(ctx) {
    const schema = usableSchema(ctx, PROJECT_PATHS.pagesSchema, ctx.inputs.pagesSchema);
    if (!schema) {
      ctx.warn(`${PROJECT_PATHS.pagesSchema}: missing, src/generated/config.ts not written`);
      return [];
    }
    const code = await compileSchema(withOpenSections(schema), 'PagesConfig', path.join(ctx.root, PROJECT_PATHS.schemas));
    return [{ path: 'src/generated/config.ts', content: header(PROJECT_PATHS.pagesSchema) + code }];
  },
};

/**
 * A section carries its block's props beside the common keys, so its type keeps an index
 * signature (`[k: string]: unknown`) even though generation defaults to closed objects.
 */
function withOpenSections(schema: Record<string, unknown>): Record<string, unknown> {
  const definitions = isObject(schema.definitions) ? schema.definitions : undefined;
  const section = definitions && isObject(definitions.Section) ? definitions.Section : undefined;
  if (!definitions || !section || 'additionalProperties' in section) return schema;
  return { ...schema, definitions: { ...definitions, Section: { ...section, additionalProperties: true } } };
}
