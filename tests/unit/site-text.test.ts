import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillSiteText, fillSiteTexts, withValues } from '../../src/lib/site';

afterEach(() => {
  vi.useRealTimers();
});

describe('fillSiteTexts: the site-wide placeholders of a group of texts', () => {
  it('fills every string, deep in objects and lists, and leaves run-time placeholders and other values', () => {
    const props = { title: '{product}', texts: { memberPrice: '+{price} on {short}' }, items: ['© {year}', 3, true, null] };
    expect(fillSiteTexts(props)).toEqual({
      title: 'Bantay Doc',
      texts: { memberPrice: '+{price} on bantaydoc' },
      items: [`© ${new Date().getFullYear()}`, 3, true, null],
    });
    expect(props.title).toBe('{product}');
  });

  it('fills an object once, and again when the year turns', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2030, 11, 31, 23, 59));
    const footer = { copyright: '© {year} {product}' };
    const before = fillSiteTexts(footer);
    expect(fillSiteTexts(footer)).toBe(before);
    vi.setSystemTime(new Date(2031, 0, 1, 0, 1));
    expect(before.copyright).toBe('© 2030 Bantay Doc');
    expect(fillSiteTexts(footer).copyright).toBe('© 2031 Bantay Doc');
  });
});

describe('fillSiteText and withValues: one text', () => {
  it('fills the site-wide placeholders and the values given', () => {
    expect(fillSiteText('{product}: choose between 1 and {max}', { max: 4 })).toBe('Bantay Doc: choose between 1 and 4');
  });

  it('withValues fills only the values given (a block text the engine has filled)', () => {
    expect(withValues('From {price} ({product})', { price: '₱99.00' })).toBe('From ₱99.00 ({product})');
  });
});
