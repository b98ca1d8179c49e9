import { describe, expect, it } from 'vitest';
import { countLongWords, shouldClamp } from '../../src/blocks/testimonials/clamp';

describe('testimonial clamp rule', () => {
  const words = (n: number, word = 'word') => Array.from({ length: n }, () => word).join(' ');
  it('counts only words of three or more characters (punctuation ignored)', () => {
    expect(countLongWords('I am so happy, truly!')).toBe(2);
    expect(countLongWords('  ')).toBe(0);
  });
  it('clamps above 30 long words, not at 30', () => {
    expect(shouldClamp(words(30))).toBe(false);
    expect(shouldClamp(words(31))).toBe(true);
  });
  it('ignores short words when deciding', () => {
    expect(shouldClamp(`${words(30)} ${words(50, 'ok')}`)).toBe(false);
  });
  it('treats a missing caption as short', () => {
    expect(shouldClamp(undefined)).toBe(false);
  });
});

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
