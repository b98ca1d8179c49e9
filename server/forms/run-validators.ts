import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import { RUNTIME_HELPERS } from '../../scripts/lib/generate/validators';
import type { ValidateFunction } from './form';

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
