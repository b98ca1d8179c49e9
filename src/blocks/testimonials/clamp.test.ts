import { describe, expect, it } from 'vitest';
import { clampText, countLongWords, shouldClamp } from './clamp';

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
  it('cuts a clamped text after its 30th long word, so "See more" always reveals the rest', () => {
    const text = `${Array.from({ length: 35 }, (_, i) => `word${i + 1} a`).join(' ')}.`;
    const clamped = clampText(text)!;
    expect(clamped).toBe(`${Array.from({ length: 30 }, (_, i) => `word${i + 1}`).join(' a ')}…`);
    expect(countLongWords(clamped)).toBe(30);
    expect(text.startsWith(clamped.slice(0, -1))).toBe(true);
    expect(countLongWords(text.slice(clamped.length - 1))).toBe(5);
  });
  it('keeps short words before the cut and drops the punctuation at it', () => {
    const text = `${words(29)} is done, and ${words(3)}`;
    expect(clampText(text)).toBe(`${words(29)} is done…`);
  });
  it('does not clamp a text of 30 long words or fewer', () => {
    expect(clampText(words(30))).toBeNull();
    expect(clampText(`${words(30)} ${words(50, 'ok')}`)).toBeNull();
    expect(clampText(null)).toBeNull();
  });
});
