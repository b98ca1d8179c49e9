/**
 * What @rjsf/utils needs of `fast-uri` (vite.config.ts aliases the package to this file): `resolve`
 * and `equal`, which rjsf calls only for schemas with `$id` or draft 2020-12 (`$schema`) references.
 * Our bundled forms have neither, so these run only if a form ever does; the platform's URL parser
 * does the work, where fast-uri's own parser cost the forms' pages ~7 kB of JavaScript.
 * tests/unit/uri-shim.test.ts checks it against fast-uri.
 */

/** `ref` resolved against `base` (a ref alone where the base is none or a bare fragment). */
function resolve(base: string | undefined, ref: string): string {
  if (!base || base.startsWith('#')) return ref;
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

/** Whether two URIs name the same resource (compared normalised where they parse). */
function equal(a: string, b: string): boolean {
  if (a === b) return true;
  try {
    return new URL(a).href === new URL(b).href;
  } catch {
    return false;
  }
}

export default { resolve, equal };
