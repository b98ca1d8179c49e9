import { isFileRef } from '../../../domain/form-bundle';
import { deepEqual } from '../core/json';
import { resolveRef } from './bundle';
import { isObject, type FormContext, type FormFile, type JsonObject } from './types';

/** The value of setIn that removes a key. */
export const DELETE: unique symbol = Symbol('delete');

/** A plain deep copy of JSON data (never a draft of the form: what is written must not share objects). */
function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** The RFC 7386 merge patch that turns `base` into `target`. */
function mergeDiff(base: JsonObject, target: JsonObject): JsonObject {
  const patch: JsonObject = {};
  for (const key of Object.keys(base)) if (!Object.hasOwn(target, key)) patch[key] = null;
  for (const [key, value] of Object.entries(target)) {
    const was = base[key];
    if (Object.hasOwn(base, key) && deepEqual(was, value)) continue;
    if (isObject(was) && isObject(value) && !('$ref' in value)) patch[key] = mergeDiff(was, value);
    else patch[key] = cloneJson(value);
  }
  return patch;
}

/**
 * Makes the resolved form (bundle.ts) hold `value` at `path` (or no key there, with DELETE) by
 * editing the form file itself (the draft), keeping its `$ref`s: where the path runs through an
 * object holding a `$ref` to a fragment (`"uiSchema": { "$ref": "fragments/billing-core.json#/uiSchema" }`),
 * the change is written beside the `$ref` as a merge patch — a key the fragment gives is removed by
 * `null`, an object is written as the difference from the fragment's, a value equal to the
 * fragment's drops the override. Elsewhere it is a plain assignment or deletion.
 */
export function setIn(draft: FormFile, path: readonly string[], value: unknown, ctx: FormContext): void {
  let node: JsonObject = draft;
  /** What `node` is merged onto when the form is resolved (a fragment's value), if anything. */
  let base: unknown;
  for (let i = 0; ; i++) {
    if (isFileRef(node.$ref)) base = resolveRef(node.$ref, ctx, draft);
    const key = path[i];
    const inBase = isObject(base) && Object.hasOwn(base, key);
    const baseChild = isObject(base) ? base[key] : undefined;
    if (i === path.length - 1) {
      assign(node, key, value, inBase, baseChild);
      return;
    }
    let next = node[key];
    if (!isObject(next)) {
      // Nothing to delete below a key that neither the file nor the fragment has.
      if (value === DELETE && !isObject(baseChild)) return;
      node[key] = {};
      next = node[key];
    }
    // An object beside a fragment's object merges into it; anything else replaces it.
    base = isObject(baseChild) ? baseChild : undefined;
    node = next as JsonObject;
  }
}

function assign(node: JsonObject, key: string, value: unknown, inBase: boolean, baseValue: unknown) {
  if (value === DELETE) {
    if (inBase) node[key] = null;
    else delete node[key];
    return;
  }
  if (inBase && deepEqual(baseValue, value)) {
    delete node[key];
    return;
  }
  if (inBase && isObject(baseValue) && isObject(value) && !('$ref' in value)) {
    node[key] = mergeDiff(baseValue, value);
    return;
  }
  node[key] = cloneJson(value);
}
