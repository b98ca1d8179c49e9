import { describe, expect, it } from 'vitest';
import { inPrecedenceRange } from './range';

describe('section list precedence range', () => {
  const items = [{ precedence: 10 }, { precedence: 40 }, { precedence: 50 }, { precedence: null }];
  it('keeps everything without a range', () => {
    expect(inPrecedenceRange(items)).toHaveLength(4);
  });
  it('keeps the items inside an inclusive range', () => {
    expect(inPrecedenceRange(items, undefined, 40).map((i) => i.precedence)).toEqual([10, 40]);
    expect(inPrecedenceRange(items, 50).map((i) => i.precedence)).toEqual([50]);
    expect(inPrecedenceRange(items, 11, 49).map((i) => i.precedence)).toEqual([40]);
  });
});
