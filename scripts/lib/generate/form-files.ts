import path from 'node:path';
import { mapStrings } from '../../../domain/text';
import { isObject } from '../json-file';
import { PROJECT_PATHS, type NamedInput, type ProjectInputs } from '../project';
import { removeStale, type GenerateContext, type GeneratedFile, type GenerateStep } from './step';

/** Where the form files the site and the server run go, relative to the project root. */
const FORM_FILES_DIR = 'src/generated/form-files';

/** The product settings a form file may name: `{product}` (display name) and `{short}`. */
export interface ProductNames {
  name: string;
  short: string;
}

/** site.product of pages.config.json, when the file has both names. */
export function productNames(inputs: ProjectInputs): ProductNames | undefined {
  const data = inputs.config?.ok ? inputs.config.json.data : undefined;
  const product = isObject(data) && isObject(data.site) && isObject(data.site.product) ? data.site.product : undefined;
  return typeof product?.name === 'string' && typeof product.short === 'string' ? { name: product.name, short: product.short } : undefined;
}

/**
 * A form file with `{product}` and `{short}` filled in every string (an option value such as
 * '{product} Employee' included, so the precompiled validator checks the product's own name). Other
 * placeholders stay for run time ('{max}', '{code}', '{year}'); `$schema`, which points at the
 * editors' copy, `formatVersion` (for `npm run migrate`) and `mail` (the staff addresses, which
 * only the server reads, from forms/) are left out.
 */
export function resolveFormFile(value: unknown, product: ProductNames | undefined): unknown {
  const fillText = (text: string) => (product ? text.replaceAll('{product}', product.name).replaceAll('{short}', product.short) : text);
  if (!isObject(value)) return mapStrings(value, fillText);
  const { $schema: _editorSchema, formatVersion: _version, mail: _serverOnly, ...rest } = value;
  return mapStrings(rest, fillText);
}

/**
 * The form as the site and the server run it (fragments resolved, default messages expanded), or
 * undefined, with a warning, when it cannot be bundled (`npm run validate` says where).
 */
export function bundledForm(ctx: GenerateContext, input: NamedInput): Record<string, unknown> | undefined {
  const bundle = input.bundle;
  if (!input.read?.ok || !bundle || !isObject(bundle.data)) return undefined; // form types warns about it
  if (bundle.issues.length > 0) {
    const { file, pointer, message } = bundle.issues[0];
    ctx.warn(`${input.file}: skipped, ${file} ${pointer}: ${message}`);
    return undefined;
  }
  return bundle.data;
}

/**
 * src/generated/form-files/<form>.json: each forms/<form>.json as the site and the reference server
 * use it: its fragments resolved, its default messages expanded (domain/form-bundle.ts) and
 * the product's names filled in (the validators are compiled from these too).
 */
export const formFiles: GenerateStep = {
  name: 'form files',
  reads: ['forms'],
  async run(ctx) {
    const product = productNames(ctx.inputs);
    if (!product && ctx.inputs.forms.length > 0)
      ctx.warn(`${PROJECT_PATHS.config}: no site.product name and short name, '{product}' and '{short}' stay unfilled in forms`);
    const files: GeneratedFile[] = [];
    for (const input of ctx.inputs.forms) {
      const data = bundledForm(ctx, input);
      if (!data) continue;
      files.push({
        path: `${FORM_FILES_DIR}/${input.name}.json`,
        content: `${JSON.stringify(resolveFormFile(data, product), null, 2)}\n`,
      });
    }
    removeStale(ctx.root, FORM_FILES_DIR, new Set(files.map((f) => path.basename(f.path))), /\.json$/);
    return files;
  },
};
