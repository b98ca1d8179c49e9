import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import type { RJSFSchema } from '@rjsf/utils';
import { compileStandalone, RUNTIME_HELPERS, unsupportedFormats, validatorModule } from '../../scripts/lib/generate/validators';
import { withModule, type Form, type FormFile, type ValidateFunction, type ValidatorModule } from './form';

/**
 * A form's validators compiled on the server (a release's form, release-form-compile.ts; a form
 * being edited, vm-forms.ts), run in this process as a plain function (node:vm) rather than
 * imported as a module: Node keeps every module it imported for the process's life, and each
 * version of a form is a new text.
 */

const require = createRequire(import.meta.url);
const HELPERS: readonly string[] = RUNTIME_HELPERS;

/** Ajv's standalone CommonJS code run as a function: only the runtime helpers may be required. */
export function loadValidators(cjs: string): Record<string, ValidateFunction> {
  const exports: Record<string, ValidateFunction> = {};
  const run = new Script(`(function (require, exports) {\n${cjs}\n})`, { filename: 'server-form.js' }).runInThisContext() as (
    need: (specifier: string) => unknown,
    into: Record<string, ValidateFunction>,
  ) => void;
  run((specifier) => {
    if (!HELPERS.includes(specifier)) throw new Error(`the compiled form requires '${specifier}'`);
    return require(specifier);
  }, exports);
  return exports;
}

/** A form compiled on the server: its Form, its validators, and with a runtime URL its browser module's text. */
export type CompiledFormFile = { form: Form; validators: ValidatorModule; moduleText?: string } | { refused: 'format' | 'uncompilable' };

/**
 * `formFile` compiled with the one compile path of the validators (compileStandalone) and run here
 * (loadValidators); `runtimeUrl`, the built validator-runtime chunk's URL, asks for the browser
 * module too. A format the validators do not know, or code that does not compile, is refused.
 */
export function compileFormFile(formFile: FormFile, runtimeUrl?: string): CompiledFormFile {
  if (unsupportedFormats(formFile.schema).size > 0) return { refused: 'format' };
  try {
    const compiled = compileStandalone(formFile.schema as RJSFSchema);
    const validators: ValidatorModule = { default: loadValidators(compiled.cjs), rootKey: compiled.rootKey };
    const form = withModule(formFile, validators);
    if (!form) return { refused: 'uncompilable' };
    return { form, validators, ...(runtimeUrl ? { moduleText: validatorModule(compiled, { runtime: runtimeUrl }) } : {}) };
  } catch {
    return { refused: 'uncompilable' };
  }
}
