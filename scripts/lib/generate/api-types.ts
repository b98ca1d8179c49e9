import path from 'node:path';
import { isObject } from '../json-file';
import { parsed, pascalCase, PROJECT_PATHS } from '../project';
import { compileTypeMapLeniently, literal, usableSchema } from './compile-types';
import { header, type GenerateStep } from './step';

/**
 * src/generated/api.ts: a type per API resource (schemas/api/resources/<kind>.json, named by its
 * title), ResourceMap by kind, and the content-source catalogue (schemas/api/sources.json) as
 * `sources` with SourceName.
 */
export const apiTypes: GenerateStep = {
  name: 'api types',
  reads: ['schemas'],
  async run(ctx) {
    const resources = ctx.inputs.resources.flatMap((input) => {
      const schema = usableSchema(ctx, input.file, input.read);
      if (!schema) return [];
      const title = typeof schema.title === 'string' && /^[A-Z][A-Za-z0-9]*$/.test(schema.title) ? schema.title : pascalCase(input.name);
      return [{ key: input.name, typeName: title, schema, file: input.file }];
    });
    const { code } = await compileTypeMapLeniently(
      ctx,
      'ResourceMap',
      resources,
      path.join(ctx.root, PROJECT_PATHS.resources),
      'Each API resource kind (schemas/api/resources/<kind>.json) and its record type.',
    );

    usableSchema(ctx, PROJECT_PATHS.sources, ctx.inputs.sources);
    const data = parsed(ctx.inputs.sources)?.data;
    const raw = isObject(data) && isObject(data.sources) ? data.sources : {};
    // The site needs what a source serves, not its title and description (the editor's words).
    const catalogue = Object.fromEntries(
      Object.entries(raw).map(([name, entry]) => [
        name,
        isObject(entry) ? Object.fromEntries(Object.entries(entry).filter(([key]) => key !== 'title' && key !== 'description')) : entry,
      ]),
    );
    const tail = [
      'export type ResourceKind = keyof ResourceMap;',
      '',
      '/** The content sources (schemas/api/sources.json): GET path template -> resource kind, response shape, query parameters. */',
      `export const sources = ${literal(catalogue)} as const;`,
      '',
      "/** A source name as written in the catalogue (with '{short}' and ':param' segments). */",
      'export type SourceName = keyof typeof sources;',
      '',
    ].join('\n');
    return [{ path: 'src/generated/api.ts', content: `${header('schemas/api/')}${code}\n${tail}` }];
  },
};
