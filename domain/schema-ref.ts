import { isObject } from './guards';
import { getAtRef } from './json-pointer';

type Schema = Record<string, unknown>;

/** More links than a chain of references of a real schema has: past it, the chain is taken for a loop. */
const MAX_REF_CHAIN = 20;

/**
 * The schema that a local `$ref` ('#/definitions/x', a pointer into `root`) stands for, through a
 * chain of them: the schema itself when it has none. A reference that leads to no schema, or a
 * chain that loops, stops at the last schema reached.
 */
export function resolveLocalRef(schema: Schema, root: Schema): Schema {
  let node = schema;
  for (let links = 0; typeof node.$ref === 'string' && node.$ref.startsWith('#') && links < MAX_REF_CHAIN; links++) {
    const target = getAtRef(root, node.$ref).value;
    if (!isObject(target)) break;
    node = target;
  }
  return node;
}
