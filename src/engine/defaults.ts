import { isObject } from '../../domain/guards';

/**
 * Where a block schema's `default`s sit (generated from src/blocks/<type>/schema.json into the
 * block's chunk): a default for the value itself, for its properties, and for each item of a list.
 */
export interface SchemaDefaults {
  readonly default?: unknown;
  readonly properties?: Readonly<Record<string, SchemaDefaults>>;
  readonly items?: SchemaDefaults;
}

/**
 * The value with its schema's defaults filled in, as Ajv's `useDefaults` fills them: a property that
 * is undefined takes its default, then objects and list items are filled the same way, deep. The
 * value itself is not changed (what is filled is a copy).
 */
export function withDefaults(defaults: SchemaDefaults, value: unknown): unknown {
  const filled = value === undefined && 'default' in defaults ? structuredClone(defaults.default) : value;
  if (Array.isArray(filled) && defaults.items) return filled.map((item) => withDefaults(defaults.items!, item));
  if (!isObject(filled) || !defaults.properties) return filled;
  const out = { ...filled };
  for (const [key, child] of Object.entries(defaults.properties)) {
    const next = withDefaults(child, out[key]);
    if (next !== undefined) out[key] = next;
  }
  return out;
}
