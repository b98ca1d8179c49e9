import { describe, expect, it } from 'vitest';
import { blockDefaults, unappliedDefaults } from '../../scripts/lib/block-defaults';

describe('block defaults: which default the engine fills where two give one', () => {
  it("takes a schema's own default over its $ref's", () => {
    const schema = { properties: { tone: { $ref: '#/definitions/tone', default: 'own' } }, definitions: { tone: { default: 'shared' } } };
    expect(blockDefaults(schema).tree).toEqual({ properties: { tone: { default: 'own' } } });
  });

  it("takes its $ref's defaults over its own properties', and its properties' over its allOf parts', the first part first", () => {
    const schema = {
      allOf: [{ properties: { a: { default: 'allOf 0' }, b: { default: 'allOf 0' } } }, { properties: { b: { default: 'allOf 1' } } }],
      properties: {
        texts: { $ref: '#/definitions/texts', properties: { title: { default: 'own' }, more: { default: 'own' } } },
        a: { default: 'property' },
      },
      definitions: { texts: { properties: { title: { default: 'shared' } } } },
    };
    expect(blockDefaults(schema).tree).toEqual({
      properties: {
        texts: { properties: { title: { default: 'shared' }, more: { default: 'own' } } },
        a: { default: 'property' },
        b: { default: 'allOf 0' },
      },
    });
  });

  it('fills along an items schema, not the items of a tuple', () => {
    const schema = { properties: { list: { items: { default: 1 } }, pair: { items: [{ default: 1 }] } } };
    expect(blockDefaults(schema).tree).toEqual({ properties: { list: { items: { default: 1 } } } });
    expect(unappliedDefaults(schema).map((issue) => issue.pointer)).toEqual(['/properties/pair/items/0/default']);
  });

  it('follows a $ref once along a path: a schema that contains itself gives its defaults once', () => {
    const schema = {
      properties: { menu: { $ref: '#/definitions/entry' } },
      definitions: { entry: { properties: { label: { default: 'Menu' }, children: { items: { $ref: '#/definitions/entry' } } } } },
    };
    expect(blockDefaults(schema)).toEqual({
      tree: { properties: { menu: { properties: { label: { default: 'Menu' } } } } },
      used: new Set(['/definitions/entry/properties/label/default']),
    });
  });
});
