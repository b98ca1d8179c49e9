import { createHash } from 'node:crypto';

/**
 * The two inline scripts of a server-rendered page that runs anything: INPUT_SCRIPT first in the
 * head keeps the visitor's input until the part it goes to runs and fetches the page's scripts after
 * the first paint (src/boot/input.ts); BOOT_SCRIPT at the end of the body enables the forms and runs
 * the app's entry (src/boot/boot.ts). `npm run generate` builds them into strings with their hashes
 * (scripts/lib/generate/boot-scripts.ts). Their texts never change (the lists they read are data),
 * so the Content-Security-Policy allows exactly them by their hashes (INPUT_SCRIPT_HASH, BOOT_SCRIPT_HASH).
 */
export { BOOT_DATA_ID, BOOT_SCRIPT, BOOT_SCRIPT_HASH, INPUT_SCRIPT, INPUT_SCRIPT_HASH } from '../src/generated/boot-scripts';

/**
 * The page's speculation rules: a link the visitor is about to follow (a pointer resting on it, or
 * pressed) is loaded before the click, so that following it is instant although most links of the
 * site's HTML are plain links (a full page load of the cached page). Pages outside /shop/ are
 * prerendered (their scripts run before they show). Pages under /shop/ are only fetched: their
 * scripts act on the visitor's cart and payment (entering a shop clears another shop's cart), which
 * must not happen for a page that is never shown. The API and the payment hand-over are left out.
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: { and: [{ href_matches: '/*' }, { not: { href_matches: '/shop/*' } }, { not: { href_matches: '/api/*' } }] },
      eagerness: 'moderate',
    },
  ],
  prefetch: [{ where: { href_matches: '/shop/*' }, eagerness: 'moderate' }],
});

/** The CSP source that allows SPECULATION_RULES. */
export const SPECULATION_RULES_HASH = `'sha256-${createHash('sha256').update(SPECULATION_RULES).digest('base64')}'`;
