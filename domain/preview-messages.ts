/**
 * The messages between the studio's Content screen and the preview page it frames (on the site's
 * origin; server/preview/live-script.ts): the studio says the draft changed, the page answers once
 * it shows it. Each side takes them only from the other's origin.
 */

/** The studio to the frame: `{ type: REFRESH_MESSAGE, version: number }`. */
export const REFRESH_MESSAGE = 'preview:refresh';
/** The frame to the studio, the version echoed: `{ type: SHOWN_MESSAGE, version: number }`. */
export const SHOWN_MESSAGE = 'preview:shown';
