import path from 'node:path';
import { isObject } from '../json-file';
import { bundledRead, pascalCase, PROJECT_PATHS } from '../project';
import { compileSchema, compileTypeMapLeniently, literal, usableSchema, withoutTitles } from './compile-types';
import { productNames, resolveFormFile } from './form-files';
import { header, type GenerateStep } from './step';

/**
 * src/generated/forms.ts: `<Name>FormData` per forms/<name>.json (the type of the form's data),
 * FormDataMap, FormName, formNames, and FormFile, the type of a form file itself.
 */
export const formTypes: GenerateStep = {
  name: 'form types',
  reads: ['forms', 'schemas'],
  async run(ctx) {
    const product = productNames(ctx.inputs);
    const forms = ctx.inputs.forms.flatMap((input) => {
      const file = usableSchema(ctx, input.file, bundledRead(input));
      if (!file) return [];
      if (!isObject(file.schema)) {
        ctx.warn(`${input.file}: skipped, it has no 'schema' object`);
        return [];
      }
      const schema = resolveFormFile(file.schema, product) as Record<string, unknown>;
      return [{ key: input.name, typeName: `${pascalCase(input.name)}FormData`, schema: withoutTitles(schema), file: input.file }];
    });
    const { code, entries } = await compileTypeMapLeniently(
      ctx,
      'FormDataMap',
      forms,
      path.join(ctx.root, PROJECT_PATHS.forms),
      'The data of each form (forms/<name>.json, its `schema`).',
    );
    const parts = [
      header('forms/*.json and schemas/form.schema.json'),
      code,
      'export type FormName = keyof FormDataMap;',
      '',
      '/** Every form, by file name. */',
      `export const formNames = ${literal(entries.map((e) => e.key))} as const;`,
      '',
    ];
    const formSchema = usableSchema(ctx, PROJECT_PATHS.formSchema, ctx.inputs.formSchema);
    if (formSchema)
      parts.push(await compileSchema(withOpaqueDataSchema(formSchema), 'FormFile', path.join(ctx.root, PROJECT_PATHS.schemas)));
    return [{ path: 'src/generated/forms.ts', content: parts.join('\n') }];
  },
};

/**
 * The form file's `schema` is any JSON Schema; its type comes from rjsf (RJSFSchema), so it is left
 * opaque here rather than resolving the draft-07 meta-schema over the network.
 */
function withOpaqueDataSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const definitions = isObject(schema.definitions) ? { ...schema.definitions } : {};
  delete definitions.FormDataSchema;
  return {
    ...schema,
    definitions,
    properties: {
      ...properties,
      schema: { description: 'JSON Schema (draft-07) of the form data.', tsType: '{ [k: string]: unknown }' },
    },
  };
}
