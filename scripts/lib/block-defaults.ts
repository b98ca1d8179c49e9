import type { SchemaIssue } from './ajv';
import { isObject } from './json-file';
import { escapeToken, getAtPointer, refToPointer } from '../../domain/json-pointer';
import { mapSchema, walkSchema } from './schema-walk';

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
 * `allOf` and local `$ref`s. A default anywhere else (anyOf, oneOf, not, if/then/else, additional
 * properties, the root) is never applied; unappliedDefaults reports it.
 */
export function blockDefaults(schema: Schema): BlockDefaults {
  const used = new Set<string>();
  const collect = (node: unknown, pointer: string, refs: readonly string[]): DefaultsTree => {
    const tree: DefaultsTree = {};
    if (!isObject(node)) return tree;
    const ref = node.$ref;
    // A local `$ref` ('#/definitions/x') names a subschema of this schema; any other is left alone.
    if (typeof ref === 'string' && ref.startsWith('#') && !refs.includes(ref)) {
      const target = refToPointer(ref);
      if (target !== undefined) mergeInto(tree, collect(getAtPointer(schema, target).value, target, [...refs, ref]));
    }
    if ('default' in node && pointer !== '') {
      tree.default = node.default;
      used.add(`${pointer}/default`);
    }
    if (isObject(node.properties)) {
      for (const [key, sub] of Object.entries(node.properties)) {
        const child = collect(sub, `${pointer}/properties/${escapeToken(key)}`, refs);
        if (!isEmpty(child)) mergeInto(tree, { properties: { [key]: child } });
      }
    }
    if (isObject(node.items)) {
      const child = collect(node.items, `${pointer}/items`, refs);
      if (!isEmpty(child)) mergeInto(tree, { items: child });
    }
    if (Array.isArray(node.allOf)) node.allOf.forEach((part, i) => mergeInto(tree, collect(part, `${pointer}/allOf/${i}`, refs)));
    return tree;
  };
  const tree = collect(schema, '', []);
  return { tree: isEmpty(tree) ? undefined : tree, used };
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
