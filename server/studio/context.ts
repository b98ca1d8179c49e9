import type { Db } from '../db';
import type { MailService } from '../mail/service';
import type { Product } from '../product';
import type { SharedState } from '../shared-state';
import type { SecretKeys } from './secret-box';

/** What the studio's route modules receive from buildStudio (app.ts). */

/** A session ends after 30 minutes without a request, and 12 hours after its sign-in whatever happens. */
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_ABSOLUTE_MS = 12 * 3_600_000;
/**
 * A session's last use is written at most once a minute: the editor's preview sends at every
 * keystroke, and a database write each time cost the send a few milliseconds for no gain. A session
 * thus ends between 29 and 30 minutes after its last request.
 */
export const SESSION_TOUCH_MS = 60_000;
/**
 * A new factor (a passkey) is added only within 10 minutes of a sign-in: a session left open on a
 * shared screen cannot give someone else a way in of their own without signing in again.
 */
export const RECENT_SIGN_IN_MS = 10 * 60_000;

/**
 * The header a state-changing request must carry besides its Origin (docs/studio.md, CSRF): a
 * cross-site form cannot send a custom header, and a cross-site fetch that sets one needs a CORS
 * preflight, which the studio never grants.
 */
export const CSRF_HEADER = 'x-studio-csrf';

/** The studio's context, given to its route modules. */
export interface StudioContext {
  db: Db;
  shared: SharedState;
  mail: MailService;
  product: Product;
  studioUrl: string;
  /** The site's public origin (PUBLIC_URL): where the content previews are; none, no previews. */
  siteUrl?: string;
  demo: boolean;
  /** The keys the accounts' TOTP secrets are sealed with (STUDIO_SECRET_KEY, and the previous one during a rotation). */
  secretKeys: SecretKeys;
  now: () => Date;
  cookieName: string;
  signInLimits: { perAccount: number; perClient: number };
  /** Set-Cookie value for a session id ('' with maxAge 0: the cookie removed). */
  cookie(value: string, maxAgeSeconds: number): string;
}
