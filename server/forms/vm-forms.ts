import { checkPatterns, patternsOf } from '../../scripts/lib/pattern-safety';
import { kept as keptValues } from '../kept';
import type { Form, ValidatorModule } from './form';
import { compileFormFile } from './run-validators';
import type { FormRefusal, ResolvedForm } from './release-form-compile';

/**
 * Forms being edited, compiled for the studio (the Forms screen's check, form-check.ts, and the
 * preview's draft forms, preview-forms.ts): a resolved form file (release-form-compile.ts
 * resolveReleaseForm) compiled with the one compile path of the validators (compileStandalone).
 *
 * The compiled code runs in this process as a plain function (node:vm), not as an imported module:
 * Node keeps every module it imported, and each edit of a form is a new text. The last `kept`
 * compiled forms are kept, by the hash of their resolved text.
 */

export const KEPT_VM_FORMS = 20;

/** A form compiled here: the server's Form (its validate, order, files) and its validator module's shape. */
export interface VmForm {
  form: Form;
  validators: ValidatorModule;
}

export interface VmForms {
  /** Form `found` compiled (or why not): a form without schema, a format or rules that cannot be compiled. */
  load(found: ResolvedForm): VmForm | { refused: FormRefusal };
}

function compile(found: ResolvedForm): VmForm | { refused: FormRefusal } {
  const { formFile } = found;
  if (!formFile) return { refused: 'no-schema' };
  // A form being edited has not been through the gate: a pattern that may backtrack without end
  // would stall this process on the data checked with it. The gate's check decides (recheck,
  // its verdicts cached by pattern), before any code is made.
  try {
    const verdicts = checkPatterns(patternsOf(formFile.schema).map((found) => found.source));
    if ([...verdicts.values()].some((verdict) => verdict.status !== 'safe')) return { refused: 'pattern' };
  } catch {
    return { refused: 'pattern' }; // the check could not run (recheck missing): nothing unchecked runs
  }
  const compiled = compileFormFile(formFile);
  return 'refused' in compiled ? compiled : { form: compiled.form, validators: compiled.validators };
}

export function createVmForms(kept = KEPT_VM_FORMS): VmForms {
  const compiled = keptValues<VmForm | { refused: FormRefusal }>(kept);
  return { load: (found) => compiled.get(found.fileText, () => compile(found)) };
}
