import { isObject } from './guards';
import { escapeToken, getAtRef, isWithin, parentOf } from './json-pointer';

/**
 * A form file of forms/ as the site and the server run it: its `$ref`s to fragments resolved and its
 * default messages expanded into each field. The one bundler: `npm run generate` writes its result,
 * `npm run validate` checks it, and the visual editor runs it in the browser on the unsaved files
 * (it imports nothing of Node; tests/validate/form-bundle.test.ts keeps it the only one).
 *
 * - `{ "$ref": "fragments/address.json#/city" }` anywhere in a form (schema, uiSchema, flow, ...) is
 *   replaced by that value of the file (relative to the file holding the `$ref`, inside forms/). A
 *   `$ref` that starts with '#' is a reference of the form's own JSON Schema and is left to rjsf/Ajv.
 * - Keys beside a `$ref` override what it gives, as a JSON Merge Patch (RFC 7386): an object is merged
 *   key by key, anything else replaces, `null` removes the key; an object holding a `$ref` replaces.
 * - `messages.required`, the form's default required message (usually `{ "$ref":
 *   "fragments/messages.json" }`), fills in every required field's ajv-errors message that the form
 *   does not state: `errorMessage.required.<field>` and, for a text field with `minLength: 1`, its
 *   `errorMessage.minLength`. The `messages` key itself is not part of the result.
 */

/** Where a value of the bundled form was written: its file (relative to the root) and pointer. */
export interface Origin {
  file: string;
  pointer: string;
}

export interface BundleIssue {
  file: string;
  pointer: string;
  message: string;
  at?: 'value' | 'key';
}

export interface BundledForm {
  /** The form file as the site and the server run it. */
  data: unknown;
  /** For every pointer of `data`, where the value was written (a fragment, or the form itself). */
  origins: Map<string, Origin>;
  /** The fragment files the form uses, relative to the root. */
  fragments: string[];
  /** References that cannot be resolved, cycles, overrides of a value that is no object. */
  issues: BundleIssue[];
}

/**
 * A JSON file of the project by its path relative to the root ('forms/fragments/phone.json'): its
 * value, `{ ok: false }` when it is not valid JSON, undefined when there is none.
 */
export type ReadJson = (file: string) => { ok: true; json: { data: unknown } } | { ok: false } | undefined;

export interface BundleOptions {
  /** Fill the default messages in and drop `messages` (true); false keeps `messages` as written. */
  expandMessages?: boolean;
}

const FORMS_DIR = 'forms';

/** Whether a `$ref` names another file's value (what the bundle resolves), not one of the schema's own definitions. */
export function isFileRef(ref: unknown): ref is string {
  return typeof ref === 'string' && !ref.startsWith('#');
}

/**
 * `target` relative to the file `from` ('forms/a.json' + 'fragments/b.json' -> 'forms/fragments/b.json'),
 * normalised as a posix path; a '..' above the root stays ('../x.json').
 */
