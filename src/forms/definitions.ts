import type { FormFile, FormName } from '../generated/forms';
import { formValidators } from '../generated/validators';

/**
 * Form files are loaded on demand: each form file and its precompiled validator is a chunk of its
 * own, fetched only by pages that show that form. The files are forms/*.json as `npm run generate`
 * resolves them (src/generated/form-files: the product's names filled in, as in the validators).
 */
const formFiles = import.meta.glob<FormFile>('../generated/form-files/*.json', { import: 'default' });
const fileOf = (name: string) => `../generated/form-files/${name}.json`;

export function hasForm(name: string): name is FormName {
  return fileOf(name) in formFiles;
}

export async function loadFormDefinition(name: FormName): Promise<FormFile> {
  const load = formFiles[fileOf(name)];
  if (!load) throw new Error(`Unknown form '${name}'`);
  return load();
}

export async function loadFormValidator(name: FormName) {
  const module = await formValidators[name]();
  return module.default;
}
