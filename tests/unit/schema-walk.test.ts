import { describe, expect, it } from 'vitest';
import { foldSchema, resultAt, resultsAt, through, walkSchema, type Step, type Visit } from '../../domain/schema-walk';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tags: { type: 'array', items: { $ref: '#/definitions/tag' } },
  },
  allOf: [{ properties: { name: { maxLength: 9 } } }],
  definitions: { tag: { type: 'string', default: 'new' } },
};

/** A data path as text: property names, other steps by their keyword. */
const dataPathOf = ({ dataPath }: Visit) => dataPath?.map((step) => (step.kind === 'property' ? step.key : `[${step.keyword}]`)).join('.');

function visits(root: unknown, options: Parameters<typeof walkSchema>[3] = {}) {
  const out: Array<[string, string | undefined]> = [];
  walkSchema(root, '', (visit) => out.push([visit.pointer, dataPathOf(visit)]), options);
  return out;
}

describe('the schema walker', () => {
  it('tells each visit the value of the data it applies to: applicators keep it, definitions have none', () => {
    expect(visits(schema)).toEqual([
      ['', ''],
      ['/properties/name', 'name'],
      ['/properties/tags', 'tags'],
      ['/properties/tags/items', 'tags.[items]'],
      ['/allOf/0', ''],
      ['/allOf/0/properties/name', 'name'],
      ['/definitions/tag', undefined],
    ]);
  });

  it('follows local $refs when asked, into their targets under their own pointers, before the other subschemas', () => {
    const root = { properties: { a: { $ref: '#/definitions/a', properties: { own: {} } } }, definitions: { a: { type: 'string' } } };
    const walked: Array<[string, string | undefined, string | undefined]> = [];
    walkSchema(root, '/schema', (visit) => walked.push([visit.pointer, visit.path.at(-1)?.step.keyword, dataPathOf(visit)]), {
      steps: (step) => step.kind !== 'detached',
      refs: { root, pointer: '/schema' },
    });
    expect(walked).toEqual([
      ['/schema', undefined, ''],
      ['/schema/properties/a', 'properties', 'a'],
      ['/schema/definitions/a', '$ref', 'a'],
      ['/schema/properties/a/properties/own', 'properties', 'a.own'],
    ]);
  });

  it('leaves alone a $ref to another document, to no schema, or by an anchor', () => {
    for (const $ref of ['other.json#/definitions/a', '#/definitions/none', '#/enum', '#anchor']) {
      expect(visits({ $ref, enum: [1] }, { refs: { root: { $ref, enum: [1] } } })).toEqual([['', '']]);
    }
  });

  it('enters the target of a $ref once along a path, so a loop of references ends', () => {
    const loop = { properties: { next: { $ref: '#' } } };
    expect(visits(loop, { refs: { root: loop } })).toEqual([
      ['', ''],
      ['/properties/next', 'next'],
      ['', 'next'],
      ['/properties/next', 'next.next'],
    ]);
    const mutual = { $ref: '#/definitions/a', definitions: { a: { $ref: '#/definitions/b' }, b: { items: { $ref: '#/definitions/a' } } } };
    const steps = (step: Step) => step.kind !== 'detached';
    expect(visits(mutual, { steps, refs: { root: mutual } })).toEqual([
      ['', ''],
      ['/definitions/a', ''],
      ['/definitions/b', ''],
      // Its $ref leads back to /definitions/a, which the path has entered.
      ['/definitions/b/items', '[items]'],
    ]);
    // The same target twice on different paths is entered on each.
    const twice = { properties: { a: { $ref: '#/definitions/x' }, b: { $ref: '#/definitions/x' } }, definitions: { x: {} } };
    expect(visits(twice, { steps, refs: { root: twice } }).filter(([pointer]) => pointer === '/definitions/x')).toHaveLength(2);
  });

  it('takes only the steps it is given, leaving out all below one it refuses', () => {
    const applicators = (step: Step) => step.kind === 'applicator';
    expect(visits(schema, { steps: applicators })).toEqual([
      ['', ''],
      ['/allOf/0', ''],
    ]);
    const tuple = { properties: { pair: { items: [{}, {}], allOf: [{ items: {} }] } } };
    expect(visits(tuple, { steps: through('properties', 'items') })).toEqual([
      ['', ''],
      ['/properties/pair', 'pair'],
    ]);
    expect(visits(tuple, { steps: through('properties', 'items', 'allOf') }).at(-1)).toEqual([
      '/properties/pair/allOf/0/items',
      'pair.[items]',
    ]);
  });

  it('folds bottom up: each schema with the results of those directly below it, and their steps', () => {
    // The names of the properties a schema gives, its own and its allOf parts' and its properties'.
    const names = foldSchema<string[]>(schema, '', ({ schema: node }, children) => [
      ...Object.keys(node.properties ?? {}),
      ...resultsAt(children, 'allOf').flat(),
      ...children.filter(({ step }) => step.kind === 'property').flatMap(({ step, result }) => result.map((name) => `${step.key}.${name}`)),
    ]);
    expect(names).toEqual(['name', 'tags', 'name']);
    const order: string[] = [];
    const count = foldSchema<number>(
      schema,
      '',
      ({ pointer }, children) => {
        order.push(pointer);
        return 1 + children.reduce((sum, { result }) => sum + result, 0);
      },
      { refs: { root: schema } },
    );
    expect(count).toBe(8); // the 7 subschemas and the tag definition once more, through the $ref
    expect(order.indexOf('/properties/tags/items')).toBeLessThan(order.indexOf('/properties/tags'));
    expect(order.at(-1)).toBe('');
    expect(foldSchema(true, '', () => 1)).toBeUndefined();
  });

  it('finds a result by keyword and key: a lone subschema has no key', () => {
    const children = [
      { step: { kind: 'data', keyword: 'items' } as Step, result: 'items' },
      { step: { kind: 'property', keyword: 'properties', key: 'a' } as Step, result: 'a' },
      { step: { kind: 'applicator', keyword: 'anyOf', key: 0 } as Step, result: 'first' },
    ];
    expect(resultAt(children, 'items')).toBe('items');
    expect(resultAt(children, 'properties', 'a')).toBe('a');
    expect(resultAt(children, 'anyOf', 0)).toBe('first');
    expect(resultAt(children, 'anyOf')).toBeUndefined();
    expect(resultsAt(children, 'anyOf')).toEqual(['first']);
  });
});
