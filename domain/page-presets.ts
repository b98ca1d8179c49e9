import { isObject } from './guards';

/**
 * Text presets of pages.config.json: `presets` maps a name to a partial section (its `type`, and any
 * of `props`, `id`, `source`, ...); a section names one with `"preset": "<name>"` and states only
 * what differs. The section's keys win; objects are merged key by key (at any depth), every other
 * value (a string, a list) replaces the preset's. The site, the server and `npm run validate` all
 * read the config through resolvePresets, so a page renders exactly as if the preset were written out.
 */

/** A preset and a section merged: the section's values over the preset's, objects key by key. */
export function mergeOver(base: unknown, over: unknown): unknown {
  if (!isObject(base) || !isObject(over)) return over;
  const out: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(over)) out[key] = key in base ? mergeOver(base[key], value) : value;
  return out;
}

/** The section as the page renders it: its preset (when it names a known one) under its own keys, without `preset`. */
export function resolveSection(section: unknown, presets: Readonly<Record<string, unknown>>): unknown {
  if (!isObject(section) || typeof section.preset !== 'string') return section;
  const { preset: name, ...own } = section;
  const preset = Object.hasOwn(presets, name) ? presets[name] : undefined;
  return isObject(preset) ? mergeOver(preset, own) : own;
}

/** The config with every section's preset applied and `presets` itself left out. */
export function resolvePresets<T>(config: T): T {
  if (!isObject(config) || !Array.isArray(config.pages)) return config;
  const { presets: raw, ...rest } = config;
  const presets = isObject(raw) ? raw : {};
  const pages = config.pages.map((page: unknown) =>
    isObject(page) && Array.isArray(page.sections)
      ? { ...page, sections: page.sections.map((section: unknown) => resolveSection(section, presets)) }
      : page,
  );
  return { ...rest, pages } as T;
}
