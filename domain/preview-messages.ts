/**
 * The messages from the studio's Content screen to the preview page it frames (on the site's origin;
 * server/preview/live-script.ts), taken only from its parent window at the studio's origin:
 * - `{ type: REFRESH_MESSAGE, seq?: number }`: the draft changed; `seq` names the studio's send of
 *   the unsaved content the page should show (the server waits for it);
 * - `{ type: PORT_MESSAGE }` with a MessagePort: later refreshes come on that port. A port's message
 *   leaves at once, where a window's waits for the studio's current task (its render of the change)
 *   to end.
 */
export const REFRESH_MESSAGE = 'preview:refresh';
export const PORT_MESSAGE = 'preview:port';
