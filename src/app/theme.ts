import { createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-theme';

/**
 * Brand ramp around the spec's primary #258bf5 (accent #40ecb8 is used by the site's CSS).
 * White text on #258bf5 has a contrast of 3.4:1, below WCAG AA for body text, so Fluent's
 * text-bearing brand tokens (buttons, links) use the ramp's 70 step (#0f6cd6, 5.1:1); large
 * decorative surfaces keep the exact primary.
 */
const brand: BrandVariants = {
  10: '#020a14',
  20: '#061a30',
  30: '#0a2a4f',
  40: '#0b3a70',
  50: '#0c4a90',
  60: '#0d5ab0',
  70: '#0f6cd6',
  80: '#258bf5',
  90: '#449bf6',
  100: '#5fa9f7',
  110: '#78b7f8',
  120: '#90c4f9',
  130: '#a7d1fa',
  140: '#bddefb',
  150: '#d3eafd',
  160: '#e9f4fe',
};

const base = createLightTheme(brand);

export const theme: Theme = {
  ...base,
  colorBrandBackground: brand[70],
  colorBrandBackgroundHover: brand[60],
  colorBrandBackgroundPressed: brand[40],
  colorBrandBackgroundSelected: brand[60],
  colorCompoundBrandBackground: brand[70],
  colorBrandForeground1: brand[70],
  colorBrandForegroundLink: brand[70],
  colorBrandForegroundLinkHover: brand[60],
  colorCompoundBrandForeground1: brand[70],
  colorCompoundBrandStroke: brand[70],
};
