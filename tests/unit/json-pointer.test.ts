import { describe, expect, it } from 'vitest';
import {
  escapeToken,
  formatPointer,
  getAtPointer,
  getAtRef,
  isWithin,
  parentOf,
  parsePointer,
  refToPointer,
  valuesWithPointers,
} from '../../domain/json-pointer';

describe('escaping', () => {
  it('writes ~ as ~0 and / as ~1, ~ first', () => {
    expect(escapeToken('a/b~c')).toBe('a~1b~0c');
    expect(escapeToken('~1')).toBe('~01');
    expect(escapeToken(3)).toBe('3');
  });

  it('reads ~1 as / and ~0 as ~, ~1 first', () => {
    expect(parsePointer('/a~1b/c~0d/~01')).toEqual(['a/b', 'c~d', '~1']);
  });

  it('formats and parses back', () => {
    const tokens = ['pages', 0, 'a/b', '~', ''];
    expect(formatPointer(tokens)).toBe('/pages/0/a~1b/~0/');
    expect(parsePointer(formatPointer(tokens))).toEqual(['pages', '0', 'a/b', '~', '']);
  });
});

describe('the empty pointer', () => {
  it('has no tokens and names the whole value', () => {
    expect(parsePointer('')).toEqual([]);
    expect(formatPointer([])).toBe('');
    expect(getAtPointer(null, '')).toEqual({ found: true, value: null });
  });

  it('differs from "/", the key ""', () => {
    expect(parsePointer('/')).toEqual(['']);
    expect(getAtPointer({ '': 1 }, '/')).toEqual({ found: true, value: 1 });
  });

  it('is its own parent', () => {
    expect(parentOf('')).toBe('');
    expect(parentOf('/a')).toBe('');
    expect(parentOf('/a/b~1c')).toBe('/a');
  });
});

describe('getAtPointer', () => {
  const data = { items: [{ 'a/b': 'x', 'c~d': false }], empty: null };

  it('walks objects and arrays', () => {
    expect(getAtPointer(data, '/items/0/a~1b')).toEqual({ found: true, value: 'x' });
    expect(getAtPointer(data, '/items/0/c~0d')).toEqual({ found: true, value: false });
    expect(getAtPointer(data, '/empty')).toEqual({ found: true, value: null });
  });

  it('reports a missing path', () => {
    expect(getAtPointer(data, '/items/1')).toEqual({ found: false, value: undefined });
    expect(getAtPointer(data, '/items/-')).toEqual({ found: false, value: undefined });
    expect(getAtPointer(data, '/items/01x')).toEqual({ found: false, value: undefined });
    expect(getAtPointer(data, '/nope/deeper')).toEqual({ found: false, value: undefined });
    expect(getAtPointer(data, '/empty/x')).toEqual({ found: false, value: undefined });
    expect(getAtPointer(data, '/items/length')).toEqual({ found: false, value: undefined });
    expect(getAtPointer({}, '/toString')).toEqual({ found: false, value: undefined });
  });
});

describe('isWithin', () => {
  it('holds for the pointer itself and what is below it', () => {
    expect(isWithin('/a', '/a')).toBe(true);
    expect(isWithin('/a/0', '/a')).toBe(true);
    expect(isWithin('/ab', '/a')).toBe(false);
    expect(isWithin('/a', '/a/0')).toBe(false);
    expect(isWithin('/anything', '')).toBe(true);
  });
});

describe('$ref', () => {
  it('decodes percent-encoding before ~ escapes, per token', () => {
    expect(refToPointer('#/definitions/b%20c')).toBe('/definitions/b c');
    expect(refToPointer('#/a%2Fb')).toBe('/a~1b');
    expect(refToPointer('#/a%7E1b')).toBe('/a~1b');
    expect(refToPointer('#/a~1b')).toBe('/a~1b');
  });

  it('takes the fragment of a ref to another file', () => {
    expect(refToPointer('fragments/email.json#/email')).toBe('/email');
    expect(refToPointer('fragments/email.json')).toBe('');
    expect(refToPointer('#')).toBe('');
  });

  it('names no pointer with an anchor fragment', () => {
    expect(refToPointer('#anchor')).toBeUndefined();
    expect(getAtRef({ anchor: 1 }, '#anchor')).toEqual({ found: false, value: undefined });
  });

  it('keeps a token that is not validly percent-encoded', () => {
    expect(refToPointer('#/100%')).toBe('/100%');
  });

  it('finds the value a ref names', () => {
    const schema = { definitions: { 'b c': { type: 'string' } }, anyOf: [{ $ref: '#/definitions/b%20c' }] };
    expect(getAtRef(schema, '#/definitions/b%20c')).toEqual({ found: true, value: { type: 'string' } });
    expect(getAtRef(schema, '#/anyOf/0')).toEqual({ found: true, value: { $ref: '#/definitions/b%20c' } });
    expect(getAtRef(schema, '#/definitions/missing').found).toBe(false);
  });
});

describe('valuesWithPointers', () => {
  it('yields every value, itself first, depth first', () => {
    const pointers = [...valuesWithPointers({ a: [1, { 'b/c': 'x' }], d: 2 })].map(({ pointer }) => pointer);
    expect(pointers).toEqual(['', '/a', '/a/0', '/a/1', '/a/1/b~1c', '/d']);
  });

  it('starts below a given pointer', () => {
    expect([...valuesWithPointers(['x'], '/items')]).toEqual([
      { pointer: '/items', value: ['x'] },
      { pointer: '/items/0', value: 'x' },
    ]);
  });
});
