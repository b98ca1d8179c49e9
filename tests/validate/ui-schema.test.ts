import { describe, expect, it } from 'vitest';
import { uiSchemaIssues } from '../../scripts/lib/ui-schema';

describe('uiSchema checks: the fields of an object', () => {
  it('counts its own properties, then allOf, anyOf, oneOf, then, else and dependencies, whatever their order in the schema', () => {
    const schema = {
      dependencies: { a: { properties: { f: {} } } },
      else: { properties: { e: {} } },
      then: { properties: { d: {} } },
      oneOf: [{ properties: { c: {} } }],
      anyOf: [{ properties: { b: {} } }],
      allOf: [{ properties: { a: {} } }],
      properties: { own: {} },
    };
    expect(uiSchemaIssues({ 'ui:order': [] }, schema, '/uiSchema')).toEqual([
      {
        pointer: '/uiSchema/ui:order',
        message: "ui:order misses fields 'own', 'a', 'b', 'c', 'd', 'e', 'f': add them, or '*' for the rest",
        at: 'value',
      },
    ]);
  });

  it("checks a field's uiSchema against the first schema that gives the field", () => {
    const schema = {
      anyOf: [{ properties: { address: { properties: { line: {} } } } }],
      allOf: [{ $ref: '#/definitions/address' }],
      definitions: { address: { properties: { address: { properties: { street: {} } } } } },
    };
    expect(uiSchemaIssues({ address: { line: {} } }, schema, '/uiSchema')).toEqual([
      { pointer: '/uiSchema/address/line', message: "uiSchema names unknown field 'line'", at: 'key' },
    ]);
  });

  it('ends at once on a loop of references', () => {
    const schema = { allOf: [{ $ref: '#' }, { $ref: '#' }, { $ref: '#' }], properties: { name: {} } };
    const started = performance.now();
    expect(uiSchemaIssues({ nme: {} }, schema, '/uiSchema')).toEqual([
      { pointer: '/uiSchema/nme', message: "uiSchema names unknown field 'nme' — did you mean 'name'?", at: 'key' },
    ]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