export function joinPath(from: string, target: string): string {
  const parts = from.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..' && parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

/** Deletes the origins of a pointer and of everything under it. */
function dropOrigins(origins: Map<string, Origin>, pointer: string) {
  for (const key of [...origins.keys()]) if (isWithin(key, pointer)) origins.delete(key);
}

/** The resolver of the `$ref`s written in `file` and the files they name, with what it records. */
function bundler(file: string, read: ReadJson) {
  const origins = new Map<string, Origin>();
  const fragments = new Set<string>();
  const issues: BundleIssue[] = [];

  /** The value of `node` (at `at` in `from`) with its references resolved, recorded at `out`. */
  function resolve(node: unknown, from: Origin, out: string, stack: readonly string[]): unknown {
    origins.set(out, from);
    if (Array.isArray(node))
      return node.map((item, i) => resolve(item, { file: from.file, pointer: `${from.pointer}/${i}` }, `${out}/${i}`, stack));
    if (!isObject(node)) return node;
    if (isFileRef(node.$ref)) return resolveRef(node, node.$ref, from, out, stack);
    const result: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(node)) {
      const token = escapeToken(key);
      result[key] = resolve(child, { file: from.file, pointer: `${from.pointer}/${token}` }, `${out}/${token}`, stack);
    }
    return result;
  }

  function resolveRef(node: Record<string, unknown>, ref: string, from: Origin, out: string, stack: readonly string[]): unknown {
    const refAt = { file: from.file, pointer: `${from.pointer}/$ref` };
    const fail = (message: string) => {
      issues.push({ ...refAt, message });
      return undefined;
    };
    const hash = ref.indexOf('#');
    const target = hash < 0 ? ref : ref.slice(0, hash);
    const pointer = hash < 0 ? '' : ref.slice(hash + 1);
    const targetFile = joinPath(from.file, target);
    if (!targetFile.startsWith(`${FORMS_DIR}/`) || !targetFile.endsWith('.json')) {
      return fail(`$ref '${ref}' must name a JSON file inside ${FORMS_DIR}/`);
    }
    if (pointer !== '' && !pointer.startsWith('/')) return fail(`$ref '${ref}': the part after '#' must be a JSON pointer ('#/a/b')`);
    const key = `${targetFile}#${pointer}`;
    if (stack.includes(key)) return fail(`$ref '${ref}' refers to itself (${[...stack, key].join(' -> ')})`);
    const json = read(targetFile);
    if (!json) return fail(`cannot resolve $ref '${ref}': no file ${targetFile}`);
    if (!json.ok) return fail(`cannot resolve $ref '${ref}': ${targetFile} is not valid JSON`);
    const { found, value } = getAtRef(json.json.data, ref);
    if (!found) return fail(`cannot resolve $ref '${ref}': ${targetFile} has nothing at '${pointer || '(root)'}'`);
    if (targetFile !== file) fragments.add(targetFile);
    const base = resolve(value, { file: targetFile, pointer }, out, [...stack, key]);
    const patch = Object.entries(node).filter(([k]) => k !== '$ref');
    if (patch.length === 0) return base;
    if (!isObject(base)) return fail(`$ref '${ref}' gives no object, so the keys beside it cannot override anything`);
    origins.set(out, from);
    return mergePatch(base, patch, from, out, stack);
  }

  /** RFC 7386 on a resolved object; an object holding a `$ref` replaces rather than merges. */
  function mergePatch(base: Record<string, unknown>, patch: Array<[string, unknown]>, from: Origin, out: string, stack: readonly string[]) {
    const result = { ...base };
    for (const [key, value] of patch) {
      const token = escapeToken(key);
      const at = { file: from.file, pointer: `${from.pointer}/${token}` };
      const childOut = `${out}/${token}`;
      if (value === null) {
        delete result[key];
        dropOrigins(origins, childOut);
      } else if (isObject(value) && !('$ref' in value) && isObject(result[key])) {
        result[key] = mergePatch(result[key] as Record<string, unknown>, Object.entries(value), at, childOut, stack);
      } else {
        dropOrigins(origins, childOut);
        result[key] = resolve(value, at, childOut, stack);
      }
    }
    return result;
  }

  /** `node`, written at the root of `file`, with its references resolved. */
  const resolveRoot = (node: unknown) => resolve(node, { file, pointer: '' }, '', [`${file}#`]);
  return { resolveRoot, origins, fragments, issues };
}

/**
 * Bundles forms/<name>.json (see the module comment); `read` gives every JSON file of the project (the
 * editor's unsaved ones included).
 */
export function bundleForm(file: string, read: ReadJson, { expandMessages: expand = true }: BundleOptions = {}): BundledForm {
  const { resolveRoot, origins, fragments, issues } = bundler(file, read);
  const own = read(file);
  if (!own?.ok) return { data: undefined, origins, fragments: [], issues };
  const data = resolveRoot(own.json.data);
  if (expand && isObject(data)) {
    const problem = expandMessages(data, origins, file);
    if (problem) issues.push(problem);
  }
  return { data, origins, fragments: [...fragments].sort(), issues };
}

