import { useLayoutEffect } from 'react';
import { isObject } from '../../domain/guards';
import { luminance } from './contrast';

/**
 * The branding of a reseller-branded site (the reseller's `details` is JSON text
 * with name, logo, primaryColor, accentColor and tagline). Details come from the content service,
 * so nothing in them is trusted: bad JSON, missing keys, colours that are not #rgb/#rrggbb and logo
 * URLs that are neither site paths nor https fall back to the site's own defaults.
 */
export interface Branding {
  name: string;
  /** Site path or https URL of the logo; the site's logo when the details give none. */
  logo?: string;
  tagline?: string;
  /** #rrggbb, or undefined to keep the site's colour. */
  primary?: string;
  accent?: string;
}

export interface BrandDefaults {
  name: string;
  logo?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined);

/** The details JSON text as an object; {} for anything that is not a JSON object. */
export function parseDetails(details: unknown): Record<string, unknown> {
  if (isObject(details)) return details;
  if (typeof details !== 'string') return {};
  try {
    const parsed = JSON.parse(details) as unknown;
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** #rgb or #rrggbb as lower-case #rrggbb; undefined for anything else. */
export function hexColour(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw || luminance(raw) === null) return undefined;
  const digits = raw.slice(1);
  return `#${(digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits).toLowerCase()}`;
}

/** A logo URL the page may load: a site path ('/...') or https. */
export function safeImageUrl(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw) return undefined;
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  return /^https:\/\/[^\s]+$/i.test(raw) ? raw : undefined;
}

/** The branding of a reseller record ({ name, details }), with the site's defaults for whatever is missing. */
export function resellerBranding(reseller: { name?: unknown; details?: unknown } | undefined, defaults: BrandDefaults): Branding {
  const details = parseDetails(reseller?.details);
  return {
    name: text(details.name) ?? text(reseller?.name) ?? defaults.name,
    logo: safeImageUrl(details.logo) ?? defaults.logo,
    tagline: text(details.tagline),
    primary: hexColour(details.primaryColor),
    accent: hexColour(details.accentColor),
  };
}

// ---- Colours ------------------------------------------------------------------------------------

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a) ?? 0;
  const lb = luminance(b) ?? 0;
  const [hi, lo] = la > lb ? [la, lb] : [lb, la];
  return (hi + 0.05) / (lo + 0.05);
}

function channels(hex: string): [number, number, number] {
  return [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/** `hex` mixed with `toward` (#rrggbb) by `amount` (0..1). */
function mix(hex: string, toward: string, amount: number): string {
  const a = channels(hex);
  const b = channels(toward);
  return `#${a
    .map((c, i) =>
      Math.round(c + (b[i] - c) * amount)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;
}

const WHITE = '#ffffff';
/** The site's dark text on light brand surfaces (banner buttons on the accent). */
export const INK_ON_ACCENT = '#0b2e25';
/** WCAG AA for body text. */
const AA = 4.5;

/** The colour, darkened just enough for white text on it (and it as text on white) to reach `min`. */
export function shadeForWhiteText(hex: string, min = AA): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex, '#000000', step / 20);
    if (contrastRatio(candidate, WHITE) >= min) return candidate;
  }
  return '#000000';
}

/** The colour, lightened just enough for `ink` text on it to reach `min`. */
export function tintForInk(hex: string, ink = INK_ON_ACCENT, min = AA): string {
  for (let step = 0; step <= 20; step++) {
    const candidate = mix(hex, WHITE, step / 20);
    if (contrastRatio(candidate, ink) >= min) return candidate;
  }
  return WHITE;
}

/**
 * CSS custom properties that re-brand the site's styles (src/app/site.css: --primary,
 * --primary-text, --accent) and Fluent's brand tokens (buttons, links, checkboxes, focus lines) with
 * a reseller's colours. Text-bearing colours are shaded to WCAG AA (white on brand, brand on white,
 * ink on accent), as the site does with its own primary (docs/decisions.md, Contrast).
 */
export function brandVariables(branding: Pick<Branding, 'primary' | 'accent'>): Record<string, string> {
  const vars: Record<string, string> = {};
  if (branding.primary) {
    const text = shadeForWhiteText(branding.primary);
    const hover = mix(text, '#000000', 0.12);
    const pressed = mix(text, '#000000', 0.25);
    Object.assign(vars, {
      '--primary': branding.primary,
      '--primary-text': text,
      '--colorBrandBackground': text,
      '--colorBrandBackgroundHover': hover,
      '--colorBrandBackgroundPressed': pressed,
      '--colorBrandBackgroundSelected': hover,
      '--colorCompoundBrandBackground': text,
      '--colorCompoundBrandBackgroundHover': hover,
      '--colorCompoundBrandBackgroundPressed': pressed,
      '--colorBrandForeground1': text,
      '--colorBrandForeground2': hover,
      '--colorBrandForegroundLink': text,
      '--colorBrandForegroundLinkHover': hover,
      '--colorBrandForegroundLinkPressed': pressed,
      '--colorCompoundBrandForeground1': text,
      '--colorCompoundBrandForeground1Hover': hover,
      '--colorCompoundBrandStroke': text,
      '--colorCompoundBrandStrokeHover': hover,
      '--colorBrandStroke1': text,
    });
  }
  if (branding.accent) vars['--accent'] = tintForInk(branding.accent);
  return vars;
}

/** The style rule that applies `vars` to the whole app, portals (dialogs) included. */
export function brandRule(vars: Record<string, string>): string {
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}: ${value};`)
    .join(' ');
  // The theme's values are on :root (theme.css); Fluent sets its tokens with a theme class
  // (fui-FluentProviderr0...) on each provider and on every portal's mount node. These selectors match
  // all of them and are one step more specific, so the reseller's colours win everywhere (and go away
  // on unmount).
  return body ? `html:root, body [class*="fui-FluentProvider"] { ${body} }` : '';
}

const applied = new Map<string, { element: HTMLStyleElement; users: number }>();

/**
 * Applies the brand variables while the calling component is mounted (layout effect: before the
 * first paint, so the site's colours never flash). Several components may apply the same brand.
 */
export function useBrandVariables(vars: Record<string, string>): void {
  const rule = brandRule(vars);
  useLayoutEffect(() => {
    if (!rule || typeof document === 'undefined') return;
    let entry = applied.get(rule);
    if (!entry) {
      const element = document.createElement('style');
      element.dataset.brand = 'reseller';
      element.textContent = rule;
      document.head.appendChild(element);
      entry = { element, users: 0 };
      applied.set(rule, entry);
    }
    entry.users += 1;
    return () => {
      const current = applied.get(rule);
      if (!current) return;
      current.users -= 1;
      if (current.users === 0) {
        current.element.remove();
        applied.delete(rule);
      }
    };
  }, [rule]);
}
