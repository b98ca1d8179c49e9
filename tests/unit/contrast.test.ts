import { describe, expect, it } from 'vitest';
import { readableTextOn } from '../../src/lib/contrast';

describe('readable text on an editor-chosen colour', () => {
  it('picks dark ink on the light brand colours and white on dark ones', () => {
    expect(readableTextOn('#258bf5')).toBe('#0b1a2a');
    expect(readableTextOn('#40ecb8')).toBe('#0b1a2a');
    expect(readableTextOn('#0b2540')).toBe('#ffffff');
    expect(readableTextOn('#fff')).toBe('#0b1a2a');
  });
  it('leaves colours it cannot read alone', () => {
    expect(readableTextOn('blue')).toBeUndefined();
  });
});
