import { describe, expect, it } from 'vitest';
import { mapSchema, unknownKeywords, walkSchema } from '../../scripts/lib/schema-walk';

const schema = {
  type: 'object',
  properties: {
    'a/b': { type: 'string' },
    list: { type: 'array', items: [{ type: 'string' }, { $ref: '#/$defs/n' }], additionalItems: false },
  },
  dependencies: { 'a/b': ['list'], list: { required: ['a/b'] } },
  if: { properties: { list: { maxItems: 0 } } },
  $defs: { n: { type: 'number', default: { type: 'not a schema' } } },
  enum: [{ type: 'not a schema either' }],
};

describe('the schema walker', () => {
  it('visits every subschema once, with its pointer and how it hangs off its parent', () => {
    const visits: Array<[string, string]> = [];
    walkSchema(schema, '/schema', ({ pointer, path }) => {
      const step = path.at(-1)?.step;
      visits.push([pointer, step ? step.kind : 'root']);
    });
    expect(visits.sort()).toEqual(
      [
        ['/schema', 'root'],
        ['/schema/$defs/n', 'detached'],
        ['/schema/dependencies/list', 'applicator'],
        ['/schema/if', 'applicator'],
        ['/schema/if/properties/list', 'property'],
        ['/schema/properties/a~1b', 'property'],
        ['/schema/properties/list', 'property'],
        ['/schema/properties/list/items/0', 'data'],
        ['/schema/properties/list/items/1', 'data'],
      ].sort(),
    );
  });

  it('reports a misspelt keyword at any depth, and knows the keywords the tools read', () => {
    const typo = { type: 'object', properties: { name: { type: 'string', maxlength: 3, writeOnly: true, 'x-title': 'Name' } }, $defs: {} };
    expect(unknownKeywords({ ...typo, errorMessage: { required: {} } }, '/schema')).toEqual([
      { pointer: '/schema/properties/name/maxlength', message: "unknown keyword 'maxlength' — did you mean 'maxLength'?", at: 'key' },
    ]);
  });

  it('maps subschemas before the schema that holds them, leaving the input as it was', () => {
    const before = structuredClone(schema);
    const seen: string[] = [];
    const mapped = mapSchema(schema, (node) => {
      seen.push(String(node.type ?? Object.keys(node)[0]));
      return node.type === 'string' ? { ...node, maxLength: 9 } : node;
    }) as typeof schema;
    expect(schema).toEqual(before);
    expect(mapped.properties['a/b']).toEqual({ type: 'string', maxLength: 9 });
    expect(mapped.properties.list.items[0]).toEqual({ type: 'string', maxLength: 9 });
    expect(mapped.enum).toEqual(schema.enum);
    expect(seen.indexOf('array')).toBeGreaterThan(seen.indexOf('string'));
    expect(seen.at(-1)).toBe('object');
  });
});
