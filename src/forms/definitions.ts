import type { FormFile, FormName } from '../generated/forms';
import { formValidators } from '../generated/validators';

/**
 * Form files are loaded on demand: each forms/*.json and its precompiled validator is a chunk of
 * its own, fetched only by pages that show that form.
 */
const formFiles = import.meta.glob<FormFile>('../../forms/*.json', { import: 'default' });

export function hasForm(name: string): name is FormName {
  return `../../forms/${name}.json` in formFiles;
}

export async function loadFormDefinition(name: FormName): Promise<FormFile> {
  const load = formFiles[`../../forms/${name}.json`];
  if (!load) throw new Error(`Unknown form '${name}'`);
  return load();
}

export async function loadFormValidator(name: FormName) {
  const module = await formValidators[name]();
  return module.default;
}
