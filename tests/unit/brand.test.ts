import { describe, expect, it } from 'vitest';
import {
  brandRule,
  brandVariables,
  contrastRatio,
  hexColour,
  parseDetails,
  resellerBranding,
  safeImageUrl,
  shadeForWhiteText,
  tintForInk,
  INK_ON_ACCENT,
} from '../../src/lib/brand';

const DEFAULTS = { name: 'Bantay Doc', logo: '/logo.svg' };

describe('reseller branding from the details JSON text', () => {
  it('reads name, logo, colours and tagline', () => {
    const details = JSON.stringify({
      name: 'Bayanihan Care',
      logo: '/content-images/logo.svg',
      primaryColor: '#7B3FE4',
      accentColor: '#fb0',
      tagline: 'Your doctor.',
    });
    expect(resellerBranding({ name: 'Demo Reseller', details }, DEFAULTS)).toEqual({
      name: 'Bayanihan Care',
      logo: '/content-images/logo.svg',
      tagline: 'Your doctor.',
      primary: '#7b3fe4',
      accent: '#ffbb00',
    });
  });

  it("falls back to the record's name, then the site's defaults, on bad or missing details", () => {
    for (const details of ['{not json', '[1,2]', 'null', '', undefined, 42]) {
      expect(resellerBranding({ name: 'Demo Reseller', details }, DEFAULTS)).toEqual({
        name: 'Demo Reseller',
        logo: '/logo.svg',
        tagline: undefined,
        primary: undefined,
        accent: undefined,
      });
    }
    expect(resellerBranding(undefined, DEFAULTS).name).toBe('Bantay Doc');
    expect(parseDetails('"text"')).toEqual({});
  });

  it('keeps only #rgb / #rrggbb colours and site-path or https logos', () => {
    expect(hexColour('red')).toBeUndefined();
    expect(hexColour('rgb(1,2,3)')).toBeUndefined();
    expect(hexColour('#12345')).toBeUndefined();
    expect(hexColour(' #ABCDEF ')).toBe('#abcdef');
    expect(safeImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(safeImageUrl('//evil.example/x.svg')).toBeUndefined();
    expect(safeImageUrl('http://plain.example/x.svg')).toBeUndefined();
    expect(safeImageUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    const branding = resellerBranding({ details: JSON.stringify({ primaryColor: 'purple', logo: 'javascript:alert(1)' }) }, DEFAULTS);
    expect(branding.primary).toBeUndefined();
    expect(branding.logo).toBe('/logo.svg');
  });
});

describe('accessible brand colours', () => {
  it('keeps a colour that already carries white text at AA, and darkens a light one until it does', () => {
    expect(shadeForWhiteText('#7b3fe4')).toBe('#7b3fe4');
    for (const light of ['#ffb020', '#40ecb8', '#ffffff', '#258bf5']) {
      const shaded = shadeForWhiteText(light);
      expect(contrastRatio(shaded, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('lightens a dark accent until the dark button text on it reaches AA', () => {
    const tinted = tintForInk('#1a1a5e');
    expect(contrastRatio(tinted, INK_ON_ACCENT)).toBeGreaterThanOrEqual(4.5);
    expect(tintForInk('#ffb020')).toBe('#ffb020');
  });

  it("re-brands the site's variables and Fluent's brand tokens, and nothing without colours", () => {
    const vars = brandVariables({ primary: '#ffb020', accent: '#7b3fe4' });
    expect(vars['--primary']).toBe('#ffb020');
    expect(contrastRatio(vars['--primary-text'], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(vars['--colorBrandBackground']).toBe(vars['--primary-text']);
    expect(contrastRatio(vars['--accent'], INK_ON_ACCENT)).toBeGreaterThanOrEqual(4.5);
    expect(brandVariables({})).toEqual({});
    expect(brandRule({})).toBe('');
    expect(brandRule({ '--primary': '#7b3fe4' })).toBe('html:root, body [class*="fui-FluentProvider"] { --primary: #7b3fe4; }');
  });
});
