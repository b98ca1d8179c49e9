import { describe, expect, it } from 'vitest';
import { kept } from '../../server/kept';

describe('kept values', () => {
  it('makes a value once per text while it is kept', () => {
    const values = kept<string>(2);
    let made = 0;
    const make = (text: string) => values.get(text, () => `${text}#${++made}`);
    expect([make('a'), make('a'), make('b'), make('a')]).toEqual(['a#1', 'a#1', 'b#2', 'a#1']);
    // A third text drops the first one put: made again when asked.
    expect(make('c')).toBe('c#3');
    expect(make('b')).toBe('b#2');
    expect(make('a')).toBe('a#4');
  });

  it('keeps at most `chars` characters of texts in all, the newest always', () => {
    const values = kept<number>({ count: 10, chars: 10 });
    let made = 0;
    const make = (text: string) => values.get(text, () => ++made);
    make('x'.repeat(6));
    make('y'.repeat(6));
    expect(make('x'.repeat(6))).toBe(3);
    expect(make('z'.repeat(20))).toBe(4);
    expect(make('z'.repeat(20))).toBe(4);
    expect(make('x'.repeat(6))).toBe(5);
  });
});
