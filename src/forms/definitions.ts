import type { FormFile, FormName } from '../generated/forms';
import { formValidators, type FormValidatorModule } from '../generated/validators';
import { changedForm } from './changed-forms';

/**
 * A form the live content release changes comes from the URLs the server names (changed-forms.ts):
 * its file and its validator, an ES module the server compiled, which imports its runtime helpers
 * from the build's validator-runtime chunk (same origin: the CSP's script-src 'self' admits it).
 * Form files are loaded on demand: each form file and its precompiled validator is a chunk of its
 * own, fetched only by pages that show that form. The files are forms/*.json as `npm run generate`
 * resolves them (src/generated/form-files: the product's names filled in, as in the validators).
 */
const formFiles = import.meta.glob<FormFile>('../generated/form-files/*.json', { import: 'default' });
const fileOf = (name: string) => `../generated/form-files/${name}.json`;

export function hasForm(name: string): name is FormName {
  return fileOf(name) in formFiles;
}

/**
 * What a loaded form is kept under: its name, or the URL of the release's version of it. On the
 * server a changed form comes loaded with its render (a live release's, or a preview's draft, which
 * is a new form at each keystroke): the render's own record is the key, so that what was loaded
 * with it is let go with it (use-form-definition.ts keeps such keys weakly).
 */
export function formKey(name: string): string | object {
  const changed = changedForm(name);
  if (changed?.loaded) return changed;
  return changed?.file ?? name;
}

export async function loadFormDefinition(name: FormName): Promise<FormFile> {
  const changed = changedForm(name);
  if (changed?.loaded) return changed.loaded.form;
  if (changed) {
    const response = await fetch(changed.file, { credentials: 'same-origin' });
    if (!response.ok) throw new Error(`form '${name}': ${changed.file} answered ${response.status}`);
    return (await response.json()) as FormFile;
  }
  const load = formFiles[fileOf(name)];
  if (!load) throw new Error(`Unknown form '${name}'`);
  return load();
}

export async function loadFormValidator(name: FormName) {
  const changed = changedForm(name);
  if (changed?.loaded) return changed.loaded.validators.default;
  if (changed) {
    // The helpers' chunk starts with the module (the module imports it by its built URL).
    const [module] = await Promise.all([
      import(/* @vite-ignore */ changed.module) as Promise<FormValidatorModule>,
      import('./validator-runtime'),
    ]);
    return module.default;
  }
  const module = await formValidators[name]();
  return module.default;
}