/** The value a `$ref` written in `file` names (a fragment's field), resolved; undefined when it names nothing. */
export function resolveFileRef(file: string, ref: string, read: ReadJson): unknown {
  return bundler(file, read).resolveRoot({ $ref: ref });
}

/**
 * Fills the form's default required message into every place the form leaves it out (see the
 * module comment) and removes `messages`. Explicit messages win, so a field states only a message
 * that differs. Nested object schemas (`properties` of an object field) are expanded too.
 */
function expandMessages(form: Record<string, unknown>, origins: Map<string, Origin>, file: string): BundleIssue | undefined {
  const messages = form.messages;
  if (!('messages' in form)) return undefined;
  delete form.messages;
  const origin = origins.get('/messages/required') ?? origins.get('/messages');
  dropOrigins(origins, '/messages');
  const required = isObject(messages) && typeof messages.required === 'string' ? messages.required : undefined;
  const unknown = isObject(messages) ? Object.keys(messages).filter((key) => key !== 'required') : [];
  if (required === undefined || unknown.length > 0) {
    const what = unknown.length > 0 ? `unknown message '${unknown[0]}'` : 'no `required` message';
    return {
      file: origin?.file ?? file,
      pointer: origin?.pointer ?? '/messages',
      message: `messages: ${what} (give { "required": "<text>" })`,
    };
  }
  if (!isObject(form.schema)) return undefined;
  const note = (pointer: string) => void (origin && !origins.has(pointer) && origins.set(pointer, origin));

  const visit = (schema: Record<string, unknown>, at: string) => {
    const properties = isObject(schema.properties) ? schema.properties : {};
    const names = Array.isArray(schema.required) ? schema.required.filter((n): n is string => typeof n === 'string') : [];
    for (const [name, field] of Object.entries(properties)) {
      if (!isObject(field)) continue;
      const fieldAt = `${at}/properties/${escapeToken(name)}`;
      if (field.type === 'string' && field.minLength === 1) {
        const own = isObject(field.errorMessage) ? field.errorMessage : undefined;
        if (own === undefined && field.errorMessage !== undefined) continue; // one message for every keyword
        if (!own || !('minLength' in own)) {
          field.errorMessage = { minLength: required, ...own };
          note(`${fieldAt}/errorMessage`);
          note(`${fieldAt}/errorMessage/minLength`);
        }
      }
      if (field.type === 'object' || isObject(field.properties)) visit(field, fieldAt);
    }
    if (names.length === 0) return;
    const errorMessage = isObject(schema.errorMessage) ? schema.errorMessage : schema.errorMessage === undefined ? {} : undefined;
    if (!errorMessage) return;
    const stated = isObject(errorMessage.required) ? errorMessage.required : errorMessage.required === undefined ? {} : undefined;
    if (!stated) return;
    const filled: Record<string, unknown> = {};
    for (const name of names) {
      filled[name] = stated[name] ?? required;
      if (!(name in stated)) note(`${at}/errorMessage/required/${escapeToken(name)}`);
    }
    for (const [name, message] of Object.entries(stated)) if (!(name in filled)) filled[name] = message;
    schema.errorMessage = { ...errorMessage, required: filled };
    note(`${at}/errorMessage`);
    note(`${at}/errorMessage/required`);
  };
  visit(form.schema, '/schema');
  return undefined;
}

/** The origin of a pointer of the bundled form: its own, else its nearest ancestor's. */
export function originOf(bundle: BundledForm, pointer: string): Origin | undefined {
  let current = pointer;
  for (;;) {
    const hit = bundle.origins.get(current);
    if (hit) return current === pointer ? hit : { file: hit.file, pointer: hit.pointer + pointer.slice(current.length) };
    if (current === '') return undefined;
    current = parentOf(current);
  }
}
