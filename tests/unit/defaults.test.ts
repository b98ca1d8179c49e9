import { describe, expect, it } from 'vitest';
import { withDefaults, type SchemaDefaults } from '../../src/engine/defaults';

const defaults: SchemaDefaults = {
  properties: {
    kind: { default: 'regular' },
    minimum: { default: 1 },
    labels: { default: ['a', 'b'] },
    dependents: { properties: { minAge: { default: 18 } } },
    cards: { items: { properties: { minAge: { default: 18 } } } },
  },
};

describe('withDefaults: the schema defaults a block receives', () => {
  it('fills in every prop left out, deep in objects and list items that are there', () => {
    expect(withDefaults(defaults, { cards: [{ title: 'Me' }, { title: 'Mother', minAge: 21 }], dependents: {} })).toEqual({
      kind: 'regular',
      minimum: 1,
      labels: ['a', 'b'],
      dependents: { minAge: 18 },
      cards: [
        { title: 'Me', minAge: 18 },
        { title: 'Mother', minAge: 21 },
      ],
    });
  });

  it('keeps what the section gives, false, 0 and null included, and adds no object the section left out', () => {
    expect(withDefaults(defaults, { kind: 'promo', minimum: 0, labels: null })).toEqual({ kind: 'promo', minimum: 0, labels: null });
  });

  it('changes neither the section nor the defaults: what it fills is a copy', () => {
    const props = { dependents: {} };
    const filled = withDefaults(defaults, props) as { labels: string[] };
    filled.labels.push('c');
    expect(props).toEqual({ dependents: {} });
    expect(withDefaults(defaults, {})).toMatchObject({ labels: ['a', 'b'] });
  });
});
