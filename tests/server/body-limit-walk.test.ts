import { describe, expect, it } from 'vitest';
import { valueMaxBytes } from '../../server/forms/limits';

describe('valueMaxBytes over the schema walker', () => {
  it('names what has no bound by its JSON pointer, a name with / or ~ escaped', () => {
    expect(() => valueMaxBytes({ type: 'object', properties: { 'a/b': { type: 'string' } } })).toThrow(
      '/properties/a~1b: a string without maxLength',
    );
    expect(() => valueMaxBytes({ type: 'object', properties: { 'c~d': true } }, '/schema')).toThrow(
      '/schema/properties/c~0d: not a schema',
    );
    expect(() => valueMaxBytes({ type: 'array', maxItems: 2, items: [{ type: 'null' }] })).toThrow('/items: not a schema');
  });

  it('asks only the subschemas that count for their size: the first without a bound is named', () => {
    expect(valueMaxBytes({ enum: ['ab'], type: 'object', properties: { free: { type: 'string' } } })).toBe(2 + 2 * 6);
    expect(valueMaxBytes({ type: 'null', anyOf: [{ type: 'string' }] })).toBe(4);
    expect(() => valueMaxBytes({ type: ['array', 'string'], items: { type: 'string' } })).toThrow(': an array without maxItems');
    expect(() => valueMaxBytes({ oneOf: [{ type: 'null' }, { type: 'string' }, {}] })).toThrow('/oneOf/1: a string without maxLength');
  });
});
