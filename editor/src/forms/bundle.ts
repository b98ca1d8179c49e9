import { getAtRef } from '../../../domain/json-pointer';
import { isObject, type FormContext, type JsonObject } from './types';

/**
 * The browser's copy of scripts/lib/form-bundle.ts (which needs node:path): a form file with its
 * `$ref`s to fragments resolved from the `fragments` the editor API sends, keys beside a `$ref`
 * merged over what it gives (RFC 7386: `null` removes a key, an object holding a `$ref` replaces),
 * and, with `expand`, the form's default `messages.required` filled into every required field, as
 * the site and the server run the form. A `$ref` starting with '#' belongs to the JSON Schema and
 * is left as it is.
 */

export interface BundleResult {
  data: JsonObject;
  /** References that cannot be resolved here (the gate says more). */
  issues: string[];
}

/** `dirname(from)/target`, normalised (posix paths relative to the project root). */
export function joinPath(from: string, target: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** A fragment's JSON by its path, as the editor API keys them ('forms/fragments/x.json'; 'fragments/x.json' too). */
function fragmentFile(file: string, ctx: FormContext, self: unknown): { found: boolean; value: unknown } {
  if (file === ctx.file) return { found: true, value: self };
  for (const key of [file, file.replace(/^forms\//, ''), `forms/${file}`]) {
    if (Object.hasOwn(ctx.fragments, key)) return { found: true, value: ctx.fragments[key] };
  }
  return { found: false, value: undefined };
}

/** Whether a `$ref` names another file's value (what the bundle resolves), not one of the schema's own definitions. */
export function isFileRef(ref: unknown): ref is string {
  return typeof ref === 'string' && !ref.startsWith('#');
}

class Resolver {
  readonly issues: string[] = [];

  constructor(
    private readonly ctx: FormContext,
    private readonly self: unknown,
  ) {}

  /** A plain copy of `node` (written in `from`) with its references resolved. */
  resolve(node: unknown, from: string, stack: readonly string[]): unknown {
    if (Array.isArray(node)) return node.map((item) => this.resolve(item, from, stack));
    if (!isObject(node)) return node;
    if (isFileRef(node.$ref)) return this.resolveRef(node, node.$ref, from, stack);
    const result: JsonObject = {};
    for (const [key, child] of Object.entries(node)) result[key] = this.resolve(child, from, stack);
    return result;
  }

  /** The value a `$ref` names, resolved (without the keys beside it); undefined when it cannot be found. */
  target(ref: string, from: string, stack: readonly string[]): { value: unknown; file: string } | undefined {
    const hash = ref.indexOf('#');
    const targetFile = joinPath(from, hash < 0 ? ref : ref.slice(0, hash));
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    const key = `${targetFile}#${pointer}`;
    if (stack.includes(key)) {
      this.issues.push(`$ref '${ref}' refers to itself`);
      return undefined;
    }
    const file = fragmentFile(targetFile, this.ctx, this.self);
    if (!file.found) {
      this.issues.push(`cannot resolve $ref '${ref}': no file ${targetFile}`);
      return undefined;
    }
    const { found, value } = getAtRef(file.value, ref);
    if (!found) {
      this.issues.push(`cannot resolve $ref '${ref}': ${targetFile} has nothing at '${pointer || '(root)'}'`);
      return undefined;
    }
    return { value: this.resolve(value, targetFile, [...stack, key]), file: targetFile };
  }

  private resolveRef(node: JsonObject, ref: string, from: string, stack: readonly string[]): unknown {
    const base = this.target(ref, from, stack)?.value;
    const patch = Object.entries(node).filter(([key]) => key !== '$ref');
    if (patch.length === 0) return base;
    if (!isObject(base)) return base;
    return this.merge(base, patch, from, stack);
  }

  private merge(base: JsonObject, patch: Array<[string, unknown]>, from: string, stack: readonly string[]): JsonObject {
    const result = { ...base };
    for (const [key, value] of patch) {
      if (value === null) delete result[key];
      else if (isObject(value) && !('$ref' in value) && isObject(result[key]))
        result[key] = this.merge(result[key] as JsonObject, Object.entries(value), from, stack);
      else result[key] = this.resolve(value, from, stack);
    }
    return result;
  }
}

/** The resolved value that a `$ref` written in the form file names (a fragment's field, ...). */
export function resolveRef(ref: string, ctx: FormContext, self?: unknown): unknown {
  return new Resolver(ctx, self).target(ref, ctx.file, [`${ctx.file}#`])?.value;
}

/** The form with its references resolved; with `expand`, its default messages filled in (see the module comment). */
export function bundleForm(form: unknown, ctx: FormContext, { expand = false } = {}): BundleResult {
  const resolver = new Resolver(ctx, form);
  const resolved = resolver.resolve(form, ctx.file, [`${ctx.file}#`]);
  const data = isObject(resolved) ? resolved : {};
  if (expand) expandMessages(data);
  return { data, issues: resolver.issues };
}

/** The default message of a required field: the form's messages.required, resolved. */
export function defaultRequiredMessage(bundled: JsonObject): string | undefined {
  const messages = bundled.messages;
  return isObject(messages) && typeof messages.required === 'string' ? messages.required : undefined;
}

/** As form-bundle.ts expandMessages: fills messages.required into required fields and text fields with minLength 1. */
function expandMessages(form: JsonObject) {
  const required = defaultRequiredMessage(form);
  delete form.messages;
  if (required === undefined || !isObject(form.schema)) return;
  const visit = (schema: JsonObject) => {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const names = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
    for (const field of Object.values(properties)) {
      if (!isObject(field)) continue;
      if (field.type === 'string' && field.minLength === 1) {
        const own = isObject(field.errorMessage) ? field.errorMessage : undefined;
        if (own === undefined && field.errorMessage !== undefined) continue;
        if (!own || !('minLength' in own)) field.errorMessage = { minLength: required, ...own };
      }
      if (field.type === 'object' || isObject(field.properties)) visit(field);
    }
    if (names.length === 0) return;
    const errorMessage = isObject(schema.errorMessage) ? schema.errorMessage : schema.errorMessage === undefined ? {} : undefined;
    if (!errorMessage) return;
    const stated = isObject(errorMessage.required) ? errorMessage.required : errorMessage.required === undefined ? {} : undefined;
    if (!stated) return;
    const filled: JsonObject = {};
    for (const name of names) filled[name] = stated[name] ?? required;
    for (const [name, message] of Object.entries(stated)) if (!(name in filled)) filled[name] = message;
    schema.errorMessage = { ...errorMessage, required: filled };
  };
  visit(form.schema);
}
