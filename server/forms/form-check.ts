import { createRequire } from 'node:module';
import { Script } from 'node:vm';
import type { RJSFSchema } from '@rjsf/utils';
import { compileStandalone, RUNTIME_HELPERS, unsupportedFormats } from '../../scripts/lib/generate/validators';
import type { Product } from '../product';
import { fieldErrors, inFormOrder, type FieldErrors } from './errors';
import { fieldOrder, type ValidateFunction } from './form';
import { formNameOf } from '../../scripts/lib/project';
import { hashOf, resolveReleaseForm, type FormRefusal } from './release-form-compile';

/**
 * The studio's check of a form being edited (its Forms screen's preview, which runs no compiled
 * code): the draft's form file resolved as a release's (release-form-compile.ts) and compiled with
 * the one compile path of the validators (compileStandalone), then the data checked with it, the
 * errors per field with the form's own messages (errors.ts, as a submission's 422 gives them).
 *
 * The compiled code runs in this process as a plain function (node:vm), not as an imported module:
 * Node keeps every module it imported, and each edit of a form is a new text. The last
 * KEPT_CHECKERS compiled forms are kept, by the hash of their resolved text.
 */

export const KEPT_CHECKERS = 20;

export type FormCheck = { kind: 'checked'; errors: FieldErrors } | { kind: 'refused'; reason: FormRefusal };

export interface FormChecker {
  /** Checks `formData` with form `path` (forms/<name>.json) of `texts`; undefined when `path` is not a form's. */
  check(path: string, texts: Readonly<Record<string, string>>, formData: unknown): FormCheck | undefined;
}

const require = createRequire(import.meta.url);
const HELPERS: readonly string[] = RUNTIME_HELPERS;

/** Ajv's standalone CommonJS code run as a function: only the runtime helpers may be required. */
function loadValidators(cjs: string): Record<string, ValidateFunction> {
  const exports: Record<string, ValidateFunction> = {};
  const run = new Script(`(function (require, exports) {\n${cjs}\n})`, { filename: 'form-check.js' }).runInThisContext() as (
    need: (specifier: string) => unknown,
    into: Record<string, ValidateFunction>,
  ) => void;
  run((specifier) => {
    if (!HELPERS.includes(specifier)) throw new Error(`the compiled form requires '${specifier}'`);
    return require(specifier);
  }, exports);
  return exports;
}

export function createFormChecker(options: { product: Product; root?: string }): FormChecker {
  const kept = new Map<string, { validate: ValidateFunction; order: string[] } | FormRefusal>();

  const compile = (schema: RJSFSchema): { validate: ValidateFunction } | FormRefusal => {
    if (unsupportedFormats(schema).size > 0) return 'format';
    try {
      const { cjs, rootKey } = compileStandalone(schema);
      const validate = loadValidators(cjs)[rootKey];
      return typeof validate === 'function' ? { validate } : 'uncompilable';
    } catch {
      return 'uncompilable';
    }
  };

  return {
    check(path, texts, formData) {
      const name = formNameOf(path);
      if (name === undefined || texts[path] === undefined) return undefined;
      const found = resolveReleaseForm(name, texts, options);
      if (found.kind === 'refused') return found;
      const key = hashOf(found.fileText);
      let checker = kept.get(key);
      if (checker === undefined) {
        if (!found.formFile) checker = 'no-schema';
        else {
          const compiled = compile(found.formFile.schema);
          checker = typeof compiled === 'string' ? compiled : { ...compiled, order: fieldOrder(found.formFile) };
        }
        kept.set(key, checker);
        if (kept.size > KEPT_CHECKERS) kept.delete(kept.keys().next().value as string);
      }
      if (typeof checker === 'string') return { kind: 'refused', reason: checker };
      const { validate, order } = checker;
      return { kind: 'checked', errors: validate(formData) ? {} : inFormOrder(fieldErrors(validate.errors), order) };
    },
  };
}
