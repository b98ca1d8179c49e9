import type { SchemaIssue } from './ajv';
import { isObject } from './json-file';
import { foldSchema, mapSchema, resultAt, resultsAt, through, walkSchema } from './schema-walk';

type Schema = Record<string, unknown>;

/**
 * Where a block schema's `default`s sit, and nothing else: what the engine's `withDefaults`
 * (src/engine/defaults.ts) walks to fill a section's props before the block renders, as Ajv's
 * `useDefaults` would, without shipping a validator.
 */
interface DefaultsTree {
  default?: unknown;
  properties?: Record<string, DefaultsTree>;
  items?: DefaultsTree;
}

/** The defaults of a block schema, and the pointers of the `default`s they took. */
export interface BlockDefaults {
  /** undefined when the schema has no default the engine applies. */
  tree: DefaultsTree | undefined;
  used: ReadonlySet<string>;
}

const isEmpty = (tree: DefaultsTree) => Object.keys(tree).length === 0;

function mergeInto(target: DefaultsTree, source: DefaultsTree): void {
  if ('default' in source && !('default' in target)) target.default = source.default;
  for (const [key, child] of Object.entries(source.properties ?? {})) {
    const properties = (target.properties ??= {});
    if (properties[key]) mergeInto(properties[key], child);
    else properties[key] = child;
  }
  if (source.items) {
    if (target.items) mergeInto(target.items, source.items);
    else target.items = source.items;
  }
}

/**
 * Collects the defaults along the paths Ajv's `useDefaults` fills: `properties`, an `items` schema,
 * `allOf` and local `$ref`s (each followed once along a path). A default anywhere else (anyOf,
 * oneOf, not, if/then/else, additional properties, the root) is never applied; unappliedDefaults
 * reports it. Where two give a default for the same value, the first in this order wins: the
 * schema's own `default`, then its `$ref`'s defaults, its `properties`' and `items`', its `allOf`
 * parts' in order.
 */
export function blockDefaults(schema: Schema): BlockDefaults {
  const used = new Set<string>();
  const tree = foldSchema<DefaultsTree>(
    schema,
    '',
    ({ schema: node, pointer }, children) => {
      const tree: DefaultsTree = {};
      const target = resultAt(children, '$ref');
      if (target) mergeInto(tree, target);
      if ('default' in node && pointer !== '') {
        tree.default = node.default;
        used.add(`${pointer}/default`);
      }
      for (const { step, result } of children) {
        if (step.keyword === 'properties' && !isEmpty(result)) mergeInto(tree, { properties: { [String(step.key)]: result } });
      }
      const items = resultAt(children, 'items');
      if (items && !isEmpty(items)) mergeInto(tree, { items });
      for (const part of resultsAt(children, 'allOf')) mergeInto(tree, part);
      return tree;
    },
    { steps: through('properties', 'items', 'allOf'), refs: { root: schema } },
  );
  return { tree: tree && !isEmpty(tree) ? tree : undefined, used };
}

/** Every `default` of a block schema that the engine would not apply, as a problem of the schema. */
export function unappliedDefaults(schema: Schema): SchemaIssue[] {
  const { used } = blockDefaults(schema);
  const issues: SchemaIssue[] = [];
  walkSchema(schema, '', ({ schema: node, pointer }) => {
    if (!('default' in node) || used.has(`${pointer}/default`)) return;
    issues.push({
      pointer: `${pointer}/default`,
      message: 'this default is never applied: the engine fills defaults along properties, items and allOf only',
      at: 'key',
    });
  });
  return issues;
}

/**
 * The schema of the props a block receives: every property with a default becomes required, since
 * the engine fills it in (so the generated type says it is always there).
 */
export function withDefaultsRequired(schema: Schema): Schema {
  return mapSchema(schema, (node) => {
    if (!isObject(node.properties)) return node;
    const defaulted = Object.entries(node.properties)
      .filter(([, sub]) => isObject(sub) && 'default' in sub)
      .map(([key]) => key);
    const required = Array.isArray(node.required) ? node.required : [];
    const missing = defaulted.filter((key) => !required.includes(key));
    return missing.length === 0 ? node : { ...node, required: [...required, ...missing] };
  }) as Schema;
}
