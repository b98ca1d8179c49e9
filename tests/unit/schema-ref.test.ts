import { describe, expect, it } from 'vitest';
import { resolveLocalRef } from '../../domain/schema-ref';

describe('local $ref', () => {
  const root = {
    definitions: {
      'a/b': { $ref: '#/definitions/text' },
      text: { type: 'string' },
      loop: { $ref: '#/definitions/loop' },
    },
  };

  it('follows a chain of references to the schema they stand for', () => {
    expect(resolveLocalRef({ $ref: '#/definitions/a~1b' }, root)).toBe(root.definitions.text);
  });

  it('keeps a schema without a reference, or whose reference leads nowhere or elsewhere', () => {
    const plain = { type: 'number' };
    expect(resolveLocalRef(plain, root)).toBe(plain);
    const missing = { $ref: '#/definitions/none' };
    expect(resolveLocalRef(missing, root)).toBe(missing);
    const remote = { $ref: 'other.json#/definitions/text' };
    expect(resolveLocalRef(remote, root)).toBe(remote);
  });

  it('stops on a loop', () => {
    expect(resolveLocalRef(root.definitions.loop, root)).toBe(root.definitions.loop);
  });
});
