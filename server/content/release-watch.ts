import type { SharedState } from '../shared-state';

/**
 * How every instance learns of a new content release. The live release's number is the meta row
 * `content_release` of the database (written in the publish's own transaction); after the commit
 * the publisher announces it on the Redis channel CONTENT_RELEASE_CHANNEL (the message is the
 * number, in decimal). A missed message is caught by each instance's own check of the meta row.
 */
export const CONTENT_RELEASE_CHANNEL = 'content:release';
export const CONTENT_RELEASE_META = 'content_release';

/** Tells the other instances that `release` is live (nothing to do without Redis: they check the database). */
export async function announceRelease(shared: SharedState, release: number): Promise<void> {
  if (!shared.redis) return;
  await shared.redis.publish(CONTENT_RELEASE_CHANNEL, String(release));
}
