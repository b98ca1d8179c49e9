/**
 * The message from the studio's Content screen to the preview page it frames (on the site's origin;
 * server/preview/live-script.ts): the draft changed, `{ type: REFRESH_MESSAGE, version: number }`.
 * The page takes it only from its parent window at the studio's origin.
 */
export const REFRESH_MESSAGE = 'preview:refresh';
