import fastUri from 'fast-uri';
import { describe, expect, it } from 'vitest';
import shim from '../../src/forms/uri-shim';

/** The references rjsf resolves: fragments, relative files and paths, against a bare fragment or an absolute `$id`. */
const RESOLVE: Array<[string, string]> = [
  ['#', '#/definitions/country'],
  ['#', '#/$defs/a%20b'],
  ['#', 'fragments/phone.json#/definitions/phone'],
  ['https://example.com/forms/billing.json', '#/definitions/country'],
  ['https://example.com/forms/billing.json', 'fragments/phone.json'],
  ['https://example.com/forms/billing.json', '../shared/address.json#/$defs/zip'],
  ['https://example.com/forms/', 'contact.json'],
  ['urn:telmed:forms:billing', '#/definitions/x'],
  ['https://example.com/a/b', 'https://other.example/c.json'],
];

const EQUAL: Array<[string, string]> = [
  ['https://example.com/forms/billing.json', 'https://example.com/forms/billing.json'],
  ['https://EXAMPLE.com/forms/billing.json', 'https://example.com/forms/billing.json'],
  ['https://example.com/forms/billing.json', 'https://example.com/forms/contact.json'],
  ['https://example.com:443/x', 'https://example.com/x'],
  ['urn:telmed:forms:billing', 'urn:telmed:forms:billing'],
  ['urn:telmed:forms:billing', 'urn:telmed:forms:contact'],
];

describe('the fast-uri shim rjsf uses in the browser', () => {
  it.each(RESOLVE)('resolves %s + %s as fast-uri does', (base, ref) => {
    expect(shim.resolve(base, ref)).toBe(fastUri.resolve(base, ref));
  });

  it.each(EQUAL)('compares %s and %s as fast-uri does', (a, b) => {
    expect(shim.equal(a, b)).toBe(fastUri.equal(a, b));
  });

  it('keeps a reference it cannot resolve', () => {
    expect(shim.resolve('not a uri', '#/x')).toBe('#/x');
    expect(shim.equal('not a uri', 'another')).toBe(false);
  });
});
