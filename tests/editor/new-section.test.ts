import { describe, expect, it } from 'vitest';
import { newSection } from '../../editor/src/core/model';

const section = (schema: Record<string, unknown>) => newSection({ type: 'tree', schema });

describe('a new section of a block whose schema contains itself', () => {
  it('follows the $ref back once along a path, and ends there', () => {
    expect(section({ type: 'object', required: ['next'], properties: { next: { $ref: '#' } } })).toEqual({
      type: 'tree',
      props: { next: { next: null } },
    });
    const list = {
      type: 'object',
      required: ['list'],
      properties: { list: { type: 'array', minItems: 1, items: { $ref: '#/properties/list' } } },
    };
    expect(section(list)).toEqual({ type: 'tree', props: { list: [[null]] } });
  });

  it('leaves an object deeper than 8 empty, as before', () => {
    let schema: Record<string, unknown> = { type: 'string' };
    for (let i = 0; i < 12; i++) schema = { type: 'object', required: ['x'], properties: { x: schema } };
    let value = section(schema).props as Record<string, unknown>;
    let depth = 0;
    while (value.x !== undefined) [value, depth] = [value.x as Record<string, unknown>, depth + 1];
    expect([depth, value]).toEqual([10, {}]);
  });
});
