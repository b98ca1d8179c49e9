import { formNameOf } from '../../scripts/lib/project';
import type { Product } from '../product';
import { fieldErrors, inFormOrder, type FieldErrors } from './errors';
import { resolveReleaseForm, type FormRefusal } from './release-form-compile';
import { createVmForms, type VmForms } from './vm-forms';

/**
 * The studio's check of a form being edited (its Forms screen's preview, which runs no compiled
 * code): the draft's form file resolved as a release's (release-form-compile.ts), compiled in this
 * process (vm-forms.ts), then the data checked with it, the errors per field with the form's own
 * messages (errors.ts, as a submission's 422 gives them).
 */

export type FormCheck = { kind: 'checked'; errors: FieldErrors } | { kind: 'refused'; reason: FormRefusal };

export interface FormChecker {
  /** Checks `formData` with form `path` (forms/<name>.json) of `texts`; undefined when `path` is not a form's. */
  check(path: string, texts: Readonly<Record<string, string>>, formData: unknown): FormCheck | undefined;
}

export function createFormChecker(options: { product: Product; root?: string; vmForms?: VmForms }): FormChecker {
  const vmForms = options.vmForms ?? createVmForms();
  return {
    check(path, texts, formData) {
      const name = formNameOf(path);
      if (name === undefined || texts[path] === undefined) return undefined;
      const found = resolveReleaseForm(name, texts, options);
      if (found.kind === 'refused') return found;
      const loaded = vmForms.load(found);
      if ('refused' in loaded) return { kind: 'refused', reason: loaded.refused };
      const { validate, order } = loaded.form;
      return { kind: 'checked', errors: validate(formData) ? {} : inFormOrder(fieldErrors(validate.errors), order) };
    },
  };
}
