import { bundleForm as bundleFormFile, resolveFileRef, type ReadJson } from '../../../domain/form-bundle';
import { isObject, type FormContext, type JsonObject } from './types';

/**
 * The form the editor holds, bundled by the project's one bundler (domain/form-bundle.ts) on the
 * unsaved files: its `$ref`s resolved from the `fragments` the editor API sends and, with `expand`,
 * its default `messages.required` filled into every required field, as the site and the server run
 * the form.
 */

export interface BundleResult {
  data: JsonObject;
  /** References that cannot be resolved here (the gate says more). */
  issues: string[];
}

/** The project's JSON files as the editor has them: the form being edited (`self`) and the fragments. */
function reader(ctx: FormContext, self: unknown): ReadJson {
  return (file) => {
    if (file === ctx.file) return { ok: true, json: { data: self } };
    // The editor API keys fragments by their path from the root ('forms/fragments/x.json'); 'fragments/x.json' too.
    for (const key of [file, file.replace(/^forms\//, '')]) {
      if (Object.hasOwn(ctx.fragments, key)) return { ok: true, json: { data: ctx.fragments[key] } };
    }
    return undefined;
  };
}

/** The resolved value that a `$ref` written in the form file names (a fragment's field, ...). */
export function resolveRef(ref: string, ctx: FormContext, self?: unknown): unknown {
  return resolveFileRef(ctx.file, ref, reader(ctx, self));
}

/** The form with its references resolved; with `expand`, its default messages filled in. */
export function bundleForm(form: unknown, ctx: FormContext, { expand = false } = {}): BundleResult {
  const bundle = bundleFormFile(ctx.file, reader(ctx, form), { expandMessages: expand });
  return { data: isObject(bundle.data) ? bundle.data : {}, issues: bundle.issues.map((issue) => issue.message) };
}

/** The default message of a required field: the form's messages.required, resolved. */
export function defaultRequiredMessage(bundled: JsonObject): string | undefined {
  const messages = bundled.messages;
  return isObject(messages) && typeof messages.required === 'string' ? messages.required : undefined;
}
