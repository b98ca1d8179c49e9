/** Relative luminance (WCAG 2) of a #rgb or #rrggbb colour; null for anything else. */
export function luminance(hex: string): number | null {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const digits = match[1].length === 3 ? [...match[1]].map((d) => d + d).join('') : match[1];
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(digits.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The text colour (white or a near-black ink) with the higher contrast on a background chosen by
 * an editor, so content colours can never make a button unreadable.
 */
export function readableTextOn(background: string): string | undefined {
  const l = luminance(background);
  if (l === null) return undefined;
  const ink = '#0b1a2a';
  const inkL = luminance(ink) ?? 0;
  const onWhite = 1.05 / (l + 0.05);
  const onInk = (l + 0.05) / (inkL + 0.05);
  return onWhite >= onInk ? '#ffffff' : ink;
}
