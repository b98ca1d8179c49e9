import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';

/**
 * The studio's rights: one table of rules per role (@casl/ability). The server decides with it on
 * every request; GET /api/studio/me hands the signed-in account's rules to the browser, which builds
 * the same ability from them and only hides what the server would refuse. A person may hold several
 * roles: their rules add up. Anything no rule allows is refused (deny by default).
 */
export const ROLES = ['admin', 'editor', 'publisher', 'staff'] as const;
export type Role = (typeof ROLES)[number];

/** What a route does: read, comment, change (manage covers every action), export. */
export type Action = 'read' | 'comment' | 'manage' | 'export';
/**
 * What it does it to. Account: the accounts, their roles and factors. Audit: the audit trail.
 * Content: the site's content and pages (the editor, next). Desk: the staff desk (submissions,
 * orders, payment reviews, e-mails). Review: the review requests of content releases (approve,
 * send back). Self: the signed-in account's own session and factors. Settings: the studio's
 * settings (review before publish).
 */
export type Subject = 'Account' | 'Audit' | 'Content' | 'Desk' | 'Review' | 'Self' | 'Settings';
export type StudioAbility = MongoAbility<[Action, Subject]>;
type Rule = RawRuleOf<StudioAbility>;

/** Every signed-in account, whatever its roles, may see itself, sign out and change its own factors with a factor. */
const EVERYONE: readonly Rule[] = [{ action: 'manage', subject: 'Self' }];

export const RULES: Readonly<Record<Role, readonly Rule[]>> = {
  admin: [
    { action: 'manage', subject: 'Account' },
    { action: 'read', subject: 'Audit' },
    { action: 'export', subject: 'Audit' },
    { action: 'manage', subject: 'Settings' },
  ],
  // An editor asks for review and takes part in its thread; a publisher decides.
  editor: [
    { action: 'manage', subject: 'Content' },
    { action: 'read', subject: 'Review' },
    { action: 'comment', subject: 'Review' },
  ],
  publisher: [{ action: 'manage', subject: 'Review' }],
  staff: [{ action: 'manage', subject: 'Desk' }],
};

/** The rules of an account holding `roles` (an unknown role adds nothing). */
export function rulesFor(roles: readonly string[]): Rule[] {
  return [...EVERYONE, ...roles.flatMap((role) => (isRole(role) ? RULES[role] : []))];
}

export const abilityFor = (roles: readonly string[]): StudioAbility => createMongoAbility<StudioAbility>(rulesFor(roles));

export const isRole = (value: unknown): value is Role => typeof value === 'string' && (ROLES as readonly string[]).includes(value);

/**
 * What a studio route declares it needs: `public` (no account: sign-in, enrolment, health) or an
 * action on a subject. A route that declares nothing is not registered at all.
 */
export type Access = 'public' | { action: Action; subject: Subject };
